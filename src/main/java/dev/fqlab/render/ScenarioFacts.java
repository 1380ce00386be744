package dev.fqlab.render;

import java.util.ArrayList;
import java.util.List;
import tools.jackson.databind.JsonNode;

/**
 * The facts of a normalized scenario (scenario.md) that the renderings label and group by. Read from the stored
 * JSON rather than re-parsed through the scenario parser: a rendering must still work for an old experiment
 * after the service's limits were lowered, and it keeps the whole document ({@link #json}) for the report.
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

    public static ScenarioFacts of(JsonNode scenario) {
        List<String> stations = new ArrayList<>();
        for (JsonNode station : scenario.path("stations")) {
            stations.add(station.path("name").asString());
        }
        List<FlowFacts> flows = new ArrayList<>();
        for (JsonNode flow : scenario.path("flows")) {
            flows.add(new FlowFacts(flow.path("name").asString(), flow.path("type").asString(),
                    flow.path("direction").asString("down"), flow.path("ac").asString("BE"),
                    text(flow.path("station")), flow.path("startS").asDouble(0),
                    flow.path("stopS").asDouble(scenario.path("durationS").asDouble()), number(flow.path("rateMbps")),
                    number(flow.path("intervalMs"))));
        }
        JsonNode link = scenario.path("link");
        return new ScenarioFacts(scenario, scenario.path("durationS").asDouble(), scenario.path("warmupS").asDouble(0),
                scenario.path("sampleIntervalMs").asDouble(0), link.path("type").asString("wired"),
                number(link.path("rateMbps")), scenario.path("stack").path("qdisc").path("type").asString(null),
                List.copyOf(stations), List.copyOf(flows));
    }

    public boolean wired() {
        return stations.isEmpty();
    }

    /** Whether a flow is TCP: only TCP flows have a congestion window and RTT series. */
    public boolean hasTcp() {
        return flows.stream().anyMatch(flow -> "tcp".equals(flow.type()));
    }

    private static Double number(JsonNode node) {
        return node.isNumber() ? node.asDouble() : null;
    }

    private static String text(JsonNode node) {
        return node.isString() ? node.asString() : null;
    }
}
