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
 * The simulator's queue hands out events in (time, seq) order while the events move between the 4-ary heap and
 * the calendar queue as their number rises and falls (issue 16; past {@code TO_CALENDAR_AT_ONCE} at once): the oracle is the JDK's sorted set over the same
 * keys, under random add, reschedule, cancel, take and the "alone until" question.
 */
class EventQueueTest {

    private static final class Probe extends Event {
        @Override
        protected void fire(long now) {
        }
    }

    @Property(tries = 100)
    void handsOutEventsInTimeThenScheduleOrderOnHeapAndCalendar(@ForAll long seed,
            @ForAll @IntRange(min = 1, max = 2500) int events, @ForAll @IntRange(min = 1, max = 40) int waves) {
        Random random = new Random(seed);
        Comparator<Event> order = Comparator.<Event>comparingLong(e -> e.time).thenComparingLong(e -> e.seq);
        TreeSet<Event> oracle = new TreeSet<>(order);
        EventQueue queue = new EventQueue();
        List<Probe> probes = new ArrayList<>();
        for (int i = 0; i < events; i++) {
            probes.add(new Probe());
        }
        long seq = 0;
        long now = 0;
        for (int wave = 0; wave < waves; wave++) {
            boolean growing = wave % 2 == 0;
            int target = growing ? random.nextInt(events + 1) : random.nextInt(1 + oracle.size());
            int fired = 0;
            for (int op = 0; op < 4 * events; op++) {
                if (growing ? oracle.size() >= target : oracle.size() <= target) {
                    break;
                }
                int kind = random.nextInt(10);
                if ((kind < 2 || !growing) && !oracle.isEmpty() && kind < 7) { // take the first
                    Event first = oracle.first();
                    long t = first.time + random.nextInt(1 << 16);
                    Event second = oracle.higher(first);
                    assertThat(queue.peek()).isSameAs(first);
                    assertThat(queue.first()).isSameAs(first);
                    // the firing event's question: only the first may go on in place, and only when alone up to t
                    assertThat(queue.firstAlone(first, t)).isEqualTo(second == null || second.time > t);
                    Probe other = probes.get(random.nextInt(events));
                    if (other != first) {
                        assertThat(queue.firstAlone(other, t)).isFalse();
                    }
                    oracle.pollFirst();
                    assertThat(queue.poll()).isSameAs(first);
                    now = first.time;
                    if (++fired == 512) {
                        queue.retune(now, fired);
                        fired = 0;
                    }
                    continue;
                }
                Probe e = probes.get(random.nextInt(events));
                if (kind == 2 && e.isScheduled()) { // cancel
                    oracle.remove(e);
                    queue.remove(e);
                    continue;
                }
                boolean queued = e.isScheduled();
                if (queued) {
                    oracle.remove(e);
                }
                // clusters of sends a period ahead, and events close by; many equal times
                e.time = now + (random.nextBoolean() ? 1_000_000 + random.nextInt(1 << 14) : random.nextInt(1 << 12));
                e.seq = seq++;
                oracle.add(e);
                if (queued) {
                    queue.changed(e);
                } else {
                    queue.add(e);
                    // above TO_CALENDAR_AT_ONCE events the heap hands them to the calendar at once
                    assertThat(queue.onCalendar() || oracle.size() <= EventQueue.TO_CALENDAR_AT_ONCE).isTrue();
                }
            }
            boolean wasOnCalendar = queue.onCalendar();
            queue.retune(now, Math.max(1, fired));
            assertThat(queue.size()).isEqualTo(oracle.size());
            // to the calendar above TO_CALENDAR events, back to the heap below TO_HEAP, else where they were
            boolean expected = wasOnCalendar ? oracle.size() >= EventQueue.TO_HEAP
                    : oracle.size() > EventQueue.TO_CALENDAR;
            assertThat(queue.onCalendar()).isEqualTo(expected);
        }
        while (!oracle.isEmpty()) {
            assertThat(queue.first()).isSameAs(oracle.first());
            assertThat(queue.poll()).isSameAs(oracle.pollFirst());
        }
        assertThat(queue.isEmpty()).isTrue();
        assertThat(queue.first()).isNull();
        assertThat(queue.firstAlone(probes.get(0), Long.MAX_VALUE)).isFalse();
    }
}
