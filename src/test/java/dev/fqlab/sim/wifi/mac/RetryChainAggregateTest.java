package dev.fqlab.sim.wifi.mac;

import static org.assertj.core.api.Assertions.assertThat;

import dev.fqlab.sim.packet.Packet;
import dev.fqlab.sim.packet.PacketFifo;
import dev.fqlab.sim.scenario.AccessCategory;
import dev.fqlab.sim.scenario.AmpduSpec;
import dev.fqlab.sim.wifi.phy.PhyMode;
import dev.fqlab.sim.wifi.rc.RetryChain;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

/**
 * The aggregate for a retry chain, ath9k's {@code ath_lookup_rate} (drivers/net/wireless/ath/ath9k/xmit.c, Linux
 * 6.18): at most the 4 ms length of the slowest series, and a rate-control probe alone.
 */
class RetryChainAggregateTest {

    private static PacketFifo queueOf(int packets, int ipBytes) {
        PacketFifo fifo = new PacketFifo();
        for (int i = 0; i < packets; i++) {
            Packet p = new Packet();
            p.ipBytes = ipBytes;
            p.length = ipBytes + 14;
            fifo.add(p);
        }
        return fifo;
    }

    private static Ppdu build(RetryChain chain, int packets, int ipBytes) {
        PpduBuilder builder = new PpduBuilder(AmpduSpec.SCHEMA.builder().set("enabled", true)
                .set("maxSubframes", 64).build());
        BlockAckSession ba = new BlockAckSession(new ReorderBuffer((p, now) -> { }));
        PacketFifo fifo = queueOf(packets, ipBytes);
        Ppdu ppdu = new Ppdu(64);
        builder.build(ppdu, 0, 0, AccessCategory.BE.ordinal(), ba, now -> fifo.poll(), chain, true,
                PpduBuilder.NO_LIMIT, 0);
        return ppdu;
    }

    @Test
    void theSlowestSeriesSetsTheLength() {
        // ath_max_framelen(4096, MCS 0, HT20, LGI): (4096 − 36) >> 2 = 1015 symbols · 26 − 22 = 26 368 bits = 3296
        // bytes: two 1544-byte subframes (3088), not three (4632). MCS 7 alone: 1015 · 260 − 22 = 263 878 bits =
        // 32 984 bytes: 21 subframes.
        RetryChain chain = new RetryChain();
        chain.clear();
        chain.add(7, PhyMode.ht(7, 20, false), 2, false);
        assertThat(build(chain, 100, 1500).count()).isEqualTo(21);
        chain.add(5, PhyMode.ht(5, 20, false), 2, true);
        chain.add(3, PhyMode.ht(3, 20, false), 2, true);
        chain.add(0, PhyMode.ht(0, 20, false), 2, true);
        Ppdu ppdu = build(chain, 100, 1500);
        assertThat(ppdu.count()).isEqualTo(2);
        assertThat(ppdu.aggregated).isTrue();
        // timed at the first series, and the first series' RTS flag (none)
        assertThat(ppdu.ppduNs).isEqualTo(PhyMode.ht(7, 20, false).ppduNs(2 * 1544));
        assertThat(ppdu.rts).isFalse();
    }

    @Test
    void aProbeGoesAloneWithAnAck() {
        RetryChain chain = new RetryChain();
        chain.clear();
        chain.probe(true);
        chain.add(7, PhyMode.ht(7, 20, false), 1, false);
        chain.add(3, PhyMode.ht(3, 20, false), 4, true);
        Ppdu ppdu = build(chain, 100, 1500);
        assertThat(ppdu.count()).isEqualTo(1);
        assertThat(ppdu.aggregated).isFalse(); // IEEE80211_TX_CTL_RATE_CTRL_PROBE: ath_lookup_rate returns 0
    }

    /** Whatever the chain (1, 2 or 4 streams, where ath9k's HT-LTF count agrees with the standard's), its slowest
     * series sends the A-MPDU in at most 4096 µs, and no series could carry one more subframe in that time. */
    @Property(tries = 200)
    void neverLongerThan4msAtTheSlowestSeries(@ForAll @IntRange(min = 0, max = 31) int m0,
                                              @ForAll @IntRange(min = 0, max = 31) int m1,
                                              @ForAll @IntRange(min = 0, max = 31) int m2,
                                              @ForAll @IntRange(min = 0, max = 31) int m3,
                                              @ForAll @IntRange(min = 1, max = 4) int series,
                                              @ForAll boolean ht40, @ForAll boolean sgi,
                                              @ForAll @IntRange(min = 60, max = 1500) int ipBytes) {
        int[] mcs = {m0, m1, m2, m3};
        RetryChain chain = new RetryChain();
        chain.clear();
        long slowest = 0;
        for (int i = 0; i < series; i++) {
            int m = mcs[i] / 8 == 2 ? mcs[i] - 8 : mcs[i]; // no 3-stream MCS: ath9k counts 12 µs of HT-LTF there
            chain.add(m, PhyMode.ht(m, ht40 ? 40 : 20, sgi), 2, i > 0);
        }
        Ppdu ppdu = build(chain, 200, ipBytes);
        for (int i = 0; i < series; i++) {
            slowest = Math.max(slowest, chain.mode(i).ppduNs(ppdu.psduBytes()));
        }
        assertThat(slowest).isLessThanOrEqualTo(4_096_000L);
        int subframe = dev.fqlab.sim.wifi.phy.MacFraming.subframeBytes(
                dev.fqlab.sim.wifi.phy.MacFraming.mpduBytes(ipBytes));
        if (ppdu.count() < 64) {
            long withOneMore = 0;
            for (int i = 0; i < series; i++) {
                withOneMore = Math.max(withOneMore, Ath9kAggregateLimit.maxFramelen(4096, chain.mode(i).mcs(), ht40,
                        sgi) < ppdu.psduBytes() + subframe ? 1 : 0);
            }
            assertThat(withOneMore).as("one more subframe would break a series' 4 ms length").isEqualTo(1);
        }
    }
}
