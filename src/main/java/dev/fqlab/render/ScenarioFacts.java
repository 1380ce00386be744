package dev.fqlab.render;

import dev.fqlab.sim.scenario.FlowSpec;
import dev.fqlab.sim.scenario.Scenario;
import dev.fqlab.sim.scenario.StationSpec;
import dev.fqlab.sim.scenario.TrafficSpec;
import dev.fqlab.sim.scenario.WiredLinkSpec;
import java.util.List;
import tools.jackson.databind.JsonNode;

/**
 * The facts of a normalized scenario (scenario.md) that the renderings label and group by, taken from its records;
 * {@link #json} is the document as stored, which the report and the flent file show whole.
 */
public record ScenarioFacts(JsonNode json, double durationS, double warmupS, double sampleIntervalMs,
                            String linkType, Double rateMbps, String qdiscType, List<String> stations,
                            List<FlowFacts> flows) {

    /** One flow as the scenario describes it. {@code station} is null on wired links. */
    public record FlowFacts(String name, String type, String direction, String ac, String station, double startS,
                            double stopS, Double rateMbps, Double intervalMs) {

        public boolean isPing() {
            return "ping".equals(type);
        }
    }

    /** The facts of {@code scenario}, stored as {@code json}. */
    public static ScenarioFacts of(Scenario scenario, JsonNode json) {
        Double rateMbps = scenario.link() instanceof WiredLinkSpec wired ? wired.rateMbps() : null;
        return new ScenarioFacts(json, scenario.durationS(), scenario.warmupS(), scenario.sampleIntervalMs(),
                scenario.link().type(), rateMbps, scenario.stack().qdisc().type(),
                scenario.stations().stream().map(StationSpec::name).toList(),
                scenario.flows().stream().map(ScenarioFacts::flow).toList());
    }

    private static FlowFacts flow(FlowSpec flow) {
        Double rateMbps = flow.traffic() instanceof TrafficSpec.Udp udp ? udp.rateMbps() : null;
        Double intervalMs = switch (flow.traffic()) {
            case TrafficSpec.Udp udp -> udp.intervalMs();
            case TrafficSpec.Ping ping -> ping.intervalMs();
            case TrafficSpec.Tcp tcp -> null;
        };
        return new FlowFacts(flow.name(), flow.type(), flow.direction().json(), flow.ac().name(), flow.station(),
                flow.startS(), flow.stopS(), rateMbps, intervalMs);
    }

    public boolean wired() {
        return stations.isEmpty();
    }

    /** Whether a flow is TCP: only TCP flows have a congestion window and RTT series. */
    public boolean hasTcp() {
        return flows.stream().anyMatch(flow -> "tcp".equals(flow.type()));
    }
}
