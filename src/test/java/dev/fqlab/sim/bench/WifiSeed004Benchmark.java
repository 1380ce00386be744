package dev.fqlab.sim.bench;

import dev.fqlab.sim.ScenarioRunner;
import dev.fqlab.sim.core.RunControl;
import dev.fqlab.sim.result.SimulationResult;
import dev.fqlab.sim.scenario.AccessCategory;
import dev.fqlab.sim.scenario.AmpduSpec;
import dev.fqlab.sim.scenario.AqlSpec;
import dev.fqlab.sim.scenario.CodelArithmetic;
import dev.fqlab.sim.scenario.CodelSettings;
import dev.fqlab.sim.scenario.DequeueStrategy;
import dev.fqlab.sim.scenario.Direction;
import dev.fqlab.sim.scenario.DriverSpec;
import dev.fqlab.sim.scenario.EcnCodepoint;
import dev.fqlab.sim.scenario.FlowSpec;
import dev.fqlab.sim.scenario.PhyStandard;
import dev.fqlab.sim.scenario.QdiscSpec;
import dev.fqlab.sim.scenario.QuantumMode;
import dev.fqlab.sim.scenario.Scenario;
import dev.fqlab.sim.scenario.SchedulerSpec;
import dev.fqlab.sim.scenario.StackSpec;
import dev.fqlab.sim.scenario.StationSpec;
import dev.fqlab.sim.scenario.TrafficSpec;
import dev.fqlab.sim.scenario.TxqsSpec;
import dev.fqlab.sim.scenario.WifiLinkSpec;
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
 * The WiFi path at seed 004's scale (issue: ≈1 Gbit/s of UDP to one VHT station, 10 s simulated): 802.11ac
 * 80 MHz, 4 streams MCS 9, mac80211 TXQs and a firmware driver with the seed's host-CPU costs. The
 * {@code packets} counter is simulated packets per wall-clock second; {@code -p durationS=10,20 -prof gc}
 * shows that allocation does not grow with the packets.
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 3, time = 5)
@Measurement(iterations = 5, time = 5)
@Fork(1)
@Threads(1)
@State(Scope.Benchmark)
public class WifiSeed004Benchmark {

    @Param({"per-wake", "drain-all"})
    public String dequeue;

    @Param({"10"})
    public double durationS;

    private Scenario scenario;

    @Setup
    public void buildScenario() {
        var link = new WifiLinkSpec(PhyStandard.AC, 80, true, new AmpduSpec(true, 64, 1048575, 4000), 10, 54);
        var txqs = new TxqsSpec(true, true, 4096, 8192, 16777216L, 300, QuantumMode.BYTES,
                new CodelSettings(20, 100, true, null, CodelArithmetic.LINUX), true);
        var strategy = dequeue.equals("per-wake") ? DequeueStrategy.PER_WAKE : DequeueStrategy.DRAIN_ALL;
        var stack = new StackSpec(new QdiscSpec.Noqueue(), txqs, new SchedulerSpec.RoundRobin(),
                new AqlSpec(false, 5000, 12000, 24000), new DriverSpec(strategy, 2, 1424, 16, 2, 4, 10));
        var udp = new FlowSpec("udp", "sta1", Direction.DOWN, AccessCategory.BE, 0, durationS, EcnCodepoint.NOT_ECT,
                new TrafficSpec.Udp(1000.0, null, 1500, null, 1, 0.05));
        scenario = new Scenario("bench", 1, durationS, 0, 0, link, List.of(new StationSpec("sta1", 9, 4, 0, 256, null)),
                1, stack, List.of(udp));
    }

    @Benchmark
    public SimulationResult tenSecondsOfGigabitUdp(SimulatedCounters counters) {
        SimulationResult r = ScenarioRunner.run(scenario, RunControl.NONE);
        counters.add(r);
        return r;
    }
}
