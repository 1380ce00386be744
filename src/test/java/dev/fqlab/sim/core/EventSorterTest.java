package dev.fqlab.sim.core;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.Comparator;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;

/**
 * {@link EventSorter} (issue 16: the calendar's filing without a comparator) puts events in the order the JDK's
 * {@code Arrays.sort} with a (time, seq) comparator gives — the calendar's previous sort, as the oracle — for
 * input in random, sorted, nearly sorted (a calendar re-filed day by day: a few events a year ahead out of place),
 * reversed and equal-time shapes, across the insertion-sort and merge sizes, with the sorter's arrays reused.
 */
class EventSorterTest {

    private static final class Probe extends Event {
        @Override
        protected void fire(long now) {
        }
    }

    @Property(tries = 400)
    void sortsAsTheJdkSortsByTimeThenSequence(@ForAll long seed, @ForAll @IntRange(min = 0, max = 3000) int n,
            @ForAll @IntRange(min = 0, max = 4) int shape, @ForAll @IntRange(min = 1, max = 3) int reuses) {
        Random random = new Random(seed);
        EventSorter sorter = new EventSorter();
        for (int round = 0; round < reuses; round++) {
            int size = round == 0 ? n : random.nextInt(n + 1);
            Event[] events = new Event[size + 2];
            long[] seqs = new long[size];
            for (int i = 0; i < size; i++) {
                seqs[i] = i;
            }
            // unique sequence numbers in a random order, so that equal times are decided by them
            for (int i = size - 1; i > 0; i--) {
                int j = random.nextInt(i + 1);
                long t = seqs[i];
                seqs[i] = seqs[j];
                seqs[j] = t;
            }
            for (int i = 0; i < size; i++) {
                Probe e = new Probe();
                e.seq = seqs[i];
                e.time = switch (shape) {
                    case 0 -> random.nextLong() >>> random.nextInt(64);
                    case 1, 2 -> 1_000L * i + random.nextInt(3);
                    case 3 -> 1_000L * (size - i);
                    default -> random.nextInt(4);
                };
                if (shape == 2 && random.nextInt(16) == 0) {
                    e.time += 1_000_000_000L; // a year ahead, at the end of its bucket
                }
                events[i] = e;
            }
            if (shape == 1) { // sorted, sequence numbers too
                Arrays.sort(events, 0, size, Comparator.comparingLong(e -> e.time));
                for (int i = 0; i < size; i++) {
                    events[i].seq = i;
                }
            }
            Probe beyond = new Probe();
            events[size] = beyond;
            Event[] expected = Arrays.copyOf(events, size);
            Arrays.sort(expected, Comparator.<Event>comparingLong(e -> e.time).thenComparingLong(e -> e.seq));
            sorter.sort(events, size);
            assertThat(Arrays.copyOf(events, size)).containsExactly(expected);
            assertThat(events[size]).isSameAs(beyond);
            assertThat(events[size + 1]).isNull();
        }
    }
}
