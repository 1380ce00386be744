package dev.fqlab.sim.wifi.mac;

import static org.assertj.core.api.Assertions.assertThat;

import dev.fqlab.sim.WifiScenarios;
import dev.fqlab.sim.packet.Packet;
import dev.fqlab.sim.packet.PacketFifo;
import dev.fqlab.sim.scenario.AccessCategory;
import dev.fqlab.sim.scenario.AmpduSpec;
import dev.fqlab.sim.scenario.schema.RecordSchema;
import dev.fqlab.sim.wifi.phy.PhyMode;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A-MPDU formation limits (kernel-spec §5.1, §9.1): subframes, bytes, ath9k's 4096 µs cap, the BlockAck window. */
class PpduBuilderTest {

    private final List<Packet> delivered = new ArrayList<>();

    private static PacketFifo queueOf(int packets, int ipBytes) {
        PacketFifo fifo = new PacketFifo();
        for (int i = 0; i < packets; i++) {
            Packet p = new Packet();
            p.ipBytes = ipBytes;
            p.length = ipBytes + 14;
            p.seq = i;
            fifo.add(p);
        }
        return fifo;
    }

    private BlockAckSession session() {
        return new BlockAckSession(new ReorderBuffer((p, now) -> delivered.add(p)));
    }

    /** A-MPDU on with {@code maxSubframes}, the rest the declared defaults (65535 bytes, 4096 µs). */
    private static RecordSchema.Builder<AmpduSpec> ampdu(int maxSubframes) {
        return AmpduSpec.SCHEMA.builder().set("enabled", true).set("maxSubframes", maxSubframes);
    }

    private static Ppdu build(PpduBuilder builder, BlockAckSession ba, PacketFifo fifo, PhyMode phy) {
        return build(builder, ba, fifo, phy, AccessCategory.BE);
    }

    private static Ppdu build(PpduBuilder builder, BlockAckSession ba, PacketFifo fifo, PhyMode phy,
                              AccessCategory ac) {
        Ppdu ppdu = new Ppdu(64);
        builder.build(ppdu, 0, 0, ac.ordinal(), ba, now -> fifo.poll(), phy, true, 0);
        return ppdu;
    }

    @Test
    void stopsAtMaxSubframes() {
        // HT20 MCS 15: 4096 µs hold 65532 bytes (ath_max_framelen's cap), i.e. 42 subframes of 1544: 32 bind first
        var ppdu = build(new PpduBuilder(WifiScenarios.ampdu(true)), session(), queueOf(100, 1500),
                PhyMode.ht(15, 20, false));
        assertThat(ppdu.count()).isEqualTo(32);
        assertThat(ppdu.psduBytes()).isEqualTo(32 * 1544);
        assertThat(ppdu.aggregated).isTrue();
    }

    @Test
    void stopsAtMaxBytes() {
        // 1500-byte IP packet: MPDU 26 + 8 + 1500 + 4 = 1538, subframe 4 + 1538 padded to 1544; 42 × 1544 = 64848
        // fits in 65535, a 43rd does not. HT40 MCS 15 (N_DBPS 1080) holds 1014 × 1080 bits ≈ 137 KB in 4096 µs,
        // capped by ath_max_framelen at 65532 bytes: the 42 subframes fit that too.
        var ppdu = build(new PpduBuilder(ampdu(64).build()), session(), queueOf(100, 1500),
                PhyMode.ht(15, 40, false));
        assertThat(ppdu.count()).isEqualTo(42);
    }

    @Test
    void stopsAtTheFourMillisecondCap() {
        // HT20 MCS 0, ath_max_framelen(4096): (4096 − 36) >> 2 = 1015 symbols × 26 = 26390 bits − 22 = 26368 / 8 =
        // 3296 bytes. Two subframes (3088 bytes) fit, a third (4632) does not (kernel-spec §9.1: "2×1500 B").
        PacketFifo fifo = queueOf(10, 1500);
        BlockAckSession ba = session();
        var ppdu = build(new PpduBuilder(WifiScenarios.ampdu(true)), ba, fifo, PhyMode.ht(0, 20, false));
        assertThat(ppdu.count()).isEqualTo(2);
        // the third frame already left its queue: it waits, parked, for the next PPDU
        assertThat(fifo.packets()).isEqualTo(7);
        assertThat(ba.queued()).isEqualTo(1);
        assertThat(ppdu.ppduNs).isLessThanOrEqualTo(4_096_000);
    }

    @Test
    void ath9kCapsAnAggregateAt4096MicrosecondsNot4000() {
        // drivers/net/wireless/ath/ath9k/xmit.c (Linux 6.10), ath_update_max_aggr_framelen: "4ms is the default (and
        // maximum) duration": if (!txop || txop > 4096) txop = 4096; BE has TXOP limit 0, so 4096 µs.
        // ath_max_framelen(4096, MCS 7, HT20, long GI): usec = 4096 − (8 + 8 + 4 + 8 + 4 + 4·1) = 4060;
        // symbols = 4060 >> 2 = 1015; bits = 1015 × 260 − 22 = 263878; bytes = 263878 / 8 = 32984.
        // ath_tx_form_aggr adds a 1538-byte MPDU while al + bpad + (4 + 1538) ≤ 32984, al + bpad = 1544·n after n
        // frames: 1544·20 + 1542 = 32422 ≤ 32984, 1544·21 + 1542 = 33966 > 32984, so 21 subframes.
        // With a 4000 µs cap: (4000 − 36) >> 2 = 991 symbols, 991 × 260 − 22 = 257638 bits, 32204 bytes: 20.
        assertThat(Ath9kAggregateLimit.maxFramelen(4096, 7, false, false)).isEqualTo(32984);
        var ppdu = build(new PpduBuilder(WifiScenarios.ampdu(true)), session(), queueOf(40, 1500),
                PhyMode.ht(7, 20, false));
        assertThat(ppdu.count()).isEqualTo(21);
        // 21 × 1544 = 32424 bytes: ⌈(16 + 8·32424 + 6) / 260⌉ = 998 symbols = 3992 µs + 36 µs preamble = 4028 µs
        assertThat(ppdu.ppduNs).isEqualTo(4_028_000);
    }

    @Test
    void aTxopLimitShortensTheAggregateAsAth9kDoes() {
        // VI's TXOP limit, 3008 µs (EDCA default, 94 × 32 µs), is below 4096: ath_max_framelen(3008, MCS 7, HT20) =
        // ((3008 − 36) >> 2) × 260 − 22 = 743 × 260 − 22 = 193158 bits → 24144 bytes; 1544·14 + 1542 = 23158 fits,
        // 1544·15 + 1542 = 24702 does not: 15 subframes.
        var ppdu = build(new PpduBuilder(WifiScenarios.ampdu(true)), session(), queueOf(40, 1500),
                PhyMode.ht(7, 20, false), AccessCategory.VI);
        assertThat(ppdu.count()).isEqualTo(15);
    }

    @Test
    void ath9kFrameLengthsInTheKernelsIntegerArithmetic() {
        // ath_max_framelen(usec, mcs, ht40, sgi), worked by hand:
        // HT20 MCS 0 long GI: (4096 − 36) >> 2 = 1015; 1015 × 26 − 22 = 26368 bits → 3296 bytes
        assertThat(Ath9kAggregateLimit.maxFramelen(4096, 0, false, false)).isEqualTo(3296);
        // HT20 MCS 7 short GI: TIME_SYMBOLS_HALFGI(4060) = (4060·5 − 4) / 18 = 20296 / 18 = 1127;
        // 1127 × 260 − 22 = 292998 bits → 36624 bytes
        assertThat(Ath9kAggregateLimit.maxFramelen(4096, 7, false, true)).isEqualTo(36624);
        // HT20 MCS 16 (3 streams, BPSK): HT_LTF(3) = 12 µs: (4096 − 44) >> 2 = 1013; 1013 × 26 × 3 − 22 = 78992
        // bits → 9874 bytes (the standard's 4 HT-LTFs, 16 µs, would leave 1012 symbols: 9864 bytes)
        assertThat(Ath9kAggregateLimit.maxFramelen(4096, 16, false, false)).isEqualTo(9874);
        // HT40 MCS 15: (4096 − 40) >> 2 = 1014; 1014 × 540 × 2 − 22 = 1095098 bits → 136887, capped at 65532
        assertThat(Ath9kAggregateLimit.maxFramelen(4096, 15, true, false)).isEqualTo(65532);
        // the TXOP rule: 0 (no limit) and anything above 4096 become 4096; VI's 3008 and VO's 1504 stay
        assertThat(Ath9kAggregateLimit.durationUs(0)).isEqualTo(4096);
        assertThat(Ath9kAggregateLimit.durationUs(8192)).isEqualTo(4096);
        assertThat(Ath9kAggregateLimit.durationUs(3008)).isEqualTo(3008);
    }

    @Test
    void sendsOneMpduWithoutAggregation() {
        var ppdu = build(new PpduBuilder(WifiScenarios.ampdu(false)), session(), queueOf(10, 1500),
                PhyMode.legacy(54));
        assertThat(ppdu.count()).isEqualTo(1);
        assertThat(ppdu.aggregated).isFalse();
        // 802.11a at 54 Mbit/s: a 1538-byte MPDU is ⌈(16 + 8·1538 + 6)/216⌉ = ⌈57.06⌉ = 58 symbols: 20 + 232 µs
        assertThat(ppdu.ppduNs).isEqualTo(252_000);
    }

    @Test
    void retriesGoFirstAndTheBlockAckWindowLimitsNewFrames() {
        var builder = new PpduBuilder(ampdu(64).set("maxBytes", 1048575).build());
        PhyMode vht = PhyMode.vht(9, 4, 80, true);
        BlockAckSession ba = session();
        PacketFifo fifo = queueOf(200, 1500);
        Ppdu first = build(builder, ba, fifo, vht);
        assertThat(first.count()).isEqualTo(64);
        // nothing acknowledged yet: the 64-frame window is full, no new frame may go out
        assertThat(build(builder, ba, fifo, vht).count()).isZero();
        // MPDU 0 failed, 1..63 acknowledged: the retry goes first, then new frames up to seq 0 + 64
        ba.failed(first.mpdu(0));
        for (int i = 1; i < 64; i++) {
            ba.acknowledged(first.mpdu(i), 0);
        }
        Ppdu second = build(builder, ba, fifo, vht);
        assertThat(second.mpdu(0)).isSameAs(first.mpdu(0));
        assertThat(second.count()).isEqualTo(1);
        assertThat(delivered).isEmpty(); // the reorder buffer holds 1..63 until 0 arrives
        ba.acknowledged(second.mpdu(0), 0);
        assertThat(delivered).hasSize(64);
        assertThat(delivered.get(0).seq).isZero();
        assertThat(build(builder, ba, fifo, vht).count()).isEqualTo(64);
    }
}
