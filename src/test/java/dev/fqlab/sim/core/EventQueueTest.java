package dev.fqlab.sim.core;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Random;
import java.util.TreeSet;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;

/**
 * The 4-ary heap (issue 16) pops in (time, seq) order whatever was added, rescheduled or cancelled before: the
 * oracle is the JDK's sorted set over the same keys.
 */
class EventQueueTest {

    private static final class Probe extends Event {
        @Override
        protected void fire(long now) {
        }
    }

    @Property(tries = 200)
    void popsInTimeThenScheduleOrder(@ForAll long seed, @ForAll @IntRange(min = 1, max = 3000) int events) {
        Random random = new Random(seed);
        Comparator<Event> order = Comparator.<Event>comparingLong(e -> e.time).thenComparingLong(e -> e.seq);
        TreeSet<Event> oracle = new TreeSet<>(order);
        EventQueue queue = new EventQueue();
        List<Probe> probes = new ArrayList<>();
        for (int i = 0; i < events; i++) {
            probes.add(new Probe());
        }
        long seq = 0;
        for (int op = 0; op < 3 * events; op++) {
            Probe e = probes.get(random.nextInt(events));
            int kind = random.nextInt(10);
            if (kind == 0 && e.heapIndex >= 0) { // cancel
                oracle.remove(e);
                queue.remove(e);
                continue;
            }
            boolean queued = e.heapIndex >= 0;
            if (queued) {
                oracle.remove(e);
            }
            e.time = random.nextInt(50); // many equal times: the sequence decides
            e.seq = seq++;
            oracle.add(e);
            if (queued) {
                queue.changed(e);
            } else {
                queue.add(e);
            }
        }
        assertThat(queue.size()).isEqualTo(oracle.size());
        while (!oracle.isEmpty()) {
            assertThat(queue.poll()).isSameAs(oracle.pollFirst());
        }
        assertThat(queue.isEmpty()).isTrue();
    }
}
