package dev.fqlab.sim.bench;

import dev.fqlab.sim.ScenarioRunner;
import dev.fqlab.sim.Scenarios;
import dev.fqlab.sim.core.RunControl;
import dev.fqlab.sim.result.SimulationResult;
import dev.fqlab.sim.scenario.FlowSpec;
import dev.fqlab.sim.scenario.Scenario;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Threads;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The wired fq_codel path at speed (issue: 1 Gbit/s, 100 UDP flows, 10 s simulated): one simulation per
 * operation on one thread. The {@code packets} counter is simulated packets per wall-clock second; run with
 * {@code -prof gc} to see the allocation per operation (the per-simulation set-up and the result, not per packet).
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 3, time = 5)
@Measurement(iterations = 5, time = 5)
@Fork(1)
@Threads(1)
@State(Scope.Benchmark)
public class WiredFqCodelBenchmark {

    /** Each flow's UDP rate: 12 Mbit/s × 100 flows offers 1.2 Gbit/s to the 1 Gbit/s link. */
    @Param({"12"})
    public double flowRateMbps;

    /**
     * Simulated seconds. Running with {@code -p durationS=10,20 -prof gc} shows the same bytes allocated per
     * operation for both: set-up and result only, nothing per packet.
     */
    @Param({"10"})
    public double durationS;

    private Scenario scenario;

    @Setup
    public void buildScenario() {
        List<FlowSpec> flows = new ArrayList<>();
        for (int i = 0; i < 100; i++) {
            flows.add(Scenarios.udp("udp" + i, flowRateMbps, 1500, durationS));
        }
        scenario = GigabitFqCodel.scenario(durationS, 1, flows);
    }

    @Benchmark
    public SimulationResult tenSecondsAtOneGigabit(SimulatedCounters counters) {
        SimulationResult r = ScenarioRunner.run(scenario, RunControl.NONE);
        counters.add(r);
        return r;
    }
}
