package dev.fqlab.sim.bench;

import dev.fqlab.sim.ScenarioRunner;
import dev.fqlab.sim.core.RunControl;
import dev.fqlab.sim.result.SimulationResult;
import dev.fqlab.sim.scenario.Scenario;
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
 * Issue 16's many-stations case ({@link ManyStations}): 2, 32 or 128 802.11n stations behind mac80211's TXQs with
 * the airtime scheduler and AQL, 120 Mbit/s of UDP offered in total, split evenly. The {@code delivered} counter is
 * delivered packets per wall-clock second; its inverse is the cost per delivered packet, which should grow at most
 * 1.5× from 2 to 128 stations. For a comparison in one JVM on a shared machine use
 * {@code src/test/load/wifi-speed.sh} (thread CPU time, the station counts alternated).
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 3, time = 5)
@Measurement(iterations = 5, time = 5)
@Fork(1)
@Threads(1)
@State(Scope.Benchmark)
public class WifiStationsBenchmark {

    @Param({"2", "32", "128"})
    public int stations;

    @Param({"30"})
    public double durationS;

    private Scenario scenario;

    @Setup
    public void buildScenario() {
        scenario = ManyStations.scenario(stations, durationS);
    }

    @Benchmark
    public SimulationResult manyStations(SimulatedCounters counters) {
        SimulationResult r = ScenarioRunner.run(scenario, RunControl.NONE);
        counters.add(r);
        return r;
    }
}
