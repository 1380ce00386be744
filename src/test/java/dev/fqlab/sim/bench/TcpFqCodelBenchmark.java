package dev.fqlab.sim.bench;

import dev.fqlab.sim.ScenarioRunner;
import dev.fqlab.sim.Scenarios;
import dev.fqlab.sim.core.RunControl;
import dev.fqlab.sim.result.SimulationResult;
import dev.fqlab.sim.scenario.CongestionControlKind;
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
 * TCP at speed (issue 3: 10 TCP flows through a 1 Gbit/s fq_codel link, 10 s simulated): one simulation per
 * operation on one thread. The {@code packets} counter is simulated packets — data segments and ACKs, each one
 * packet of the pool — per wall-clock second. Run with {@code -p durationS=10,20 -prof gc}: the bytes allocated per
 * operation are the set-up and the result, the same for both durations, nothing per packet.
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 3, time = 5)
@Measurement(iterations = 5, time = 5)
@Fork(1)
@Threads(1)
@State(Scope.Benchmark)
public class TcpFqCodelBenchmark {

    /** Simulated seconds. */
    @Param({"10"})
    public double durationS;

    /** Congestion control of all ten flows. */
    @Param({"CUBIC"})
    public CongestionControlKind congestionControl;

    private Scenario scenario;

    @Setup
    public void buildScenario() {
        List<FlowSpec> flows = new ArrayList<>();
        for (int i = 0; i < 10; i++) {
            flows.add(Scenarios.tcp("tcp" + i, congestionControl, durationS));
        }
        scenario = GigabitFqCodel.scenario(durationS, 10, flows);
    }

    @Benchmark
    public SimulationResult tenTcpFlowsAtOneGigabit(SimulatedCounters counters) {
        SimulationResult r = ScenarioRunner.run(scenario, RunControl.NONE);
        counters.add(r);
        return r;
    }
}
