package dev.fqlab.sim.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Random;
import java.util.TreeSet;
import java.util.concurrent.atomic.AtomicBoolean;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.LongRange;
import net.jqwik.api.constraints.Size;
import org.junit.jupiter.api.Test;

class SimulatorTest {

    private static Event recording(List<String> log, String name) {
        return new Event() {
            @Override
            protected void fire(long now) {
                log.add(name + "@" + now);
            }
        };
    }

    @Test
    void runsEventsInTimeOrderAndSimultaneousOnesInSchedulingOrder() {
        var sim = new Simulator();
        List<String> log = new ArrayList<>();
        Event c = recording(log, "c");
        Event a = recording(log, "a");
        Event b = recording(log, "b");
        Event d = recording(log, "d");
        sim.schedule(c, 20);
        sim.schedule(a, 10);
        sim.schedule(b, 10);
        sim.schedule(d, 5);
        sim.run(100, RunControl.NONE);
        assertThat(log).containsExactly("d@5", "a@10", "b@10", "c@20");
        assertThat(sim.now()).isEqualTo(100);
        assertThat(sim.events()).isEqualTo(4);
    }

    @Test
    void reschedulingMovesAnEventAndCancellingRemovesIt() {
        var sim = new Simulator();
        List<String> log = new ArrayList<>();
        Event a = recording(log, "a");
        Event b = recording(log, "b");
        sim.schedule(a, 10);
        sim.schedule(b, 20);
        sim.schedule(a, 30);
        sim.cancel(b);
        sim.run(100, RunControl.NONE);
        assertThat(log).containsExactly("a@30");
        assertThat(a.isScheduled()).isFalse();
    }

    @Test
    void stopsAtTheEndTimeAndLeavesLaterEventsQueued() {
        var sim = new Simulator();
        List<String> log = new ArrayList<>();
        Event late = recording(log, "late");
        sim.schedule(late, 200);
        sim.run(100, RunControl.NONE);
        assertThat(log).isEmpty();
        assertThat(late.isScheduled()).isTrue();
    }

    @Test
    void refusesToScheduleInThePast() {
        var sim = new Simulator();
        Event e = recording(new ArrayList<>(), "e");
        sim.schedule(e, 50);
        sim.run(60, RunControl.NONE);
        assertThatThrownBy(() -> sim.schedule(e, 10)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void cancellationStopsTheLoopAndProgressIsReported() {
        var sim = new Simulator();
        var stop = new AtomicBoolean();
        List<Double> progress = new ArrayList<>();
        Event tick = new Event() {
            @Override
            protected void fire(long now) {
                if (now >= 50_000) {
                    stop.set(true);
                }
                sim.schedule(this, now + 1);
            }
        };
        sim.schedule(tick, 0);
        RunControl control = new RunControl() {
            @Override
            public boolean cancelled() {
                return stop.get();
            }

            @Override
            public void progress(double fraction, long simulatedNs, long events) {
                progress.add(fraction);
            }
        };
        assertThatThrownBy(() -> sim.run(1_000_000, control)).isInstanceOf(SimulationCancelledException.class);
        assertThat(sim.now()).isBetween(50_000L, 60_000L);
        assertThat(progress).isNotEmpty().isSorted().allMatch(f -> f > 0 && f < 0.1);
    }

    @Test
    void manyEventsComeOutSorted() {
        var sim = new Simulator();
        var random = RandomStream.of(3, "times");
        List<Long> fired = new ArrayList<>();
        for (int i = 0; i < 10_000; i++) {
            sim.schedule(new Event() {
                @Override
                protected void fire(long now) {
                    fired.add(now);
                }
            }, random.nextLong(1_000_000));
        }
        sim.run(1_000_000, RunControl.NONE);
        assertThat(fired).hasSize(10_000).isSorted();
    }

    /**
     * A source that sends at the given steps apart, logging each send; other events (some of which schedule a
     * zero-delay follow-up, so ties at one time occur) log themselves. With {@code inline} the source goes on with
     * {@link Simulator#continueAt} where it may.
     */
    private static List<String> sourceAmongOthers(List<Long> steps, List<Long> others, boolean inline, long[] events) {
        var sim = new Simulator();
        List<String> log = new ArrayList<>();
        for (int i = 0; i < others.size(); i++) {
            String name = "o" + i;
            Event followUp = recording(log, name + "'");
            boolean spawns = i % 3 == 0;
            sim.schedule(new Event() {
                @Override
                protected void fire(long now) {
                    log.add(name + "@" + now);
                    if (spawns) {
                        sim.schedule(followUp, now);
                    }
                }
            }, others.get(i));
        }
        Event source = new Event() {
            int sent;

            @Override
            protected void fire(long now) {
                while (true) {
                    log.add("s" + sent + "@" + now);
                    if (++sent == steps.size()) {
                        return;
                    }
                    long at = now + steps.get(sent);
                    if (!inline || !sim.continueAt(this, at)) {
                        sim.schedule(this, at);
                        return;
                    }
                    now = at;
                }
            }
        };
        sim.schedule(source, steps.getFirst());
        sim.run(5_000, RunControl.NONE);
        events[0] = sim.events();
        return log;
    }

    @Property(tries = 300)
    void goingOnInPlaceRunsEverythingAtTheSameTimesInTheSameOrderWithFewerEvents(
            @ForAll @Size(min = 1, max = 60) List<@LongRange(min = 0, max = 40) Long> steps,
            @ForAll @Size(max = 40) List<@LongRange(min = 0, max = 1_000) Long> others) {
        long[] queued = new long[1];
        long[] inline = new long[1];
        List<String> expected = sourceAmongOthers(steps, others, false, queued);
        assertThat(sourceAmongOthers(steps, others, true, inline)).isEqualTo(expected);
        assertThat(inline[0]).isLessThanOrEqualTo(queued[0]);
    }

    @Test
    void continuingInPlaceNeedsTheEventToBeFiringAndAloneUpToThatTime() {
        var sim = new Simulator();
        List<String> log = new ArrayList<>();
        Event other = recording(log, "other");
        Event idle = recording(log, "idle");
        List<Boolean> answers = new ArrayList<>();
        Event self = new Event() {
            @Override
            protected void fire(long now) {
                answers.add(sim.continueAt(this, 19)); // alone before 20
                answers.add(sim.continueAt(this, 20)); // other, scheduled earlier, runs first at 20
                answers.add(sim.continueAt(idle, 19)); // not the firing event
                answers.add(sim.continueAt(this, 101)); // past the end of the run
            }
        };
        sim.schedule(self, 10);
        sim.schedule(other, 20);
        sim.run(100, RunControl.NONE);
        assertThat(answers).containsExactly(true, false, false, false);
        assertThat(log).containsExactly("other@20");
        assertThat(sim.events()).isEqualTo(2);
    }

    /** What a program's events may do to the simulation they run in. */
    private interface Engine {
        void schedule(int event, long at);

        void cancel(int event);

        boolean continueAt(int event, long at);
    }

    /**
     * The oracle: a sorted set of (time, seq, event) keys, the first one fired; {@code continueAt} holds where the
     * firing event is first and the next key is later than {@code at} (the Simulator's contract).
     */
    private static final class OracleEngine implements Engine {
        private record Key(long time, long seq, int event) {
        }

        private final TreeSet<Key> queue =
                new TreeSet<>(Comparator.comparingLong(Key::time).thenComparingLong(Key::seq));
        private final Key[] keys;
        private long now;
        private long end;
        private long seq;

        OracleEngine(int events) {
            keys = new Key[events];
        }

        @Override
        public void schedule(int event, long at) {
            cancel(event);
            keys[event] = new Key(at, seq++, event);
            queue.add(keys[event]);
        }

        @Override
        public void cancel(int event) {
            if (keys[event] != null) {
                queue.remove(keys[event]);
                keys[event] = null;
            }
        }

        @Override
        public boolean continueAt(int event, long at) {
            Key first = queue.isEmpty() ? null : queue.first();
            Key second = first == null ? null : queue.higher(first);
            if (at < now || at > end || first == null || first.event() != event
                    || (second != null && second.time() <= at)) {
                return false;
            }
            now = at;
            return true;
        }

        void run(long end, Program program) {
            this.end = end;
            while (!queue.isEmpty() && queue.first().time() <= end) {
                Key first = queue.first();
                now = first.time();
                program.fire(this, first.event(), now);
                if (keys[first.event()] == first) { // neither rescheduled nor cancelled while firing
                    cancel(first.event());
                }
            }
            now = end;
        }
    }

    private static final class SimulatorEngine implements Engine {
        private final Simulator sim = new Simulator();
        private final Event[] events;

        SimulatorEngine(int n, Program program) {
            events = new Event[n];
            for (int i = 0; i < n; i++) {
                int id = i;
                events[i] = new Event() {
                    @Override
                    protected void fire(long now) {
                        program.fire(SimulatorEngine.this, id, now);
                    }
                };
            }
        }

        @Override
        public void schedule(int event, long at) {
            sim.schedule(events[event], at);
        }

        @Override
        public void cancel(int event) {
            sim.cancel(events[event]);
        }

        @Override
        public boolean continueAt(int event, long at) {
            return sim.continueAt(events[event], at);
        }
    }

    /**
     * Random events: each, when fired, logs itself and then (drawing from one seeded stream, so both engines draw
     * alike while they agree) schedules, reschedules or cancels events, or goes on in place and logs that.
     */
    private static final class Program {
        private final Random random;
        private final long spread;
        private final int events;
        final List<String> log = new ArrayList<>();

        Program(long seed, long spread, int events) {
            this.random = new Random(seed);
            this.spread = spread;
            this.events = events;
        }

        long delay() {
            return switch (random.nextInt(4)) {
                case 0 -> 0;
                case 1 -> random.nextInt(8);
                case 2 -> random.nextLong(spread);
                default -> random.nextLong(1 + 50 * spread); // far ahead: other years of the calendar
            };
        }

        void fire(Engine engine, int self, long now) {
            log.add(self + "@" + now);
            if (log.size() > LOG_LIMIT) { // then the events die out
                return;
            }
            int n = random.nextInt(4);
            for (int i = 0; i < n; i++) {
                int kind = random.nextInt(10);
                int other = random.nextInt(events);
                if (kind < 5) {
                    engine.schedule(other, now + delay());
                } else if (kind < 6) {
                    engine.cancel(other);
                } else {
                    long at = now + delay();
                    if (engine.continueAt(self, at)) {
                        now = at;
                        log.add(self + " on@" + now);
                    } else if (kind < 9) {
                        engine.schedule(self, at);
                        return;
                    }
                }
            }
        }
    }

    /** Past the simulator's 4096-event retune. */
    private static final int LOG_LIMIT = 10_000;

    /**
     * With 40 events the queue stays a heap; with 1100, all scheduled at the start, the heap hands them to the
     * calendar at once (more than {@code EventQueue.TO_CALENDAR_AT_ONCE}), so {@code continueAt} and the loop are
     * checked on both (the calendar's {@code othersAfter} ignoring the first's bucket-mate fails this).
     */
    @Property(tries = 200)
    void firesWhatASortedSetOfTimeAndSequenceFires(@ForAll long seed,
            @ForAll @LongRange(min = 1, max = 1L << 32) long spread,
            @ForAll @Size(min = 1, max = 4) List<@LongRange(min = 1, max = 1L << 40) Long> ends,
            @ForAll boolean many) {
        int n = many ? 1100 : 40;
        Program expected = new Program(seed, spread, n);
        Program actual = new Program(seed, spread, n);
        OracleEngine oracle = new OracleEngine(n);
        SimulatorEngine sim = new SimulatorEngine(n, actual);
        Random start = new Random(seed);
        for (int i = 0; i < n; i++) {
            long at = start.nextLong(spread);
            oracle.schedule(i, at);
            sim.schedule(i, at);
        }
        long end = 0;
        for (long step : ends) {
            end += step / ends.size();
            oracle.run(end, expected);
            sim.sim.run(end, RunControl.NONE);
            assertThat(actual.log).isEqualTo(expected.log);
        }
        oracle.run(Long.MAX_VALUE, expected);
        sim.sim.run(Long.MAX_VALUE, RunControl.NONE);
        assertThat(actual.log).isEqualTo(expected.log).hasSizeGreaterThanOrEqualTo(n);
    }
}
