package dev.fqlab.sim.qdisc;

import static org.assertj.core.api.Assertions.assertThat;

import dev.fqlab.sim.Scenarios;
import dev.fqlab.sim.packet.Packet;
import dev.fqlab.sim.packet.Truesize;
import dev.fqlab.sim.scenario.QuantumMode;
import dev.fqlab.sim.WifiScenarios;
import dev.fqlab.sim.scenario.TxqsSpec;
import dev.fqlab.sim.wifi.mac80211.Fq;
import dev.fqlab.sim.wifi.mac80211.Txq;
import java.util.List;
import java.util.function.Supplier;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;
import org.junit.jupiter.api.Test;

/**
 * {@code quantumMode: "packet-round-robin"} (scenario.md; seed 003: "A 1 packet, B 1 packet, C 1 packet, A 1 packet
 * …"): with saturating flows of 1514-, 300- and 66-byte frames, every round delivers one packet of each, so after
 * any number of dequeues the flows' delivered packet counts differ by at most one — in fq_codel and in mac80211's
 * TXQ fq alike, which share the DRR credit ({@link DrrQuantum}). Byte DRR, for contrast, delivers bytes evenly.
 */
class PacketRoundRobinTest {
    private static final int[] FRAME_BYTES = {1514, 300, 66};

    private static Packet packet(int flow, int length, long seq) {
        Packet p = new Packet();
        p.flowId = flow;
        p.hash = (flow + 1) << 22; // buckets 1, 2, 3 of fq_codel's 1024 (and 4, 8, 12 of mac80211's 4096)
        p.length = length;
        p.ipBytes = length - 14;
        p.truesize = Truesize.of(length);
        p.seq = seq;
        return p;
    }

    /** Packets delivered per flow after each of {@code dequeues} dequeues, with every flow backlogged throughout. */
    private static void assertRoundRobin(Supplier<Packet> dequeue, int dequeues) {
        int[] delivered = new int[FRAME_BYTES.length];
        for (int i = 0; i < dequeues; i++) {
            Packet p = dequeue.get();
            assertThat(p).as("dequeue %d", i).isNotNull();
            assertThat(p.length).isEqualTo(FRAME_BYTES[p.flowId]);
            delivered[p.flowId]++;
            int max = Math.max(delivered[0], Math.max(delivered[1], delivered[2]));
            int min = Math.min(delivered[0], Math.min(delivered[1], delivered[2]));
            assertThat(max - min).as("per-flow counts %s after %d dequeues", List.of(delivered[0], delivered[1],
                    delivered[2]), i + 1).isLessThanOrEqualTo(1);
        }
    }

    /**
     * fq_codel, any quantum: the three flows arrive in {@code order} (a permutation given by its rotation and
     * direction), {@code backlog} packets each, more than will be dequeued, so each stays saturated.
     */
    @Property(tries = 50)
    void fqCodelSendsOnePacketPerFlowPerRound(@ForAll @IntRange(min = 256, max = 65536) int quantum,
            @ForAll @IntRange(min = 0, max = 2) int rotation, @ForAll boolean reversed,
            @ForAll @IntRange(min = 1, max = 300) int dequeues) {
        FqCodel q = new FqCodel(Scenarios.fqCodelBuilder().set("quantum", quantum)
                .set("quantumMode", QuantumMode.PACKET_ROUND_ROBIN).build(), 1514, (p, now) -> { });
        int backlog = dequeues + 1;
        for (int seq = 0; seq < backlog; seq++) {
            for (int k = 0; k < 3; k++) {
                int flow = Math.floorMod(rotation + (reversed ? -k : k), 3);
                q.enqueue(packet(flow, FRAME_BYTES[flow], seq), 0);
            }
        }
        assertRoundRobin(() -> q.dequeue(0), dequeues);
    }

    /** mac80211's fq in a TXQ, flows arriving one after another as they saturate. */
    @Property(tries = 50)
    void mac80211FqSendsOnePacketPerFlowPerRound(@ForAll @IntRange(min = 1, max = 65536) int quantum,
            @ForAll @Size(min = 3, max = 3) List<@IntRange(min = 1, max = 40) Integer> headStart,
            @ForAll @IntRange(min = 1, max = 300) int dequeues) {
        TxqsSpec spec = WifiScenarios.txqsBuilder().set("quantum", quantum)
                .set("quantumMode", QuantumMode.PACKET_ROUND_ROBIN).build();
        Fq fq = new Fq(spec, (p, now) -> { });
        Txq txq = fq.newTxq(0, 0, 0);
        // each flow first queues its head start alone, then all keep a backlog beyond what is dequeued
        for (int flow = 0; flow < 3; flow++) {
            for (int seq = 0; seq < headStart.get(flow); seq++) {
                fq.enqueue(txq, packet(flow, FRAME_BYTES[flow], seq), 0);
            }
        }
        for (int seq = 0; seq < dequeues; seq++) {
            for (int flow = 0; flow < 3; flow++) {
                fq.enqueue(txq, packet(flow, FRAME_BYTES[flow], 100 + seq), 0);
            }
        }
        assertRoundRobin(() -> fq.dequeue(txq, 0), dequeues);
    }

    @Test
    void byteDrrDoesNotCountPackets() {
        // Linux's mode with the same flows and quantum 1514: the first round gives the 1514-byte flow 1 packet, the
        // 300-byte flow ⌈1514 / 300⌉ = 6 and the 66-byte flow ⌈1514 / 66⌉ = 23 — 30 packets before the big flow's
        // second one; packet-round-robin delivers 1, 1, 1.
        for (QuantumMode mode : List.of(QuantumMode.BYTES, QuantumMode.PACKET_ROUND_ROBIN)) {
            FqCodel q = new FqCodel(Scenarios.fqCodel(1514, mode), 1514, (p, now) -> { });
            for (int seq = 0; seq < 40; seq++) {
                for (int flow = 0; flow < 3; flow++) {
                    q.enqueue(packet(flow, FRAME_BYTES[flow], seq), 0);
                }
            }
            int[] firstRound = new int[3];
            for (int i = 0; i < 30; i++) {
                firstRound[q.dequeue(0).flowId]++;
            }
            if (mode == QuantumMode.BYTES) {
                assertThat(firstRound).containsExactly(1, 6, 23);
            } else {
                assertThat(firstRound).containsExactly(10, 10, 10);
            }
        }
    }
}
