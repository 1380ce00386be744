package dev.fqlab.sim.core;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.PriorityQueue;
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

    /** Files {@code e} (its time and sequence set) in the oracle and in the queue: moved if it was queued, else added. */
    private static void file(CalendarQueue queue, java.util.Collection<Event> oracle, Event e, boolean queued) {
        oracle.add(e);
        if (queued) {
            queue.changed(e);
        } else {
            queue.add(e);
        }
    }

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
            file(queue, oracle, e, queued);
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

    /**
     * Crowded buckets (a small year of short days, grown only as the events outnumber its days; no retuning), with
     * times in clusters, so that many events share a bucket: filing lands
     * at its head, its tail and in its middle, and a cancel or reschedule takes out an event that is not its
     * bucket's first (the singly linked list's walk) or is its last; times repeat (the sequence decides) and some lie
     * many years ahead, in the same buckets as this year's. The oracle is a {@code PriorityQueue} over (time, seq),
     * with a firing loop on top: the first is taken or, like a firing event, rescheduled in place.
     */
    @Property(tries = 300)
    void crowdedBucketsTakeCancelAndRescheduleInOrder(@ForAll long seed,
            @ForAll @IntRange(min = 1, max = 300) int events, @ForAll @IntRange(min = 0, max = 6) int shift) {
        Random random = new Random(seed);
        Comparator<Event> order = Comparator.<Event>comparingLong(e -> e.time).thenComparingLong(e -> e.seq);
        PriorityQueue<Event> oracle = new PriorityQueue<>(order);
        CalendarQueue queue = new CalendarQueue(CalendarQueue.MIN_BUCKETS, shift);
        long year = (long) CalendarQueue.MIN_BUCKETS << shift;
        List<Probe> probes = new ArrayList<>();
        for (int i = 0; i < events; i++) {
            probes.add(new Probe());
        }
        long seq = 0;
        long now = 0;
        for (int op = 0; op < 8 * events; op++) {
            int kind = random.nextInt(10);
            if (kind < 2 && !oracle.isEmpty()) { // take the first
                Event first = oracle.poll();
                now = first.time;
                assertThat(queue.first()).isSameAs(first);
                assertThat(queue.poll()).isSameAs(first);
                continue;
            }
            if (kind == 2 && !oracle.isEmpty()) { // the first fires and reschedules itself
                Event first = oracle.poll();
                now = first.time;
                assertThat(queue.peek()).isSameAs(first);
                long at = now + random.nextInt(4) * year + random.nextInt((int) Math.min(year, 64));
                Event second = oracle.peek();
                assertThat(queue.firstAlone(first, at)).isEqualTo(second == null || second.time > at);
                first.time = at;
                first.seq = seq++;
                oracle.add(first);
                queue.changed(first);
                continue;
            }
            Probe e = probes.get(random.nextInt(events));
            if (kind == 3 && e.isScheduled()) { // cancel, wherever it is in its bucket
                assertThat(oracle.remove(e)).isTrue();
                queue.remove(e);
                assertThat(e.isScheduled()).isFalse();
                continue;
            }
            boolean queued = e.isScheduled();
            if (queued) {
                assertThat(oracle.remove(e)).isTrue();
            }
            e.time = now + switch (random.nextInt(4)) {
                case 0 -> random.nextInt(4); // equal times
                case 1 -> random.nextInt((int) year); // this year
                case 2 -> (1 + random.nextInt(1000)) * year + random.nextInt(8); // years ahead, same buckets
                default -> random.nextLong() >>> (8 + random.nextInt(40)); // anywhere, far ahead
            };
            e.seq = seq++;
            file(queue, oracle, e, queued);
            assertThat(queue.size()).isEqualTo(oracle.size());
        }
        while (!oracle.isEmpty()) {
            Event first = oracle.poll();
            assertThat(queue.poll()).isSameAs(first);
        }
        assertThat(queue.isEmpty()).isTrue();
        assertThat(queue.first()).isNull();
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
