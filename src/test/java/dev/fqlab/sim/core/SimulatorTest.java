package dev.fqlab.sim.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
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
}
