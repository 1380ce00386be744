package dev.fqlab.sim.qdisc;

import static org.assertj.core.api.Assertions.assertThat;

import dev.fqlab.sim.Scenarios;
import dev.fqlab.sim.packet.Packet;
import dev.fqlab.sim.packet.Truesize;
import dev.fqlab.sim.scenario.QuantumMode;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

/** fq_codel's queueing rules (kernel-spec §2, §7) driven packet by packet. */
class FqCodelTest {
    private static final int MTU = 1514;
    private static final long MS = 1_000_000L;

    private final List<Packet> dropped = new ArrayList<>();

    /** A hash that lands in {@code bucket} of 1024 ({@code reciprocal_scale}). */
    private static int bucketHash(int bucket) {
        return bucket << 22;
    }

    private static Packet packet(int flow, int bucket, int length, long seq) {
        Packet p = new Packet();
        p.flowId = flow;
        p.hash = bucketHash(bucket);
        p.length = length;
        p.ipBytes = length - 14;
        p.truesize = Truesize.of(length);
        p.seq = seq;
        return p;
    }

    private FqCodel fqCodel(int limit, int quantum, QuantumMode mode, int dropBatch) {
        var spec = Scenarios.fqCodelBuilder().set("limit", limit).set("quantum", quantum).set("quantumMode", mode)
                .set("dropBatchSize", dropBatch).build();
        return new FqCodel(spec, MTU, (p, now) -> dropped.add(p));
    }

    /** Dequeues everything at time {@code now} and returns the flow ids in order. */
    private static List<Integer> drain(FqCodel q, long now) {
        List<Integer> order = new ArrayList<>();
        for (Packet p = q.dequeue(now); p != null; p = q.dequeue(now)) {
            order.add(p.flowId);
        }
        return order;
    }

    @Nested
    class QuantumModes {
        /**
         * Seed 003's example: A a new stream of 15 ACK-like packets (100 B), B 4 ACKs (66 B), C one 1500 B packet,
         * all new at once.
         */
        private FqCodel seed003(QuantumMode mode) {
            FqCodel q = fqCodel(10240, 1514, mode, 64);
            for (int i = 0; i < 15; i++) {
                q.enqueue(packet(0, 1, 114, i), 0);
            }
            for (int i = 0; i < 4; i++) {
                q.enqueue(packet(1, 2, 80, i), 0);
            }
            q.enqueue(packet(2, 3, 1514, 0), 0);
            return q;
        }

        @Test
        void bytesModeDeliversAWholeQuantumOfEachNewFlowBeforeTheNext() {
            List<Integer> order = drain(seed003(QuantumMode.BYTES), 0);
            // A: 1514 B of credit covers 14 packets of 114 B (13 × 114 = 1482 < 1514 leaves credit for one more)
            assertThat(order.subList(0, 14)).containsOnly(0);
            assertThat(order.subList(14, 18)).containsOnly(1);
            assertThat(order.get(18)).isEqualTo(2);
            assertThat(order.get(19)).isEqualTo(0);
        }

        @Test
        void packetsModeGivesEachNewFlowOnePacketPerRound() {
            List<Integer> order = drain(seed003(QuantumMode.PACKETS), 0);
            // "A 1 packet, B 1 packet, C 1 packet, ..." (seed 003)
            assertThat(order.subList(0, 3)).containsExactly(0, 1, 2);
            assertThat(order).hasSize(20);
        }

        @Test
        void aSmallQuantumMakesBulkFlowsWaitSeveralRounds() {
            // quantum 300 (kernel-spec §7.4): a 1514 B packet leaves its flow 1214 B in debt, ~5 rounds at 300 B
            FqCodel q = fqCodel(10240, 300, QuantumMode.BYTES, 64);
            for (int i = 0; i < 3; i++) {
                q.enqueue(packet(0, 1, 1514, i), 0);
            }
            for (int i = 0; i < 10; i++) {
                q.enqueue(packet(1, 2, 80, i), 0);
            }
            List<Integer> order = drain(q, 0);
            // A sends one big packet (deficit 300 → −1214); B sends 4 × 80 B (300 → −20); then B again until
            // A's deficit, topped up by 300 per visit, turns positive after 5 visits.
            assertThat(order).containsExactly(0, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0, 0);
        }
    }

    @Nested
    class Overlimit {
        @Test
        void dropsHalfTheFattestFlowsBytesFromItsHead() {
            FqCodel q = fqCodel(100, 1514, QuantumMode.BYTES, 64);
            for (int i = 0; i < 80; i++) {
                q.enqueue(packet(0, 1, 1514, i), 0);
            }
            for (int i = 0; i < 20; i++) {
                q.enqueue(packet(1, 2, 100, i), 0);
            }
            assertThat(dropped).isEmpty();
            int result = q.enqueue(packet(1, 2, 100, 20), 0); // the 101st packet

            // threshold = 80 × 1514 / 2: the 40th head drop from the fat flow reaches it
            assertThat(dropped).hasSize(40).allMatch(p -> p.flowId == 0);
            assertThat(dropped.get(0).seq).isZero();
            assertThat(dropped.get(39).seq).isEqualTo(39);
            assertThat(result).isEqualTo(Qdisc.XMIT_SUCCESS);
            var r = q.result();
            assertThat(r.xstats().dropOverlimit()).isEqualTo(40);
            assertThat(r.counters().dropped()).isEqualTo(40);
            assertThat(r.counters().backlogPackets()).isEqualTo(61);
            assertThat(r.xstats().dropOvermemory()).isZero();
        }

        @Test
        void dropsAtMostABatchAndNotifiesCongestionWhenTheArrivalsFlowIsTheVictim() {
            FqCodel q = fqCodel(200, 1514, QuantumMode.BYTES, 64);
            for (int i = 0; i < 200; i++) {
                q.enqueue(packet(0, 1, 1514, i), 0);
            }
            int result = q.enqueue(packet(0, 1, 1514, 200), 0);
            assertThat(dropped).hasSize(64); // half would be 100 packets: the batch limit wins
            assertThat(result).isEqualTo(Qdisc.XMIT_CN);
        }

        @Test
        void theMemoryLimitCountsTruesizeAndDropOvermemory() {
            long memoryLimit = 10L * Truesize.of(1514);
            var q = new FqCodel(Scenarios.fqCodelBuilder().set("memoryLimitBytes", memoryLimit).build(), MTU,
                    (p, now) -> dropped.add(p));
            for (int i = 0; i < 10; i++) {
                q.enqueue(packet(0, 1, 1514, i), 0);
            }
            assertThat(dropped).isEmpty();
            q.enqueue(packet(0, 1, 1514, 10), 0);
            assertThat(dropped).hasSize(6); // 11 packets, threshold 5.5 packets' bytes → 6 head drops
            assertThat(q.result().xstats().dropOvermemory()).isEqualTo(6);
            assertThat(q.result().xstats().dropOverlimit()).isEqualTo(6);
            assertThat(q.result().xstats().memoryUsed()).isEqualTo(5L * Truesize.of(1514));
        }
    }

    @Nested
    class Lists {
        @Test
        void aSparseFlowIsNewEachTimeItIsFoundEmptyAndRemoved() {
            FqCodel q = fqCodel(10240, 1514, QuantumMode.BYTES, 64);
            for (int i = 0; i < 5; i++) {
                q.enqueue(packet(0, 1, 100, i), i * MS);
                assertThat(drain(q, i * MS)).containsExactly(0);
            }
            var r = q.result();
            assertThat(r.xstats().newFlowCount()).isEqualTo(5);
            assertThat(r.counters().sentPackets()).isEqualTo(5);
            assertThat(r.counters().sentBytes()).isEqualTo(500);
            assertThat(r.counters().backlogPackets()).isZero();
            assertThat(r.xstats().maxPacket()).isEqualTo(100);
            assertThat(r.xstats().newFlowsLen()).isZero();
            assertThat(r.xstats().oldFlowsLen()).isZero();
        }

        @Test
        void anEmptiedNewFlowPassesThroughTheOldListBeforeItCanBeNewAgain() {
            FqCodel q = fqCodel(10240, 1514, QuantumMode.BYTES, 64);
            for (int i = 0; i < 20; i++) {
                q.enqueue(packet(0, 1, 500, i), 0); // bulk flow B, 500 B packets
            }
            // B spends its first quantum (4 packets: 1514 → 1014 → 514 → 14 → −486), is topped up to 1028 and
            // moved to old_flows, sends once more (528 left)
            for (int i = 0; i < 5; i++) {
                assertThat(q.dequeue(0).flowId).isZero();
            }
            q.enqueue(packet(1, 2, 100, 0), 0); // sparse S becomes a new flow
            assertThat(q.dequeue(0).flowId).isEqualTo(1);
            // S is empty at the head of new_flows while old_flows holds B: moved behind B, not removed
            assertThat(q.dequeue(0).flowId).isZero();
            assertThat(q.result().xstats().oldFlowsLen()).isEqualTo(2);
            long newFlows = q.result().xstats().newFlowCount();

            q.enqueue(packet(1, 2, 100, 1), 0); // arrives while S is still listed: no new-flow priority
            assertThat(q.result().xstats().newFlowCount()).isEqualTo(newFlows);
            assertThat(q.dequeue(0).flowId).isZero(); // B still has credit (28 B) and is ahead of S
            assertThat(q.dequeue(0).flowId).isEqualTo(1);
        }

        @Test
        void flowsHashedToTheSameBucketShareOneQueue() {
            FqCodel q = fqCodel(10240, 1514, QuantumMode.BYTES, 64);
            for (int i = 0; i < 4; i++) {
                q.enqueue(packet(0, 7, 1514, i), 0);
            }
            q.enqueue(packet(1, 7, 100, 0), 0); // a collision: same bucket, FIFO behind the bulk packets
            q.enqueue(packet(2, 8, 100, 0), 0); // a separate bucket: served as a new flow right away
            List<Integer> order = drain(q, 0);
            assertThat(order).containsExactly(0, 2, 0, 0, 0, 1);
            assertThat(q.result().xstats().newFlowCount()).isEqualTo(2);
        }
    }

    @Nested
    class BacklogFloor {
        @Test
        void aFlowWithOnePacketIsDroppedWhileTheQdiscHoldsMoreThanOneMtu() {
            // kernel-spec §1.4 / §10 item 2: fq_codel compares the WHOLE qdisc's backlog (after removing the packet)
            // with mtu 1514, not the flow's. Flow A never holds more than one 1514-byte packet: each is enqueued at a
            // 10 ms tick and dequeued at the next, so its sojourn is 10 ms > target 5 ms, and A's own backlog after
            // the removal is 0. Flow B is topped up to 4 full packets before every tick's dequeues (two per tick:
            // one of A's, one of B's), so when A's packet leaves the qdisc still holds ≥ 3 × 1514 > 1514 bytes.
            // A's CoDel: first sojourn above target seen at 10 ms → first_above_time = 110 ms; the drop needs
            // now > first_above_time (strict, Linux) → the dequeue at 120 ms. The drop empties A (should_drop(null)
            // clears first_above_time), so A's next packet at 130 ms sets first_above_time = 230 ms and leaves the
            // dropping state (§1.4 steps 1 and 4, §1.5); the next drop is at 240 ms, re-entering with
            // delta = count − lastcount = 0 → count 1. A loses its packets at 120, 240, 360 and 480 ms in 500 ms.
            List<Long> dropTimes = new ArrayList<>();
            // CoDel with ECN, but the packets are not-ECT
            var q = new FqCodel(Scenarios.fqCodel(), MTU, (p, now) -> {
                dropped.add(p);
                dropTimes.add(now);
            });
            long seqA = 0;
            long seqB = 0;
            for (long t = 0; t <= 500 * MS; t += 10 * MS) {
                for (int i = 0; i < 2; i++) {
                    Packet p = q.dequeue(t);
                    if (p != null && p.flowId == 0) {
                        assertThat(t - p.enqueuedAt).as("A's sojourn").isEqualTo(10 * MS);
                    }
                }
                q.enqueue(packet(0, 1, 1514, seqA++), t);
                // every packet is 1514 bytes and A holds exactly the one just enqueued: the rest is B's
                for (long b = q.result().counters().backlogPackets() - 1; b < 4; b++) {
                    q.enqueue(packet(1, 2, 1514, seqB++), t);
                }
            }
            List<Long> dropsOfA = new ArrayList<>();
            for (int i = 0; i < dropped.size(); i++) {
                if (dropped.get(i).flowId == 0) {
                    dropsOfA.add(dropTimes.get(i));
                }
            }
            assertThat(dropsOfA).containsExactly(120 * MS, 240 * MS, 360 * MS, 480 * MS);
        }
    }

    @Test
    void pfifoTailDropsBeyondItsLimit() {
        Pfifo q = new Pfifo(3, (p, now) -> dropped.add(p));
        for (int i = 0; i < 5; i++) {
            q.enqueue(packet(0, 0, 1514, i), 0);
        }
        assertThat(dropped).extracting(p -> p.seq).containsExactly(3L, 4L);
        assertThat(q.result().counters().dropped()).isEqualTo(2);
        assertThat(q.result().counters().backlogPackets()).isEqualTo(3);
        assertThat(q.result().counters().backlogBytes()).isEqualTo(3 * 1514);
    }

    @Test
    void codelQdiscCountsDropOverlimitForTailDrops() {
        var q = new CodelQdisc(2, Scenarios.fqCodelDefaults(), MTU, (p, now) -> dropped.add(p));
        for (int i = 0; i < 3; i++) {
            q.enqueue(packet(0, 0, 1514, i), 0);
        }
        assertThat(q.result().xstats().dropOverlimit()).isEqualTo(1);
        assertThat(q.result().counters().dropped()).isEqualTo(1);
        assertThat(dropped).extracting(p -> p.seq).containsExactly(2L);
    }
}
