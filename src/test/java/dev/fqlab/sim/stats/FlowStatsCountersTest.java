package dev.fqlab.sim.stats;

import static org.assertj.core.api.Assertions.assertThat;

import dev.fqlab.sim.packet.Packet;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;

/**
 * {@link FlowStats}' counters after its fields were split for the cache (issue 16: a delivery's fields last, the rest
 * in {@code FlowTotals}; {@code outstanding} derived as sent − delivered − dropped instead of kept): the oracle is
 * bcdb6cb's bookkeeping written out plainly — a counter of outstanding packets raised at each send and lowered at
 * each delivery and drop, and every counter summed per event — under random sends, UDP and TCP deliveries in both
 * directions, out-of-order and CE-marked ones, drops, and times around the warm-up.
 */
class FlowStatsCountersTest {

    @Property(tries = 300)
    void countersAreThePlainSums(@ForAll long seed, @ForAll @IntRange(min = 0, max = 400) int events) {
        Random random = new Random(seed);
        long warmup = 1_000_000;
        FlowStats stats = new FlowStats(warmup);
        List<Packet> inFlight = new ArrayList<>();
        long outstanding = 0;
        long sent = 0;
        long sentBytes = 0;
        long delivered = 0;
        long deliveredBytes = 0;
        long goodput = 0;
        long dropped = 0;
        long ce = 0;
        long reordered = 0;
        long[] maxSeq = {-1, -1};
        long[] nextSeq = {0, 0};
        long now = 0;
        for (int i = 0; i < events; i++) {
            now += random.nextInt(100_000);
            int kind = random.nextInt(4);
            if (kind == 0 || inFlight.isEmpty()) {
                Packet p = new Packet();
                p.up = random.nextInt(4) == 0;
                p.seq = nextSeq[p.up ? 1 : 0]++;
                p.ipBytes = 40 + random.nextInt(1461);
                p.ecn = random.nextInt(4);
                p.sentAt = now;
                stats.sent(p, now);
                outstanding++;
                sent++;
                sentBytes += p.ipBytes;
                inFlight.add(p);
                continue;
            }
            Packet p = inFlight.remove(random.nextInt(inFlight.size())); // any order: reordering happens
            if (kind == 3) {
                stats.dropped(p, now);
                outstanding--;
                dropped++;
            } else {
                boolean tcp = kind == 2;
                long g = tcp ? random.nextInt(1449) : p.ipBytes - FlowStats.UDP_IP_HEADER;
                if (tcp) {
                    stats.deliveredTcp(p, now, g, random.nextBoolean());
                } else {
                    assertThat(stats.delivered(p, now)).isEqualTo(g);
                }
                outstanding--;
                delivered++;
                deliveredBytes += p.ipBytes;
                if (now >= warmup) {
                    goodput += g;
                }
                if (p.ecn == 3) {
                    ce++;
                }
                int d = p.up ? 1 : 0;
                if (p.seq < maxSeq[d]) {
                    reordered++;
                } else {
                    maxSeq[d] = p.seq;
                }
            }
            assertThat(stats.outstanding()).isEqualTo(outstanding);
        }
        assertThat(stats.outstanding()).isEqualTo(outstanding).isEqualTo(inFlight.size());
        assertThat(stats.sentPackets()).isEqualTo(sent);
        assertThat(stats.sentBytes()).isEqualTo(sentBytes);
        assertThat(stats.deliveredPackets()).isEqualTo(delivered);
        assertThat(stats.deliveredBytes()).isEqualTo(deliveredBytes);
        assertThat(stats.goodputBytes()).isEqualTo(goodput);
        assertThat(stats.droppedPackets()).isEqualTo(dropped);
        assertThat(stats.ecnMarks()).isEqualTo(ce);
        assertThat(stats.reorderedPackets()).isEqualTo(reordered);
    }
}
