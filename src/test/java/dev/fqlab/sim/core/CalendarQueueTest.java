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
import org.junit.jupiter.api.Test;

/**
 * The calendar queue (issue 16; Brown 1988) hands out events in (time, seq) order whatever was added, rescheduled, cancelled or
 * taken before, across resizes and days of any width, and answers {@code firstAlone} as the order says: the
 * oracle is the JDK's sorted set over the same keys.
 */
class CalendarQueueTest {

    private static final class Probe extends Event {
        @Override
        protected void fire(long now) {
        }
    }

    /**
     * Times of one of four shapes: many equal (the sequence decides), a few days of a small queue, spread over
     * many years of it, or periodic sends a fixed step apart with jitter (the flows of issue 16).
     */
    private static long time(Random random, int shape, long floor) {
        return switch (shape) {
            case 0 -> floor + random.nextInt(50);
            case 1 -> floor + random.nextInt(1 << 12);
            case 2 -> floor + (random.nextLong() >>> (24 + random.nextInt(39)));
            default -> floor + 10_000 * (1 + random.nextInt(3)) + random.nextInt(1_000);
        };
    }

    @Property(tries = 300)
    void handsOutEventsInTimeThenScheduleOrder(@ForAll long seed, @ForAll @IntRange(min = 1, max = 1000) int events,
            @ForAll @IntRange(min = 0, max = 3) int shape, @ForAll @IntRange(min = 0, max = 20) int shift) {
        Random random = new Random(seed);
        Comparator<Event> order = Comparator.<Event>comparingLong(e -> e.time).thenComparingLong(e -> e.seq);
        TreeSet<Event> oracle = new TreeSet<>(order);
        CalendarQueue queue = new CalendarQueue(CalendarQueue.MIN_BUCKETS << random.nextInt(4), shift);
        List<Probe> probes = new ArrayList<>();
        for (int i = 0; i < events; i++) {
            probes.add(new Probe());
        }
        long seq = 0;
        long floor = 0; // the time of the last event taken: a simulator schedules nothing earlier (this queue may)
        for (int op = 0; op < 4 * events; op++) {
            int kind = random.nextInt(20);
            if (kind < 3 && !oracle.isEmpty()) { // take the first
                Event first = oracle.pollFirst();
                floor = first.time;
                assertThat(queue.poll()).isSameAs(first);
                assertThat(first.isScheduled()).isFalse();
                continue;
            }
            if (kind == 3 && !oracle.isEmpty()) { // would the first be alone up to some time?
                Event first = oracle.first();
                long t = first.time + (random.nextBoolean() ? random.nextInt(64) : time(random, shape, 0));
                Event second = oracle.higher(first);
                assertThat(queue.peek()).isSameAs(first);
                assertThat(queue.first()).isSameAs(first);
                assertThat(queue.firstAlone(first, t)).isEqualTo(second == null || second.time > t);
                Probe other = probes.get(random.nextInt(events));
                if (other != first) {
                    assertThat(queue.firstAlone(other, t)).isFalse();
                }
                continue;
            }
            if (kind == 4) { // resize and re-width
                queue.rebuild(CalendarQueue.MIN_BUCKETS << random.nextInt(8), random.nextInt(30));
                continue;
            }
            if (kind == 7 && random.nextInt(10) == 0) { // out and back in, in no order
                Event[] out = new Event[queue.size()];
                int n = queue.drainTo(out);
                assertThat(queue.isEmpty()).isTrue();
                queue.load(out, n);
                continue;
            }
            if (kind == 5) {
                queue.observe(floor + random.nextInt(1 << 20), 1 + random.nextInt(4096));
                queue.tune();
                continue;
            }
            Probe e = probes.get(random.nextInt(events));
            if (kind == 6 && e.isScheduled()) { // cancel
                oracle.remove(e);
                queue.remove(e);
                assertThat(e.isScheduled()).isFalse();
                continue;
            }
            boolean queued = e.isScheduled();
            if (queued) {
                oracle.remove(e);
            }
            // mostly not earlier than the last taken, as in a simulation; sometimes earlier, which the queue allows
            e.time = time(random, shape, random.nextInt(10) == 0 ? 0 : floor);
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
            assertThat(queue.first()).isSameAs(oracle.first());
            assertThat(queue.poll()).isSameAs(oracle.pollFirst());
        }
        assertThat(queue.isEmpty()).isTrue();
        assertThat(queue.first()).isNull();
        assertThat(queue.firstAlone(probes.get(0), Long.MAX_VALUE)).isFalse();
    }

    @Test
    void theYearHoldsAtLeastTheEventsAndShrinksAfterThem() {
        CalendarQueue queue = new CalendarQueue();
        int n = 3000;
        for (int i = 0; i < n; i++) {
            Probe p = new Probe();
            p.time = (long) i << CalendarQueue.INITIAL_SHIFT; // one event a day
            p.seq = i;
            queue.add(p);
        }
        assertThat(queue.buckets()).isGreaterThanOrEqualTo(n); // Brown 1988: at least about one bucket per event
        for (int i = 0; i < n - 10; i++) {
            queue.poll();
        }
        queue.tune();
        assertThat(queue.buckets()).isLessThan(n);
        assertThat(queue.size()).isEqualTo(10);
    }

    @Test
    void theDayIsAPowerOfTwoAtOrBelowAQuarterOfTheMeanTimeBetweenFiredEvents() {
        CalendarQueue queue = new CalendarQueue();
        queue.observe(4096L * 1_000, 4096); // 1 µs apart: a quarter is 250 ns, the power of two below it 128 ns
        queue.tune();
        assertThat(queue.shift()).isEqualTo(7);
    }
}
