package dev.fqlab.sim.traffic.tcp;

import static org.assertj.core.api.Assertions.assertThat;

import dev.fqlab.sim.kernel.KernelProfile;
import dev.fqlab.sim.kernel.TcpRules;
import dev.fqlab.sim.packet.Packet;
import dev.fqlab.sim.packet.Truesize;
import org.junit.jupiter.api.Test;

/**
 * tcp_tso_autosize and TCP Small Queues' budget by kernel profile, each worked by hand from net/ipv4/tcp_output.c
 * (v4.16, v5.18+) and tcp_ipv4.c's tcp_limit_output_bytes of each version.
 */
class TsoAutosizeAndTsqTest {
    private static final int MSS = 1448;
    /** 100 Mbit/s in bytes per second. */
    private static final long RATE_100_MBPS = 12_500_000;
    private static final TcpRules V4_16 = KernelProfile.LINUX_4_16.tcp();
    private static final TcpRules V6_12 = KernelProfile.LINUX_6_12.tcp();

    @Test
    void beforeFiveEighteenAnSkbCarriesAboutOneMillisecondOfData() {
        // 12500000 >> 10 = 12207 bytes; 12207 / 1448 = 8 segments
        assertThat(TsoAutosize.segments(RATE_100_MBPS, 10, MSS, 10_000, V4_16)).isEqualTo(8);
        // shift 8: 48828 / 1448 = 33
        assertThat(TsoAutosize.segments(RATE_100_MBPS, 8, MSS, 10_000, V4_16)).isEqualTo(33);
        // 1 Gbit/s: 125000000 >> 10 = 122070, capped at 65536 - 1 - 320 = 65215 bytes: 45 segments
        assertThat(TsoAutosize.segments(125_000_000, 10, MSS, 10_000, V4_16)).isEqualTo(45);
        // 1 Mbit/s: 125000 >> 10 = 122 bytes, less than a segment: tcp_min_tso_segs, 2
        assertThat(TsoAutosize.segments(125_000, 10, MSS, 10_000, V4_16)).isEqualTo(2);
    }

    @Test
    void fromFiveEighteenCloserPeersGetBiggerSkbs() {
        // min_rtt 10 ms: 10000 >> 9 = 19, 65215 >> 19 = 0: still 8 segments
        assertThat(TsoAutosize.segments(RATE_100_MBPS, 10, MSS, 10_000, V6_12)).isEqualTo(8);
        // min_rtt 1 ms: 1000 >> 9 = 1, 12207 + (65215 >> 1 = 32607) = 44814 bytes: 30 segments
        assertThat(TsoAutosize.segments(RATE_100_MBPS, 10, MSS, 1_000, V6_12)).isEqualTo(30);
        // min_rtt 100 µs: r = 0, 12207 + 65215 capped at 65215: 45 segments
        assertThat(TsoAutosize.segments(RATE_100_MBPS, 10, MSS, 100, V6_12)).isEqualTo(45);
    }

    @Test
    void tsqCapIsTheVersionsTcpLimitOutputBytes() {
        assertThat(KernelProfile.LINUX_4_16.tcp().limitOutputBytes()).isEqualTo(262_144);
        assertThat(KernelProfile.LINUX_5_10.tcp().limitOutputBytes()).isEqualTo(16 * 65_536);
        assertThat(KernelProfile.LINUX_6_12.tcp().limitOutputBytes()).isEqualTo(16 * 65_536);
        assertThat(KernelProfile.LINUX_6_18.tcp().limitOutputBytes()).isEqualTo(4 << 20);
    }

    @Test
    void tsqBudgetByProfileAndPacingStatus() {
        int truesize = 2_624;
        // 400 MB/s >> 10 = 390625 bytes
        long rate = 400_000_000;
        // v4.16 caps every socket at 262144
        TcpSmallQueues old = new TcpSmallQueues(10, V4_16, 1448);
        // v6.12: an unpaced socket at 1 MiB (390625 is below it), a paced one uncapped
        assertThat(TcpSmallQueues.limit(rate, 10, truesize, 0, V4_16.limitOutputBytes())).isEqualTo(262_144);
        assertThat(TcpSmallQueues.limit(rate, 10, truesize, 0, V6_12.limitOutputBytes())).isEqualTo(390_625);
        // 2 GB/s >> 10 = 1953125: capped at 1048576 unless paced
        assertThat(TcpSmallQueues.limit(2_000_000_000, 10, truesize, 0, V6_12.limitOutputBytes()))
                .isEqualTo(1_048_576);
        assertThat(TcpSmallQueues.limit(2_000_000_000, 10, truesize, 0, Long.MAX_VALUE)).isEqualTo(1_953_125);
        // the floor: two skbs' truesize
        assertThat(TcpSmallQueues.limit(125_000, 10, truesize, 0, V6_12.limitOutputBytes())).isEqualTo(5_248);
        // through the account: v4.16 holds a paced socket at 262144, v6.12 lets it have its 1953125
        TcpSmallQueues paced = new TcpSmallQueues(10, V6_12, 1448);
        for (int i = 0; i < 200; i++) {
            old.charge(new Packet(), truesize);
            paced.charge(new Packet(), truesize);
        }
        // 200 × 2624 = 524800 bytes below TCP
        assertThat(old.holds(2_000_000_000, true, truesize, false, false)).isTrue();
        assertThat(paced.holds(2_000_000_000, true, truesize, false, false)).isFalse();
        assertThat(paced.holds(2_000_000_000, false, truesize, false, false)).isFalse(); // 524800 < 1048576
    }

    @Test
    void withoutGsoEverySegmentCountsItsLinearMssSkb() {
        // v4.16 (no GSO on a device without SG): every data segment is an skb of mss_cache + MAX_TCP_HEADER,
        // 1448 + 320 -> kmalloc-4096, truesize 4352, whatever its payload; from v4.17 fqlab keeps the generic figure,
        // 2624 for a 1514-byte frame
        TcpSmallQueues old = new TcpSmallQueues(10, V4_16, 1448);
        assertThat(old.truesize(1500)).isEqualTo(4352);
        assertThat(old.truesize(52 + 100)).isEqualTo(4352);
        assertThat(new TcpSmallQueues(10, V6_12, 1448).truesize(1500)).isEqualTo(2624);
        // TSQ's floor is then 2 × 4352 = 8704 bytes: at 12.5 MB/s >> 10 = 12207 the rate rules, below it the floor
        assertThat(TcpSmallQueues.limit(12_500_000, 10, 4352, 0)).isEqualTo(12_207);
        assertThat(TcpSmallQueues.limit(5_000_000, 10, 4352, 0)).isEqualTo(8704);
    }

    @Test
    void aGsoSkbsTruesizeIsItsHeadPlusItsPayload() {
        // tcp_stream_alloc_skb: alloc_skb_fclone(MAX_TCP_HEADER = 320): SKB_DATA_ALIGN(320) + 320 of shared info = 640
        // -> kmalloc-1024; truesize = SKB_TRUESIZE(1024 - 320) = 704 + 256 + 320 = 1280 (before v6.3)
        assertThat(Truesize.allocSkb(320)).isEqualTo(1280);
        assertThat(KernelProfile.LINUX_5_10.tcp().gsoHeadTruesize()).isEqualTo(1280);
        assertThat(KernelProfile.LINUX_6_1.tcp().gsoHeadTruesize()).isEqualTo(1280);
        // v6.3+: skb_small_head_cache objects of SKB_SMALL_HEAD_CACHE_SIZE = 640 (not a power of two):
        // SKB_TRUESIZE(640 - 320) = 320 + 256 + 320 = 896
        assertThat(KernelProfile.LINUX_6_6.tcp().gsoHeadTruesize()).isEqualTo(896);
        assertThat(KernelProfile.LINUX_6_18.tcp().gsoHeadTruesize()).isEqualTo(896);
        assertThat(V4_16.gsoHeadTruesize()).isZero();
        // a 64 KB GSO skb: 45 segments of 1448 = 65160 bytes of page fragments (each copy adds its length)
        assertThat(Truesize.gsoSkb(1280, 45 * 1448)).isEqualTo(66_440);
        assertThat(Truesize.gsoSkb(896, 45 * 1448)).isEqualTo(66_056);
    }

    @Test
    void fromFourSeventeenTsqsFloorIsTwoAutosizedGsoSkbs() {
        long unknownMinRtt = Long.MAX_VALUE;
        TcpSmallQueues v612 = new TcpSmallQueues(10, V6_12, MSS);
        TcpSmallQueues v510 = new TcpSmallQueues(10, KernelProfile.LINUX_5_10.tcp(), MSS);
        // 100 Mbit/s, min_rtt 10 ms: 8 segments (above); 896 + 8 × 1448 = 12480
        int gso = v612.checkedTruesize(1500, RATE_100_MBPS, 10_000, Long.MAX_VALUE);
        assertThat(gso).isEqualTo(12_480);
        // limit = max(2 × 12480, 12207) = 24960: twice the pacing term, where one-segment skbs gave 12207
        assertThat(TcpSmallQueues.limit(RATE_100_MBPS, 10, gso, 0, V6_12.limitOutputBytes())).isEqualTo(24_960);
        // 5.10: the kmalloc head, 1280 + 11584 = 12864
        assertThat(v510.checkedTruesize(1500, RATE_100_MBPS, unknownMinRtt, Long.MAX_VALUE)).isEqualTo(12_864);
        // min_rtt 1 ms on 6.12: 30 segments, 896 + 43440 = 44336
        assertThat(v612.checkedTruesize(1500, RATE_100_MBPS, 1_000, Long.MAX_VALUE)).isEqualTo(44_336);
        // 1 Gbit/s: 45 segments, the 64 KB skb: limit max(2 × 66056, 122070) = 132112
        int big = v612.checkedTruesize(1500, 125_000_000, 10_000, Long.MAX_VALUE);
        assertThat(big).isEqualTo(66_056);
        assertThat(TcpSmallQueues.limit(125_000_000, 10, big, 0, V6_12.limitOutputBytes())).isEqualTo(132_112);
        // the window's quota cuts the skb (tcp_mss_split_point): 3 segments, 896 + 4344 = 5240
        assertThat(v612.checkedTruesize(1500, RATE_100_MBPS, 10_000, 3)).isEqualTo(5_240);
        // a one-segment skb (a retransmission) of a 100-byte payload: 896 + 100
        assertThat(v612.checkedTruesize(52 + 100, RATE_100_MBPS, 10_000, 1)).isEqualTo(996);
        // 1 Mbit/s: tcp_min_tso_segs, 2: 896 + 2896 = 3792
        assertThat(v612.checkedTruesize(1500, 125_000, 10_000, Long.MAX_VALUE)).isEqualTo(3_792);
        // v4.16 has no GSO on ath9k: the linear skb whatever the rate
        assertThat(new TcpSmallQueues(10, V4_16, MSS).checkedTruesize(1500, RATE_100_MBPS, 10_000, 100))
                .isEqualTo(4352);
    }

    @Test
    void theGsoFloorLetsASocketQueueTwoSkbsBelowTcp() {
        TcpSmallQueues tsq = new TcpSmallQueues(10, V6_12, MSS);
        int gso = tsq.checkedTruesize(1500, RATE_100_MBPS, 10_000, Long.MAX_VALUE);
        // 9 segments of 2624 = 23616 bytes below TCP: over 12207 (1 ms at 100 Mbit/s), under 2 × 12480 = 24960
        for (int i = 0; i < 9; i++) {
            tsq.charge(new Packet(), 2_624);
        }
        assertThat(tsq.holds(RATE_100_MBPS, true, gso, false, false)).isFalse();
        // a tenth: 26240 > 24960
        tsq.charge(new Packet(), 2_624);
        assertThat(tsq.holds(RATE_100_MBPS, true, gso, false, false)).isTrue();
    }
}
