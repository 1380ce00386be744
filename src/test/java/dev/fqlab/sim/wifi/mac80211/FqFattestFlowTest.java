package dev.fqlab.sim.wifi.mac80211;

import static org.assertj.core.api.Assertions.assertThat;

import dev.fqlab.sim.packet.Packet;
import dev.fqlab.sim.packet.Truesize;
import dev.fqlab.sim.scenario.TxqsSpec;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;

/**
 * mac80211 fq's drops over the packet limit against the kernel's search written out plainly
 * ({@code fq_find_fattest_flow}, include/net/fq_impl.h, Linux ≥ 5.11): walk the buckets holding packets in index
 * order and take one only when its backlog is strictly greater than the best so far
 * ({@code if (cur_len <= len) continue}), so among equal backlogs the lowest index wins. Random enqueues and dequeues
 * over two TXQs with a small limit and few packet sizes, so that equal backlogs are common; the test keeps each
 * bucket's bytes itself from what went in, came out and was dropped.
 */
class FqFattestFlowTest {

    /** The kernel's loop over a backlog per bucket (0: not in {@code flows_bitmap}); -1 when none holds packets. */
    private static int kernelScan(long[] backlog) {
        int flow = -1;
        long len = 0;
        for (int i = 0; i < backlog.length; i++) {
            if (backlog[i] == 0 || backlog[i] <= len) {
                continue;
            }
            flow = i;
            len = backlog[i];
        }
        return flow;
    }

    @Property(tries = 200)
    void fqDropsItsBatchesFromTheKernelScansFattestBucket(@ForAll long seed,
            @ForAll @IntRange(min = 2, max = 40) int limit, @ForAll @IntRange(min = 1, max = 800) int steps) {
        Random random = new Random(seed);
        List<Packet> dropped = new ArrayList<>();
        TxqsSpec spec = TxqsSpec.SCHEMA.builder().set("limit", limit).set("memoryLimitBytes", 1L << 30).build();
        Fq fq = new Fq(spec, (p, now) -> dropped.add(p));
        Txq[] txqs = {fq.newTxq(0, 0, 2), fq.newTxq(1, 0, 2)};
        long[] backlog = new long[4096];
        List<ArrayDeque<Long>> queued = new ArrayList<>();
        for (int i = 0; i < 4096; i++) {
            queued.add(new ArrayDeque<>());
        }
        int flows = 1 + random.nextInt(12);
        // each flow its own bucket anywhere in the table (no collisions: no default flow is used)
        int[] bucketOf = random.ints(0, 4096).distinct().limit(flows).toArray();
        int[] lengths = {100, 1514, 1514, 3028};
        for (int s = 0; s < steps; s++) {
            if (random.nextInt(3) > 0) {
                int flow = random.nextInt(flows);
                int bucket = bucketOf[flow];
                Packet p = new Packet();
                p.flowId = flow;
                p.hash = bucket << 20;
                p.length = lengths[random.nextInt(lengths.length)];
                p.truesize = Truesize.of(p.length);
                p.seq = s;
                backlog[bucket] += p.length;
                queued.get(bucket).add((long) s);
                int expected = fq.backlogPackets() + 1 > limit ? kernelScan(backlog) : -1;
                dropped.clear();
                fq.enqueue(txqs[flow % 2], p, 0);
                if (expected < 0) {
                    assertThat(dropped).isEmpty();
                } else {
                    // fq_flow_drop: max(1, min(32, qlen / 2)) packets from the head of the fattest flow
                    ArrayDeque<Long> q = queued.get(expected);
                    assertThat(dropped).hasSize(Math.max(1, Math.min(32, q.size() / 2)));
                    for (Packet d : dropped) {
                        assertThat(d.hash >>> 20).isEqualTo(expected);
                        assertThat(d.seq).isEqualTo(q.poll());
                        backlog[expected] -= d.length;
                    }
                }
            } else {
                Packet p = fq.dequeue(txqs[random.nextInt(2)], 0);
                if (p != null) {
                    assertThat(p.seq).isEqualTo(queued.get(p.hash >>> 20).poll());
                    backlog[p.hash >>> 20] -= p.length;
                }
            }
            assertThat(fq.backlogPackets()).isEqualTo(queued.stream().mapToInt(ArrayDeque::size).sum());
        }
    }
}
