package dev.fqlab.result;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import tools.jackson.core.JsonParser;
import tools.jackson.core.JsonToken;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Every numeric field of a stored result document (results.md), named by its path in the document with dots, array
 * elements by what identifies them: what a sweep aggregates (api.md Sweeps: "for each numeric result field").
 * <ul>
 *   <li>{@code summary.<field>}, e.g. {@code summary.throughputMbps};
 *   <li>{@code stations.<name>.<field>}, e.g. {@code stations.sta1.airtimeShare}, {@code stations.sta1.retries};
 *   <li>{@code flows.<name>.<field>}, nested objects one level deeper: {@code flows.udp1.reorderedPackets},
 *       {@code flows.udp1.latencyMs.p99}, {@code flows.ping.rttMs.p50}, {@code flows.tcp.tcp.retransmits};
 *   <li>{@code txqs.<station>.<tid>.<field>}, e.g. {@code txqs.sta1.0.drops};
 *   <li>{@code qdisc.<field>} and {@code qdiscUp.<field>}: the tc counters and the xstats, flat as in the document
 *       ({@code qdisc.dropped}, {@code qdisc.newFlowCount}, {@code qdisc.ecnMark});
 *   <li>{@code engine.<field>} ({@code engine.events}, {@code engine.packets}) and {@code simulatedS}.
 * </ul>
 * Left out: the identity fields ({@code experimentId}, {@code scenarioSha256}, {@code engineVersion}; {@code seed}
 * is kept beside the metrics), the {@code series} (time series, not one number per run), strings and booleans. A
 * null in the document (no samples, jainAirtime on a wired link) is simply absent. A field the engine adds later is
 * picked up by the same rules, under its path. Reading by name from the document keeps sweeps independent of how
 * the engine's result records evolve. (Moved here from the sweep package so that a result's metrics are stored with
 * it, {@link ResultMetricRows}.)
 */
public final class ResultMetricFields {

    /** The parts of a document metrics come from, in the order they are listed; any other part follows these. */
    private static final List<String> PARTS = List.of("summary", "stations", "flows", "txqs", "qdisc", "qdiscUp", "engine");
    private static final Set<String> SKIPPED = Set.of("experimentId", "scenarioSha256", "engineVersion", "series");

    /** One document's metrics: names in a stable order, one value each, and the run's seed (null if none). */
    public record Extracted(List<String> names, double[] values, Long seed) {
    }

    private ResultMetricFields() {
    }

    /** The metrics of one result document, in a stable order: {@link #PARTS}, then anything else in document order. */
    public static Extracted extract(JsonMapper jsonMapper, String document) {
        Map<String, JsonNode> parts = new LinkedHashMap<>();
        Long seed = null;
        // The series (most of a document, when it still holds them) is skipped unread; the rest is small.
        try (JsonParser parser = jsonMapper.createParser(document)) {
            if (parser.nextToken() == JsonToken.START_OBJECT) {
                while (parser.nextToken() == JsonToken.PROPERTY_NAME) {
                    String field = parser.currentName();
                    JsonToken token = parser.nextToken();
                    if (SKIPPED.contains(field)) {
                        parser.skipChildren();
                    } else if (field.equals("seed")) {
                        seed = token.isNumeric() ? parser.getLongValue() : null;
                    } else {
                        parts.put(field, parser.readValueAsTree());
                    }
                }
            }
        }
        Map<String, Double> metrics = new LinkedHashMap<>();
        PARTS.forEach(part -> walk(metrics, part, parts.remove(part)));
        parts.forEach((part, node) -> walk(metrics, part, node));
        double[] values = new double[metrics.size()];
        int i = 0;
        for (double value : metrics.values()) {
            values[i++] = value;
        }
        return new Extracted(List.copyOf(metrics.keySet()), values, seed);
    }

    /** Every number under {@code node}, named {@code path.<field>…}. */
    private static void walk(Map<String, Double> metrics, String path, JsonNode node) {
        if (node == null) {
            return;
        }
        if (node.isNumber()) {
            metrics.put(path, node.doubleValue());
        } else if (node.isObject()) {
            node.properties().forEach(e -> walk(metrics, path + "." + e.getKey(), e.getValue()));
        } else if (node.isArray()) {
            for (int i = 0; i < node.size(); i++) {
                JsonNode element = node.get(i);
                if (element.isObject()) {
                    walkElement(metrics, path, i, element);
                }
                // An array of plain values is a series or a list, not one number per run.
            }
        }
    }

    /**
     * An element of an array of objects, named by what identifies it: a TXQ by station and TID, anything with a
     * {@code name} by its name, anything else by its index. The identifying fields are not metrics.
     */
    private static void walkElement(Map<String, Double> metrics, String path, int index, JsonNode element) {
        Set<String> identity;
        String key;
        if (path.equals("txqs") && element.hasNonNull("station") && element.hasNonNull("tid")) {
            key = element.get("station").asString() + "." + element.get("tid").asString();
            identity = Set.of("station", "tid");
        } else if (element.hasNonNull("name")) {
            key = element.get("name").asString();
            identity = Set.of("name");
        } else {
            key = Integer.toString(index);
            identity = Set.of();
        }
        element.properties().forEach(e -> {
            if (!identity.contains(e.getKey())) {
                walk(metrics, path + "." + key + "." + e.getKey(), e.getValue());
            }
        });
    }
}
