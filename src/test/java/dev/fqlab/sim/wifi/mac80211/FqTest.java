package dev.fqlab.sim.wifi.mac80211;

import static org.assertj.core.api.Assertions.assertThat;

import dev.fqlab.sim.packet.Packet;
import dev.fqlab.sim.packet.Truesize;
import dev.fqlab.sim.scenario.TxqsSpec;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

/** mac80211's fq rules, kernel-spec §3.3–§3.5. */
class FqTest {
    private static final long MS = 1_000_000L;

    private final List<Packet> dropped = new ArrayList<>();

    private static TxqsSpec spec(boolean fq, boolean collisionCheck, int limit, long memory) {
        return TxqsSpec.SCHEMA.builder().set("fq", fq).set("collisionCheck", collisionCheck).set("limit", limit)
                .set("memoryLimitBytes", memory).build();
    }

    /** A packet of flow {@code flow} whose hash lands in bucket {@code bucket} of 4096. */
    private static Packet packet(int flow, int bucket, int length, long seq) {
        Packet p = new Packet();
        p.flowId = flow;
        p.hash = bucket << 20;
        p.length = length;
        p.truesize = Truesize.of(length);
        p.seq = seq;
        return p;
    }

    @Nested
    class Classification {
        @Test
        void aBucketOwnedByAnotherTxqSendsThePacketToItsOwnDefaultFlow() {
            Fq fq = new Fq(spec(true, true, 8192, 16 << 20), (p, now) -> dropped.add(p));
            Txq a = fq.newTxq(0, 0, 0);
            Txq b = fq.newTxq(1, 0, 0);
            fq.enqueue(a, packet(0, 7, 1514, 0), 0);
            fq.enqueue(b, packet(1, 7, 1514, 0), 0); // same bucket, other TXQ: collision → b's default flow
            fq.enqueue(b, packet(1, 7, 1514, 1), 0); // the default flow is owned by b already: no new activation
            assertThat(a.collisions).isZero();
            assertThat(b.collisions).isEqualTo(2);
            assertThat(fq.collisions()).isEqualTo(2);
            assertThat(a.newFlowCount).isEqualTo(1);
            assertThat(b.newFlowCount).isEqualTo(1);
            assertThat(fq.dequeue(b, 0).flowId).isEqualTo(1);
            assertThat(fq.dequeue(a, 0).flowId).isZero();
        }

        @Test
        void thePreFixCheckSplitsAFlowOverItsBucketAndTheDefaultFlowAndReordersIt() {
            // seed 000: "if (flow->txqi)" sends a packet to the default flow whenever its bucket is owned, even by
            // its own TXQ: p0 takes the bucket, p1..p4 go to the default flow
            Fq fq = new Fq(spec(true, false, 8192, 16 << 20), (p, now) -> dropped.add(p));
            Txq a = fq.newTxq(0, 0, 0);
            for (int i = 0; i < 5; i++) {
                fq.enqueue(a, packet(0, 7, 1514, i), 0);
            }
            assertThat(a.collisions).isEqualTo(4);
            assertThat(fq.dequeue(a, 0).seq).isEqualTo(0); // the bucket flow
            assertThat(fq.dequeue(a, 0).seq).isEqualTo(1); // the default flow (new list, full quantum)
            // both now 1214 bytes in debt; five top-ups later the bucket flow is found empty and released
            assertThat(fq.dequeue(a, 0).seq).isEqualTo(2);
            fq.enqueue(a, packet(0, 7, 1514, 5), 0); // the free bucket takes p5 as a new flow...
            assertThat(fq.dequeue(a, 0).seq).isEqualTo(5); // ...which goes out before p3 and p4: reordered
            assertThat(a.newFlowCount).isEqualTo(3);
        }

        @Test
        void newFlowsCountsOwnershipAcquisitionsAfterRelease() {
            Fq fq = new Fq(spec(true, true, 8192, 16 << 20), (p, now) -> dropped.add(p));
            Txq a = fq.newTxq(0, 0, 0);
            for (int i = 0; i < 3; i++) {
                fq.enqueue(a, packet(0, 7, 1514, i), 0);
                assertThat(fq.dequeue(a, 0)).isNotNull();
                assertThat(fq.dequeue(a, 0)).isNull(); // finds the flow empty: released
            }
            assertThat(a.newFlowCount).isEqualTo(3).isEqualTo(a.txPackets);
            // without the releasing dequeue the flow stays owned and the next packet is no new flow
            fq.enqueue(a, packet(0, 7, 1514, 3), 0);
            fq.dequeue(a, 0);
            fq.enqueue(a, packet(0, 7, 1514, 4), 0);
            assertThat(a.newFlowCount).isEqualTo(4);
            assertThat(a.txPackets).isEqualTo(4);
        }
    }

    @Nested
    class Limits {
        @Test
        void overTheRadioWideLimitTheGloballyFattestFlowLosesABatch() {
            Fq fq = new Fq(spec(true, true, 100, 16 << 20), (p, now) -> dropped.add(p));
            Txq a = fq.newTxq(0, 0, 0);
            Txq b = fq.newTxq(1, 0, 0);
            for (int i = 0; i < 80; i++) {
                fq.enqueue(a, packet(0, 1, 1514, i), 0);
            }
            for (int i = 0; i < 20; i++) {
                fq.enqueue(b, packet(1, 2, 100, i), 0);
            }
            fq.enqueue(b, packet(1, 2, 100, 20), 0); // 101 packets: a's flow is the fattest, in another TXQ
            // batch = max(1, min(32, qlen/2)) = min(32, 40) = 32 from the head of a's flow
            assertThat(dropped).hasSize(32).allMatch(p -> p.flowId == 0);
            assertThat(dropped.get(0).seq).isZero();
            assertThat(a.overlimit).isEqualTo(1); // counted once per batch, on the victim's TXQ
            assertThat(b.overlimit).isZero();
            assertThat(fq.overlimit()).isEqualTo(1);
            assertThat(fq.backlogPackets()).isEqualTo(69);
        }

        @Test
        void theMemoryLimitCountsTruesize() {
            long limit = 10L * Truesize.of(1514);
            Fq fq = new Fq(spec(true, true, 8192, limit), (p, now) -> dropped.add(p));
            Txq a = fq.newTxq(0, 0, 0);
            for (int i = 0; i < 11; i++) {
                fq.enqueue(a, packet(0, 1, 1514, i), 0);
            }
            assertThat(dropped).hasSize(5); // qlen 11 → batch 5
            assertThat(fq.overmemory()).isEqualTo(1);
        }
    }

    @Test
    void txqCodelDropsWhileOneSmallPacketIsLeftBecauseItsFloorIsZero() {
        // kernel-spec §1.4 / §3.1 / §10 item 2: mac80211's CoDel compares the FLOW's backlog (after removing the
        // packet) with mtu 0, so only the flow's last packet is spared. One flow of 100-byte not-ECT frames: p0 at
        // 0, p1 at 25 ms, then every 25 ms from 50 ms one dequeue followed by one enqueue. Each dequeued packet
        // waited 50 ms (> target 20 ms) and leaves exactly one 100-byte packet behind (100 > 0; a 1514 floor would
        // spare it). First sojourn above target seen at 50 ms → first_above_time = 150 ms; strictly after it
        // (Linux) → the dequeue at 175 ms drops its head, p5 (enqueued at 125 ms), and returns p6. From then on
        // the flow holds a single packet at each dequeue (backlog after removal 0): no further drop.
        List<Long> dropTimes = new ArrayList<>();
        Fq timed = new Fq(spec(true, true, 8192, 16 << 20), (p, now) -> {
            dropped.add(p);
            dropTimes.add(now);
        });
        Txq txq = timed.newTxq(0, 0, 2);
        long seq = 0;
        timed.enqueue(txq, packet(0, 1, 100, seq++), 0);
        timed.enqueue(txq, packet(0, 1, 100, seq++), 25 * MS);
        List<Long> sent = new ArrayList<>();
        for (long t = 50 * MS; t <= 1000 * MS; t += 25 * MS) {
            sent.add(timed.dequeue(txq, t).seq);
            timed.enqueue(txq, packet(0, 1, 100, seq++), t);
        }
        assertThat(dropped).extracting(p -> p.seq).containsExactly(5L);
        assertThat(dropTimes).containsExactly(175 * MS);
        assertThat(sent.subList(0, 6)).containsExactly(0L, 1L, 2L, 3L, 4L, 6L);
        assertThat(txq.result("s", "BE").drops()).isEqualTo(1);
    }

    @Test
    void withoutFqATxqIsOnePlainFifo() {
        Fq fq = new Fq(spec(false, true, 8192, 16 << 20), (p, now) -> dropped.add(p));
        Txq a = fq.newTxq(0, 0, 0);
        fq.enqueue(a, packet(0, 1, 1514, 0), 0);
        fq.enqueue(a, packet(1, 2, 100, 0), 0);
        fq.enqueue(a, packet(0, 1, 1514, 1), 0);
        assertThat(fq.dequeue(a, 0).flowId).isZero();
        assertThat(fq.dequeue(a, 0).flowId).isEqualTo(1);
        assertThat(fq.dequeue(a, 0).seq).isEqualTo(1);
        assertThat(a.collisions).isZero();
    }

    @Test
    void deficitRoundRobinUsesTheThreeHundredByteQuantum() {
        // quantum 300: a flow of 1514-byte frames sends one and then waits ⌈1214/300⌉ = 5 top-ups; a flow of
        // 100-byte frames sends three per round (300 → 200 → 100 → 0)
        Fq fq = new Fq(spec(true, true, 8192, 16 << 20), (p, now) -> dropped.add(p));
        Txq a = fq.newTxq(0, 0, 0);
        for (int i = 0; i < 3; i++) {
            fq.enqueue(a, packet(0, 1, 1514, i), 0);
        }
        for (int i = 0; i < 30; i++) {
            fq.enqueue(a, packet(1, 2, 100, i), 0);
        }
        List<Integer> order = new ArrayList<>();
        for (int i = 0; i < 8; i++) {
            order.add(fq.dequeue(a, 0).flowId);
        }
        assertThat(order).containsExactly(0, 1, 1, 1, 1, 1, 1, 1);
    }
}
