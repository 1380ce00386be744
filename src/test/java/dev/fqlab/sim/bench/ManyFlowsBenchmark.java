package dev.fqlab.sim.bench;

import dev.fqlab.sim.ScenarioRunner;
import dev.fqlab.sim.Scenarios;
import dev.fqlab.sim.core.RunControl;
import dev.fqlab.sim.result.SimulationResult;
import dev.fqlab.sim.scenario.FlowSpec;
import dev.fqlab.sim.scenario.Scenario;
import dev.fqlab.sim.scenario.StackSpec;
import dev.fqlab.sim.scenario.WiredLinkSpec;
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
 * Many flows (issue 16): the same offered load split over {@code flows} UDP flows through a 100 Mbit/s wired
 * fq_codel link, with the default time series (100 ms), one simulation per operation on one thread. Every size
 * offers the same packets (the same total rate of 1500-byte packets), so the {@code packets} counter — simulated
 * packets per wall-clock second — compares the cost of one offered packet across sizes; the target is at
 * most 1.3× from 3 to 3000 flows. Run with {@code -prof gc}: the bytes allocated per operation grow with the flows
 * (their set-up and their results), not with the packets.
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 3, time = 4)
@Measurement(iterations = 5, time = 4)
@Fork(1)
@Threads(1)
@State(Scope.Benchmark)
public class ManyFlowsBenchmark {

    /** How many UDP flows share the offered load. */
    @Param({"3", "300", "3000"})
    public int flows;

    /** The total offered IP rate, Mbit/s: below the 100 Mbit/s wire's IP capacity by default (no overload). */
    @Param({"95"})
    public double offeredMbps;

    /** Simulated seconds. */
    @Param({"10"})
    public double durationS;

    /** Time-series resolution (the scenario default 100 ms; 0 for none). */
    @Param({"100"})
    public double sampleIntervalMs;

    private Scenario scenario;

    @Setup
    public void buildScenario() {
        scenario = scenario(flows, offeredMbps, durationS, sampleIntervalMs);
    }

    /** The benchmark's scenario: {@code n} UDP flows of 1500-byte packets sharing {@code offeredMbps} on 100 Mbit/s. */
    public static Scenario scenario(int n, double offeredMbps, double durationS, double sampleIntervalMs) {
        List<FlowSpec> list = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            list.add(Scenarios.udp("udp" + i, offeredMbps / n, 1500, durationS));
        }
        var link = WiredLinkSpec.SCHEMA.builder().set("rateMbps", 100).set("upRateMbps", 100).build();
        return Scenario.SCHEMA.builder().set("name", "many-flows").set("durationS", durationS)
                .set("sampleIntervalMs", sampleIntervalMs).set("link", link).set("wiredRttMs", 10)
                .set("stack", new StackSpec(Scenarios.fqCodel())).set("flows", list).build();
    }

    @Benchmark
    public SimulationResult manyFlowsAt100Mbit(SimulatedCounters counters) {
        SimulationResult r = ScenarioRunner.run(scenario, RunControl.NONE);
        counters.add(r);
        return r;
    }
}
