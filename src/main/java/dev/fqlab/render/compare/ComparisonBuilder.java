package dev.fqlab.render.compare;

import java.math.BigDecimal;
import java.math.MathContext;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import tools.jackson.databind.JsonNode;

/** Lines up the columns' metrics and the experiments' scenarios (see {@link Comparison}). */
public final class ComparisonBuilder {

    private ComparisonBuilder() {
    }

    /**
     * One column's part.
     *
     * @param scenario the normalized scenario; null for a measurement, which has none
     */
    public record Entry(Comparison.Column column, Map<String, Double> metrics, JsonNode scenario) {
    }

    public static Comparison build(List<Entry> entries, Map<String, String> links) {
        List<JsonNode> scenarios = entries.stream().map(Entry::scenario).filter(Objects::nonNull).toList();
        List<ScenarioDiff.Difference> differences = scenarios.size() > 1 ? ScenarioDiff.of(scenarios) : List.of();
        Set<String> names = new LinkedHashSet<>();
        entries.forEach(e -> names.addAll(e.metrics().keySet()));
        List<Comparison.Metric> metrics = new ArrayList<>();
        for (String name : names) {
            List<Double> values = new ArrayList<>();
            List<Double> diffs = new ArrayList<>();
            List<Double> ratios = new ArrayList<>();
            Double first = entries.getFirst().metrics().get(name);
            for (Entry e : entries) {
                Double v = e.metrics().get(name);
                values.add(v);
                diffs.add(v == null || first == null ? null : round6(v - first));
                ratios.add(v == null || first == null || first == 0 ? null : round6(v / first));
            }
            metrics.add(new Comparison.Metric(name, values, diffs, ratios));
        }
        return new Comparison(entries.stream().map(Entry::column).toList(), differences, metrics, links);
    }

    /** Differences and ratios to 6 significant digits, as results.md rounds: 0.1 rather than 0.09999999999999964. */
    static Double round6(Double v) {
        if (v == null || !Double.isFinite(v) || v == 0) {
            return v;
        }
        return new BigDecimal(v).round(new MathContext(6)).doubleValue();
    }
}
