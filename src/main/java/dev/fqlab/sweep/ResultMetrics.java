package dev.fqlab.sweep;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.function.Function;
import org.springframework.stereotype.Component;
import tools.jackson.core.JsonParser;
import tools.jackson.core.JsonToken;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The numbers a sweep aggregates: every numeric field of a stored result document (results.md), named by its path
 * in the document with dots, array elements by what identifies them:
 * <ul>
 *   <li>{@code summary.<field>}, e.g. {@code summary.throughputMbps};
 *   <li>{@code stations.<name>.<field>}, e.g. {@code stations.sta1.airtimeShare}, {@code stations.sta1.retries};
 *   <li>{@code flows.<name>.<field>}, nested objects one level deeper: {@code flows.udp1.reorderedPackets},
 *       {@code flows.udp1.latencyMs.p99}, {@code flows.ping.rttMs.p50}, {@code flows.tcp.tcp.retransmits};
 *   <li>{@code txqs.<station>.<tid>.<field>}, e.g. {@code txqs.sta1.0.drops};
 *   <li>{@code qdisc.<field>} and {@code qdiscUp.<field>}: the tc counters and the xstats, flat as in the document
 *       ({@code qdisc.dropped}, {@code qdisc.newFlowCount}, {@code qdisc.ecnMark});
 *   <li>{@code engine.<field>} ({@code engine.events}, {@code engine.packets}; {@link #WALL_CLOCK} describe the
 *       machine) and {@code simulatedS}.
 * </ul>
 * Left out: the identity fields ({@code experimentId}, {@code scenarioSha256}, {@code engineVersion}; {@code seed}
 * is kept beside the metrics), the {@code series} (time series, not one number per run), strings and booleans. A
 * null in the document (no samples, jainAirtime on a wired link) is simply absent. A field the engine adds later is
 * picked up by the same rules, under its path.
 *
 * <p>Reading by name from the document keeps sweeps independent of how the engine's result records evolve. A result
 * never changes once stored (a deleted experiment leaves every sweep), so each instance caches what it extracted, as
 * compact {@link MetricValues}, and polling a large sweep costs one query.
 */
@Component
public class ResultMetrics {

    static final int CACHE_SIZE = 20_000;
    /** How many result documents are read from the database at once: they are large (their series), metrics small. */
    static final int DOCUMENTS_AT_ONCE = 64;
    /** The engine fields that measure the machine, not the simulation: they differ between identical runs. */
    public static final Set<String> WALL_CLOCK = Set.of("engine.wallS", "engine.eventsPerS", "engine.speedup");
    /** The parts of a document metrics come from, in the order they are listed; any other part follows these. */
    private static final List<String> PARTS = List.of("summary", "stations", "flows", "txqs", "qdisc", "qdiscUp", "engine");
    private static final Set<String> SKIPPED = Set.of("experimentId", "scenarioSha256", "engineVersion", "series");
    private static final int SHAPES = 1024;

    private final JsonMapper jsonMapper;
    private final Map<UUID, MetricValues> cache = Collections.synchronizedMap(
            new LinkedHashMap<>(1024, 0.75f, true) {
                @Override
                protected boolean removeEldestEntry(Map.Entry<UUID, MetricValues> eldest) {
                    return size() > CACHE_SIZE;
                }
            });
    /** Metric name lists seen lately, so that results of one scenario shape share one list and index. */
    private final Map<List<String>, MetricValues.Shape> shapes = Collections.synchronizedMap(
            new LinkedHashMap<>(64, 0.75f, true) {
                @Override
                protected boolean removeEldestEntry(Map.Entry<List<String>, MetricValues.Shape> eldest) {
                    return size() > SHAPES;
                }
            });

    public ResultMetrics(JsonMapper jsonMapper) {
        this.jsonMapper = jsonMapper;
    }

    /**
     * The metrics of each experiment in {@code ids} (all succeeded), in the order of {@code ids}; {@code documents}
     * loads the result documents of those not cached yet, a few at a time.
     */
    public Map<UUID, MetricValues> of(List<UUID> ids, Function<List<UUID>, Map<UUID, String>> documents) {
        Map<UUID, MetricValues> found = new HashMap<>();
        List<UUID> missing = new ArrayList<>();
        for (UUID id : ids) {
            MetricValues cached = cache.get(id);
            if (cached != null) {
                found.put(id, cached);
            } else {
                missing.add(id);
            }
        }
        for (int from = 0; from < missing.size(); from += DOCUMENTS_AT_ONCE) {
            documents.apply(missing.subList(from, Math.min(missing.size(), from + DOCUMENTS_AT_ONCE)))
                    .forEach((id, document) -> {
                        MetricValues extracted = extract(document);
                        cache.put(id, extracted);
                        found.put(id, extracted);
                    });
        }
        Map<UUID, MetricValues> metrics = new LinkedHashMap<>();
        ids.forEach(id -> {
            if (found.containsKey(id)) {
                metrics.put(id, found.get(id));
            }
        });
        return metrics;
    }

    /** The metrics of one result document, in a stable order: {@link #PARTS}, then anything else in document order. */
    MetricValues extract(String document) {
        Map<String, JsonNode> parts = new LinkedHashMap<>();
        Long seed = null;
        // The series (most of a document) is skipped unread; the rest is small.
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
        return values(metrics, seed);
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

    private MetricValues values(Map<String, Double> metrics, Long seed) {
        List<String> names = List.copyOf(metrics.keySet());
        MetricValues.Shape shape = shapes.computeIfAbsent(names, n -> {
            Map<String, Integer> index = new HashMap<>();
            for (int i = 0; i < n.size(); i++) {
                index.put(n.get(i), i);
            }
            return new MetricValues.Shape(n, Map.copyOf(index));
        });
        double[] values = new double[names.size()];
        int i = 0;
        for (double value : metrics.values()) {
            values[i++] = value;
        }
        return new MetricValues(shape, values, seed);
    }
}
