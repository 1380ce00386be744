package dev.fqlab.render.compare;

import dev.fqlab.sim.result.FlowResult;
import dev.fqlab.sim.result.LatencyDistribution;
import dev.fqlab.sim.result.SimulationResult;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import tools.jackson.databind.JsonNode;

/**
 * The numbers a comparison lines up, by name. A result gives every numeric field of its document (results.md):
 * {@code summary.*}, {@code flows.<name>.<field>} (latency statistics as {@code flows.<name>.latencyMs.p50}, TCP's
 * as {@code flows.<name>.tcp.retransmits}), {@code stations.<name>.*}, {@code txqs.<station>.<tid>.*},
 * {@code qdisc.*} and {@code qdiscUp.*}; not the series, the distributions, nor the engine's wall-clock figures.
 * Both results and measurements give {@code ping.rttMs.*}: the round trips of every ping flow (every ping series of
 * a flent file) pooled, read by nearest rank ({@code mean}, {@code p50}, {@code p90}, {@code p99}, {@code max},
 * {@code samples}); a result's from its distributions, so to within their 1.6 % cells. A measurement also gives
 * {@code summary.throughputMbps} (the sum of its data series' means), {@code flows.<series>.throughputMbps} and
 * {@code qdisc.*} where the file has qdisc counters.
 */
public final class ComparedMetrics {

    private static final Set<String> SKIPPED = Set.of("experimentId", "scenarioSha256", "engineVersion", "seed",
            "simulatedS", "engine", "series", "distribution");

    private ComparedMetrics() {
    }

    public static Map<String, Double> of(SimulationResult result, JsonNode document) {
        Map<String, Double> metrics = new LinkedHashMap<>();
        flatten("", document, metrics);
        List<LatencyDistribution> pings = new ArrayList<>();
        for (FlowResult flow : result.flows()) {
            if (flow.rttMs() != null && flow.rttMs().distribution() != null) {
                pings.add(flow.rttMs().distribution());
            }
        }
        if (!pings.isEmpty()) {
            ping(metrics, pooled(pings));
        }
        return metrics;
    }

    public static Map<String, Double> of(MeasuredRun run) {
        Map<String, Double> metrics = new LinkedHashMap<>();
        double total = 0;
        boolean any = false;
        for (Map.Entry<String, List<Double>> series : run.throughput().entrySet()) {
            Double mean = MeasuredRun.mean(series.getValue());
            if (mean != null) {
                total += mean;
                any = true;
            }
        }
        if (any) {
            metrics.put("summary.throughputMbps", total);
        }
        run.throughput().forEach((name, values) -> {
            Double mean = MeasuredRun.mean(values);
            if (mean != null) {
                metrics.put("flows." + name + ".throughputMbps", mean);
            }
        });
        List<Double> samples = new ArrayList<>();
        run.pings().values().forEach(samples::addAll);
        if (!samples.isEmpty()) {
            samples.sort(null);
            List<double[]> cells = new ArrayList<>();
            samples.forEach(v -> cells.add(new double[] {v, 1}));
            ping(metrics, cells);
        }
        run.qdisc().forEach((name, value) -> metrics.put("qdisc." + name, value));
        return metrics;
    }

    /** Every numeric leaf under its dotted name; arrays of named things by name, TXQs by station and TID. */
    private static void flatten(String prefix, JsonNode node, Map<String, Double> out) {
        if (node == null) {
            return;
        }
        if (node.isNumber()) {
            out.put(prefix, node.asDouble());
        } else if (node.isObject()) {
            for (String name : node.propertyNames()) {
                if (!SKIPPED.contains(name)) {
                    flatten(prefix.isEmpty() ? name : prefix + "." + name, node.get(name), out);
                }
            }
        } else if (node.isArray()) {
            for (int i = 0; i < node.size(); i++) {
                JsonNode element = node.get(i);
                String key = element.has("tid") ? element.path("station").asString("?") + "." + element.get("tid").asInt()
                        : element.has("name") ? element.get("name").asString() : Integer.toString(i);
                flatten(prefix + "." + key, element, out);
            }
        }
    }

    /** Cells (value in ms, count), in ascending value, of every ping flow together. */
    private static List<double[]> pooled(List<LatencyDistribution> distributions) {
        List<double[]> cells = new ArrayList<>();
        for (LatencyDistribution d : distributions) {
            long previous = 0;
            for (int i = 0; i < d.ms().size(); i++) {
                cells.add(new double[] {d.ms().get(i), d.atMost().get(i) - previous});
                previous = d.atMost().get(i);
            }
        }
        cells.sort(Comparator.comparingDouble(c -> c[0]));
        return cells;
    }

    /** mean, nearest-rank percentiles, max and count of cells (value, count) in ascending value. */
    private static void ping(Map<String, Double> metrics, List<double[]> cells) {
        double n = 0;
        double sum = 0;
        for (double[] c : cells) {
            n += c[1];
            sum += c[0] * c[1];
        }
        metrics.put("ping.rttMs.mean", sum / n);
        metrics.put("ping.rttMs.p50", rank(cells, n, 0.50));
        metrics.put("ping.rttMs.p90", rank(cells, n, 0.90));
        metrics.put("ping.rttMs.p99", rank(cells, n, 0.99));
        metrics.put("ping.rttMs.max", cells.getLast()[0]);
        metrics.put("ping.rttMs.samples", n);
    }

    /** The smallest value with at least ⌈p·n⌉ samples at or below it. */
    private static double rank(List<double[]> cells, double n, double p) {
        double needed = Math.max(1, Math.ceil(p * n));
        double cumulative = 0;
        for (double[] c : cells) {
            cumulative += c[1];
            if (cumulative >= needed) {
                return c[0];
            }
        }
        return cells.getLast()[0];
    }
}
