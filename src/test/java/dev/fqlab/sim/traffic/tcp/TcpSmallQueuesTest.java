package dev.fqlab.sim.traffic.tcp;

import static org.assertj.core.api.Assertions.assertThat;

import dev.fqlab.sim.packet.Truesize;
import org.junit.jupiter.api.Test;

/** kernel-spec §6: limit = max(2 × truesize, pacingRate >> pacingShift), capped, doubled for retransmissions. */
class TcpSmallQueuesTest {

    /** 100 Mbit/s = 12 500 000 bytes per second. */
    private static final long RATE_100_MBPS = 12_500_000;
    /** A full segment: 1448 + 52 = 1500-byte IP packet, 1514 with the Ethernet header. */
    private static final int SEGMENT = Truesize.of(1514);

    @Test
    void aFullSegmentsTruesizeIsTwoKilobytesOfSlabPlusTheSkb() {
        // 1514 + 64 headroom = 1578 bytes of data → a 2048-byte slab, plus sk_buff and skb_shared_info (576)
        assertThat(SEGMENT).isEqualTo(2048 + 576);
    }

    @Test
    void theShiftTurnsThePacingRateIntoBytesBelowTcp() {
        // 12 500 000 >> 10 = 12 500 000 / 1024 = 12 207.03 → 12 207 bytes, about 1 ms of data
        assertThat(TcpSmallQueues.limit(RATE_100_MBPS, 10, SEGMENT, 0)).isEqualTo(12_207);
        // >> 9: / 512 = 24 414.06
        assertThat(TcpSmallQueues.limit(RATE_100_MBPS, 9, SEGMENT, 0)).isEqualTo(24_414);
        // >> 8: / 256 = 48 828.1, about 4 ms (the mac80211 value of 4.16-5.0)
        assertThat(TcpSmallQueues.limit(RATE_100_MBPS, 8, SEGMENT, 0)).isEqualTo(48_828);
        // >> 7: / 128 = 97 656.25, about 8 ms (the later mac80211 default)
        assertThat(TcpSmallQueues.limit(RATE_100_MBPS, 7, SEGMENT, 0)).isEqualTo(97_656);
    }

    @Test
    void twoSegmentsAreAlwaysAllowed() {
        // 1 Mbit/s: 125 000 >> 10 = 122 bytes, below the floor of 2 × 2624 = 5248
        assertThat(TcpSmallQueues.limit(125_000, 10, SEGMENT, 0)).isEqualTo(5_248);
        // no pacing rate yet: the floor alone
        assertThat(TcpSmallQueues.limit(0, 10, SEGMENT, 0)).isEqualTo(2L * SEGMENT);
        // shift 0 would allow a whole second of data, but tcp_limit_output_bytes (256 KB in 4.16) caps it
        assertThat(TcpSmallQueues.limit(RATE_100_MBPS, 0, SEGMENT, 0)).isEqualTo(262_144);
    }

    @Test
    void retransmissionsMayUseTwiceTheLimit() {
        assertThat(TcpSmallQueues.limit(RATE_100_MBPS, 10, SEGMENT, 1)).isEqualTo(2 * 12_207);
        assertThat(TcpSmallQueues.limit(125_000, 10, SEGMENT, 1)).isEqualTo(2 * 5_248);
    }

    @Test
    void theCheckIsStrictAndNeverStopsAnIdleSocket() {
        assertThat(TcpSmallQueues.throttles(12_207, 12_207, false)).isFalse(); // at the limit: one more may go
        assertThat(TcpSmallQueues.throttles(12_208, 12_207, false)).isTrue();
        assertThat(TcpSmallQueues.throttles(1_000_000, 12_207, true)).isFalse(); // nothing unacknowledged
    }
}
