package dev.fqlab.sim.wifi.mac;

import static org.assertj.core.api.Assertions.assertThat;

import dev.fqlab.sim.WifiScenarios;
import dev.fqlab.sim.packet.Packet;
import dev.fqlab.sim.packet.PacketFifo;
import dev.fqlab.sim.scenario.AmpduSpec;
import dev.fqlab.sim.scenario.schema.RecordSchema;
import dev.fqlab.sim.wifi.phy.PhyMode;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A-MPDU formation limits (kernel-spec §5.1, §9.1): subframes, bytes, the 4 ms cap, the BlockAck window. */
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

    /** A-MPDU on with {@code maxSubframes}, the rest scenario.md's defaults (65535 bytes, 4000 µs). */
    private static RecordSchema.Builder<AmpduSpec> ampdu(int maxSubframes) {
        return AmpduSpec.SCHEMA.builder().set("enabled", true).set("maxSubframes", maxSubframes);
    }

    private static Ppdu build(PpduBuilder builder, BlockAckSession ba, PacketFifo fifo, PhyMode phy) {
        Ppdu ppdu = new Ppdu(64);
        builder.build(ppdu, 0, 0, 0, ba, now -> fifo.poll(), phy, true, 0);
        return ppdu;
    }

    @Test
    void stopsAtMaxSubframes() {
        // HT20 MCS 15: 4 ms would hold ~250 KB, 65535 bytes hold 42 subframes of 1544: 32 subframes bind first
        var ppdu = build(new PpduBuilder(WifiScenarios.ampdu(true)), session(), queueOf(100, 1500),
                PhyMode.ht(15, 20, false));
        assertThat(ppdu.count()).isEqualTo(32);
        assertThat(ppdu.psduBytes()).isEqualTo(32 * 1544);
        assertThat(ppdu.aggregated).isTrue();
    }

    @Test
    void stopsAtMaxBytes() {
        // 1500-byte IP packet: MPDU 26 + 8 + 1500 + 4 = 1538, subframe 4 + 1538 padded to 1544; 42 × 1544 = 64848
        // fits in 65535, a 43rd does not. HT40 MCS 15 (N_DBPS 1080) holds 990 × 1080 bits ≈ 133 KB in 4 ms, so
        // the byte limit binds. (At HT20 the 4 ms cap would: 990 × 520 bits → 64347 bytes, 41 subframes.)
        var ppdu = build(new PpduBuilder(ampdu(64).build()), session(), queueOf(100, 1500),
                PhyMode.ht(15, 40, false));
        assertThat(ppdu.count()).isEqualTo(42);
    }

    @Test
    void stopsAtTheFourMillisecondCap() {
        // HT20 MCS 0: N_DBPS 26, preamble 36 µs; (4000 − 36) / 4 = 991 symbols = 25766 bits, minus 16 service and
        // 6 tail bits: 3218 bytes. Two subframes (3088 bytes) fit, a third does not (kernel-spec §9.1: "2×1500 B").
        PacketFifo fifo = queueOf(10, 1500);
        BlockAckSession ba = session();
        var ppdu = build(new PpduBuilder(WifiScenarios.ampdu(true)), ba, fifo, PhyMode.ht(0, 20, false));
        assertThat(ppdu.count()).isEqualTo(2);
        // the third frame already left its queue: it waits, parked, for the next PPDU
        assertThat(fifo.packets()).isEqualTo(7);
        assertThat(ba.queued()).isEqualTo(1);
        assertThat(ppdu.ppduNs).isLessThanOrEqualTo(4_000_000);
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
