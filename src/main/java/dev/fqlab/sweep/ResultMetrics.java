package dev.fqlab.sweep;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.function.Function;
import org.springframework.stereotype.Component;
import tools.jackson.core.JsonParser;
import tools.jackson.core.JsonToken;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The numbers a sweep aggregates, read from stored result documents (results.md) by name:
 * {@code summary.<field>} for every numeric summary field, {@code stations.<name>.throughputMbps|airtimeShare},
 * {@code flows.<name>.throughputMbps}, {@code flows.<name>.latencyMs.p50|p99} and {@code flows.<name>.rttMs.p50|p99}.
 * A null in the document (no samples, jainAirtime on a wired link) is simply absent.
 *
 * <p>Reading by name from the document keeps sweeps independent of how the engine's result records evolve:
 * stations appear as soon as the engine fills them. A result never changes once stored (a deleted experiment
 * leaves every sweep), so each instance caches what it extracted, and polling a large sweep costs one query.
 */
@Component
public class ResultMetrics {

    static final int CACHE_SIZE = 20_000;

    private final JsonMapper jsonMapper;
    private final Map<UUID, Map<String, Double>> cache = Collections.synchronizedMap(
            new LinkedHashMap<>(1024, 0.75f, true) {
                @Override
                protected boolean removeEldestEntry(Map.Entry<UUID, Map<String, Double>> eldest) {
                    return size() > CACHE_SIZE;
                }
            });

    public ResultMetrics(JsonMapper jsonMapper) {
        this.jsonMapper = jsonMapper;
    }

    /**
     * The metrics of each experiment in {@code ids} (all succeeded); {@code documents} loads the result documents
     * of those not cached yet.
     */
    public Map<UUID, Map<String, Double>> of(List<UUID> ids, Function<List<UUID>, Map<UUID, String>> documents) {
        Map<UUID, Map<String, Double>> metrics = new LinkedHashMap<>();
        List<UUID> missing = ids.stream().filter(id -> {
            Map<String, Double> cached = cache.get(id);
            if (cached != null) {
                metrics.put(id, cached);
            }
            return cached == null;
        }).toList();
        if (!missing.isEmpty()) {
            documents.apply(missing).forEach((id, document) -> {
                Map<String, Double> extracted = extract(document);
                cache.put(id, extracted);
                metrics.put(id, extracted);
            });
        }
        return metrics;
    }

    /** The metrics of one result document, in a stable order: summary, then stations, then flows. */
    Map<String, Double> extract(String document) {
        JsonNode summary = null;
        JsonNode stations = null;
        JsonNode flows = null;
        // Only the three small parts are read into trees; the series (most of a document) is skipped.
        try (JsonParser parser = jsonMapper.createParser(document)) {
            if (parser.nextToken() != JsonToken.START_OBJECT) {
                return Map.of();
            }
            while (parser.nextToken() == JsonToken.PROPERTY_NAME) {
                String field = parser.currentName();
                parser.nextToken();
                switch (field) {
                    case "summary" -> summary = parser.readValueAsTree();
                    case "stations" -> stations = parser.readValueAsTree();
                    case "flows" -> flows = parser.readValueAsTree();
                    default -> parser.skipChildren();
                }
            }
        }
        Map<String, Double> metrics = new LinkedHashMap<>();
        if (summary != null && summary.isObject()) {
            summary.properties().forEach(e -> put(metrics, "summary." + e.getKey(), e.getValue()));
        }
        for (JsonNode station : array(stations)) {
            String name = "stations." + station.path("name").asString("?");
            put(metrics, name + ".throughputMbps", station.get("throughputMbps"));
            put(metrics, name + ".airtimeShare", station.get("airtimeShare"));
        }
        for (JsonNode flow : array(flows)) {
            String name = "flows." + flow.path("name").asString("?");
            put(metrics, name + ".throughputMbps", flow.get("throughputMbps"));
            for (String distribution : List.of("latencyMs", "rttMs")) {
                JsonNode stats = flow.get(distribution);
                if (stats != null && stats.isObject()) {
                    put(metrics, name + "." + distribution + ".p50", stats.get("p50"));
                    put(metrics, name + "." + distribution + ".p99", stats.get("p99"));
                }
            }
        }
        return Collections.unmodifiableMap(metrics);
    }

    private static Iterable<JsonNode> array(JsonNode node) {
        return node != null && node.isArray() ? node.valueStream().toList() : List.of();
    }

    private static void put(Map<String, Double> metrics, String name, JsonNode value) {
        if (value != null && value.isNumber()) {
            metrics.put(name, value.doubleValue());
        }
    }
}
