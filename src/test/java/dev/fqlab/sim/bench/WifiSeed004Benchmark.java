package dev.fqlab.sim.bench;

import dev.fqlab.sim.ScenarioRunner;
import dev.fqlab.sim.Scenarios;
import dev.fqlab.sim.WifiScenarios;
import dev.fqlab.sim.core.RunControl;
import dev.fqlab.sim.result.SimulationResult;
import dev.fqlab.sim.scenario.AmpduSpec;
import dev.fqlab.sim.scenario.DequeueStrategy;
import dev.fqlab.sim.scenario.PhyStandard;
import dev.fqlab.sim.scenario.RateControlType;
import dev.fqlab.sim.scenario.Scenario;
import dev.fqlab.sim.scenario.StationSpec;
import dev.fqlab.sim.scenario.schema.RecordSchema;
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
 * The WiFi path at seed 004's scale (1.6 Gbit/s of UDP offered to one VHT station, ≈1.3–1.4 Gbit/s carried, 10 s
 * simulated): 802.11ac 80 MHz, 4 streams MCS 9, 3-MSDU firmware A-MSDUs (the firmware drivers' default), mac80211
 * TXQs and a firmware driver with the seed-004 presets' host-CPU costs (forwarding core, driver core). The
 * {@code packets} counter is simulated packets per wall-clock second; {@code -p durationS=10,20 -prof gc}
 * shows that allocation does not grow with the packets. {@code -p snrDb=none,40} adds the cost of a radio channel
 * (ns-3's NIST error model per MPDU; at 40 dB 256-QAM 5/6 loses nothing, so the simulated traffic is the same);
 * {@code -p rateControl=fixed,minstrel_ht} prices Minstrel-HT.
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

    /** "none": the fixed frameErrorRate 0; a number: a channel of that SNR. */
    @Param({"none"})
    public String snrDb;

    /** The station's {@code rateControl}: "fixed" (VHT80 4×4 MCS 9 SGI) or "minstrel_ht" (every rate up to it). */
    @Param({"fixed"})
    public String rateControl;

    private Scenario scenario;

    @Setup
    public void buildScenario() {
        var ampdu = AmpduSpec.SCHEMA.builder().set("enabled", true).set("maxSubframes", 64).set("maxBytes", 1048575)
                .build();
        var link = WifiScenarios.link(PhyStandard.AC, 80, true, ampdu);
        var strategy = dequeue.equals("per-wake") ? DequeueStrategy.PER_WAKE : DequeueStrategy.DRAIN_ALL;
        var driver = WifiScenarios.driver(strategy).set("hwQueuePackets", 1424).set("perWakeCpuUs", 2)
                .set("perPacketCpuUs", 4).set("batchContentionCpuUs", 4).set("completionCpuUs", 1)
                .set("forwardCpuUs", 8.5).build();
        var stack = WifiScenarios.wifiStack().set("driver", driver).build();
        var traffic = Scenarios.udpTraffic().set("rateMbps", 1600).set("jitterMs", 0.05).build();
        var udp = Scenarios.flowSpec("udp", durationS).set("traffic", traffic).set("station", "sta1").build();
        scenario = Scenario.SCHEMA.builder().set("name", "bench").set("durationS", durationS).set("sampleIntervalMs", 0)
                .set("link", link).set("stations", List.of(station())).set("stack", stack)
                .set("flows", List.of(udp)).build();
    }

    private StationSpec station() {
        RateControlType rc = rateControl.equals("minstrel_ht") ? RateControlType.MINSTREL_HT : RateControlType.FIXED;
        RecordSchema.Builder<StationSpec> station = WifiScenarios.station("sta1").set("mcs", 9)
                .set("spatialStreams", 4).set("rateControl", rc);
        if (!snrDb.equals("none")) {
            station.set("channel", WifiScenarios.snr(Double.parseDouble(snrDb), 4));
        }
        return station.build();
    }

    @Benchmark
    public SimulationResult tenSecondsOfGigabitUdp(SimulatedCounters counters) {
        SimulationResult r = ScenarioRunner.run(scenario, RunControl.NONE);
        counters.add(r);
        return r;
    }
}
