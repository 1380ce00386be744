package dev.fqlab.sim.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
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
}
