package dev.fqlab.sim;

import dev.fqlab.sim.core.RunControl;
import dev.fqlab.sim.core.Time;
import dev.fqlab.sim.result.EngineStats;
import dev.fqlab.sim.result.FlowResult;
import dev.fqlab.sim.result.SimulationResult;
import dev.fqlab.sim.result.StationResult;
import dev.fqlab.sim.result.Summary;
import dev.fqlab.sim.scenario.Direction;
import dev.fqlab.sim.scenario.Scenario;
import dev.fqlab.sim.scenario.WifiLinkSpec;
import dev.fqlab.sim.scenario.WiredLinkSpec;
import dev.fqlab.sim.stats.FlowStats;
import dev.fqlab.sim.stats.Jain;
import dev.fqlab.sim.stats.Numbers;
import dev.fqlab.sim.stats.SeriesRecorder;
import dev.fqlab.sim.traffic.Flow;
import java.util.ArrayList;
import java.util.List;

/**
 * The engine's one entry point: builds the model a validated scenario describes, runs the event loop and
 * collects the result (results.md). Deterministic: the same scenario (seed included) gives an equal result,
 * apart from the wall-clock fields of {@code engine}.
 */
public final class ScenarioRunner {

    private ScenarioRunner() {
    }

    /**
     * Runs one simulation on the calling thread.
     *
     * @throws dev.fqlab.sim.core.SimulationCancelledException when {@code control} asks to stop
     */
    public static SimulationResult run(Scenario scenario, RunControl control) {
        long wallStart = System.nanoTime();
        long endNs = Time.seconds(scenario.durationS());
        Network network = switch (scenario.link()) {
            case WiredLinkSpec wired -> new WiredModel(scenario);
            case WifiLinkSpec wifi -> new WifiModel(scenario);
        };
        SeriesRecorder series = null;
        if (scenario.sampleIntervalMs() > 0) {
            String[] names = scenario.flows().stream().map(f -> f.name()).toArray(String[]::new);
            series = new SeriesRecorder(network.sim, Time.ms(scenario.sampleIntervalMs()), endNs, names,
                    network.stats, network.tcpRecorders(), network.downQdisc(), network.seriesStations());
            series.start();
        }
        network.start();
        network.sim.run(endNs, control);
        double wallS = (System.nanoTime() - wallStart) / 1e9;
        return collect(scenario, network, series, wallS);
    }

    private static SimulationResult collect(Scenario scenario, Network network, SeriesRecorder series,
                                            double wallS) {
        double measuredS = scenario.durationS() - scenario.warmupS();
        List<FlowResult> flows = new ArrayList<>(network.flows.length);
        double[] loadThroughputs = new double[network.flows.length];
        int loads = 0;
        double total = 0;
        long endNs = Time.seconds(scenario.durationS());
        // a direction's name, once per direction rather than once per flow
        String[] directions = new String[Direction.values().length];
        for (Direction d : Direction.values()) {
            directions[d.ordinal()] = d.json();
        }
        for (Flow flow : network.flows) {
            FlowResult r = flowResult(flow, measuredS, endNs, directions[flow.spec().direction().ordinal()]);
            flows.add(r);
            total += r.throughputMbps();
            if (flow.countsTowardFairness()) {
                loadThroughputs[loads++] = r.throughputMbps();
            }
        }
        List<StationResult> stations = network.stationResults(measuredS);
        Summary summary;
        if (stations.isEmpty()) {
            double jain = Jain.index(java.util.Arrays.copyOf(loadThroughputs, loads));
            summary = new Summary(Numbers.round6(total), Numbers.round6OrNull(jain), null);
        } else {
            double jainThroughput = Jain.index(stations.stream().mapToDouble(StationResult::throughputMbps).toArray());
            double jainAirtime = Jain.index(stations.stream().mapToDouble(s -> (double) s.airtimeUs()).toArray());
            summary = new Summary(Numbers.round6(total), Numbers.round6OrNull(jainThroughput),
                    Numbers.round6OrNull(jainAirtime));
        }
        long events = network.sim.events();
        long offered = 0;
        long delivered = 0;
        for (FlowResult f : flows) {
            offered += f.sentPackets();
            delivered += f.deliveredPackets();
        }
        var engine = new EngineStats(Numbers.round6(wallS), events,
                Numbers.round6(wallS > 0 ? events / wallS : 0), network.pool.acquired(),
                Numbers.round6(wallS > 0 ? scenario.durationS() / wallS : 0), offered, delivered,
                perPacket(events, offered), perPacket(events, delivered));
        return new SimulationResult(null, null, null, scenario.seed(), Numbers.round6(scenario.durationS()), engine,
                summary, stations, flows, network.txqResults(), network.qdiscResult(), network.qdiscUpResult(),
                series == null ? null : series.result());
    }

    /** Events per packet, 6 significant digits, or null without packets. */
    private static Double perPacket(long events, long packets) {
        return packets == 0 ? null : Numbers.round6((double) events / packets);
    }

    private static FlowResult flowResult(Flow flow, double measuredS, long endNs, String direction) {
        FlowStats s = flow.stats();
        var spec = flow.spec();
        double throughput = s.goodputBytes() * 8 / measuredS / 1e6;
        return new FlowResult(spec.name(), spec.type(), spec.station(), direction,
                s.sentPackets(), s.deliveredPackets(), s.droppedPackets(), s.ecnMarks(), s.outstanding(),
                s.reorderedPackets(), s.sentBytes(), s.deliveredBytes(), Numbers.round6(throughput),
                s.latency().toStats(),
                flow.rttStats(), flow.upLatencyStats(), flow.tcpStats(endNs));
    }
}
