package dev.fqlab.sweep;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.fqlab.experiment.ExperimentStatus;
import dev.fqlab.sim.stats.Numbers;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.UUID;
import tools.jackson.databind.JsonNode;

/**
 * One combination of parameter values: its experiments (one per repetition, in repetition order) and, over those
 * that succeeded, the statistics of every metric their results have.
 *
 * @param values parameter pointer → this row's value
 * @param labels parameter pointer → this row's label, for parameters that have labels
 * @param succeeded how many of its experiments have a result so far
 * @param metrics metric name (see {@link ResultMetrics}) → its statistics over the succeeded repetitions
 */
public record SweepRow(int combination, Map<String, JsonNode> values,
                       @JsonInclude(JsonInclude.Include.NON_EMPTY) Map<String, String> labels,
                       List<UUID> experiments, int succeeded, Map<String, MetricStats> metrics) {

    /** The rows of a sweep, in combination order, with every metric of their results. */
    static List<SweepRow> of(List<SweepParameter> parameters, int combinations, List<SweepMember> members,
            Map<UUID, ? extends Map<String, Double>> metricsById) {
        return of(parameters, combinations, members, metricsById, null);
    }

    /**
     * The rows of a sweep, in combination order, with the statistics of the metrics in {@code chosen} (null: all)
     * only: a WiFi sweep's results have hundreds of metrics, and most readers want a few.
     */
    static List<SweepRow> of(List<SweepParameter> parameters, int combinations, List<SweepMember> members,
            Map<UUID, ? extends Map<String, Double>> metricsById, Set<String> chosen) {
        List<List<SweepMember>> byCombination = cells(combinations, members);
        List<SweepRow> rows = new ArrayList<>();
        for (int c = 0; c < combinations; c++) {
            int[] index = SweepReader.indices(parameters, c);
            Map<String, JsonNode> values = new LinkedHashMap<>();
            Map<String, String> labels = new LinkedHashMap<>();
            for (int i = 0; i < parameters.size(); i++) {
                SweepParameter parameter = parameters.get(i);
                values.put(parameter.pointer(), parameter.values().get(index[i]));
                if (parameter.labels() != null) {
                    labels.put(parameter.pointer(), parameter.labels().get(index[i]));
                }
            }
            List<SweepMember> cell = byCombination.get(c);
            List<? extends Map<String, Double>> results = results(cell, metricsById);
            rows.add(new SweepRow(c, values, labels, cell.stream().map(SweepMember::experimentId).toList(),
                    results.size(), aggregate(results, chosen)));
        }
        return rows;
    }

    /** Each combination's cells, in repetition order. */
    private static List<List<SweepMember>> cells(int combinations, List<SweepMember> members) {
        List<List<SweepMember>> byCombination = new ArrayList<>();
        for (int c = 0; c < combinations; c++) {
            byCombination.add(new ArrayList<>());
        }
        members.stream().filter(m -> m.combination() < combinations).forEach(m -> byCombination.get(m.combination()).add(m));
        byCombination.forEach(cell -> cell.sort((a, b) -> Integer.compare(a.repetition(), b.repetition())));
        return byCombination;
    }

    /** The metrics of a combination's succeeded cells that have them, in repetition order. */
    private static <M extends Map<String, Double>> List<M> results(List<SweepMember> cell, Map<UUID, M> metricsById) {
        return cell.stream().filter(m -> m.status() == ExperimentStatus.SUCCEEDED)
                .map(m -> metricsById.get(m.experimentId())).filter(Objects::nonNull).toList();
    }

    /**
     * Every metric name of the sweep's results in row order (combinations, then repetitions, then each result's
     * order): the names of the rows' metrics when every metric is shown.
     */
    static List<String> metricNames(int combinations, List<SweepMember> members, Map<UUID, MetricValues> metricsById) {
        Set<String> names = new LinkedHashSet<>();
        Set<List<String>> seen = java.util.Collections.newSetFromMap(new java.util.IdentityHashMap<>());
        for (List<SweepMember> cell : cells(combinations, members)) {
            for (MetricValues result : results(cell, metricsById)) {
                if (seen.add(result.names())) {
                    names.addAll(result.names());
                }
            }
        }
        return List.copyOf(names);
    }

    /**
     * The combinations whose repetitions all gave the same result ({@link #repetitionsIdentical}), from every metric
     * of the results, whichever the rows show.
     */
    static Set<Integer> identicalRepetitions(int combinations, List<SweepMember> members,
            Map<UUID, ? extends Map<String, Double>> metricsById) {
        Set<Integer> identical = new java.util.TreeSet<>();
        List<List<SweepMember>> byCombination = cells(combinations, members);
        for (int c = 0; c < combinations; c++) {
            List<? extends Map<String, Double>> results = results(byCombination.get(c), metricsById);
            if (identical(results)) {
                identical.add(c);
            }
        }
        return identical;
    }

    /** At least two results, each with the same metrics (wall clock aside) and the same values to 6 digits. */
    private static boolean identical(List<? extends Map<String, Double>> results) {
        if (results.size() < 2) {
            return false;
        }
        if (results.stream().allMatch(r -> r instanceof MetricValues v
                && v.names() == ((MetricValues) results.getFirst()).names())) {
            // One shape (the usual case: repetitions of one scenario): compare value by value, no lookups.
            MetricValues first = (MetricValues) results.getFirst();
            List<String> names = first.names();
            for (int i = 0; i < names.size(); i++) {
                if (ResultMetrics.WALL_CLOCK.contains(names.get(i))) {
                    continue;
                }
                double value = first.value(i);
                for (Map<String, Double> result : results) {
                    if (!same(value, ((MetricValues) result).value(i))) {
                        return false;
                    }
                }
            }
            return !names.isEmpty();
        }
        Map<String, Double> first = results.getFirst();
        Set<String> names = new LinkedHashSet<>();
        results.forEach(r -> names.addAll(r.keySet()));
        if (names.isEmpty()) {
            return false;
        }
        for (String name : names) {
            if (ResultMetrics.WALL_CLOCK.contains(name)) {
                continue;
            }
            Double value = first.get(name);
            if (value == null) {
                return false;
            }
            for (Map<String, Double> result : results) {
                Double other = result.get(name);
                if (other == null || !same(value, other)) {
                    return false;
                }
            }
        }
        return true;
    }

    /** Equal as the statistics show them (6 significant digits). */
    private static boolean same(double a, double b) {
        return a == b || Numbers.round6(a) == Numbers.round6(b);
    }

    /**
     * Whether this row's repetitions all gave the same result: at least two of them, and every metric present in
     * all of them with one value (the wall-clock fields of {@code engine} aside, which measure the machine).
     */
    boolean repetitionsIdentical() {
        if (succeeded < 2 || metrics.isEmpty()) {
            return false;
        }
        return metrics.entrySet().stream().filter(e -> !ResultMetrics.WALL_CLOCK.contains(e.getKey()))
                .allMatch(e -> e.getValue().n() == succeeded && e.getValue().min() == e.getValue().max());
    }

    /** Each metric's statistics over the results that have it, metrics in the order they first appear. */
    static Map<String, MetricStats> aggregate(List<? extends Map<String, Double>> results) {
        return aggregate(results, null);
    }

    /** The same for the metrics in {@code chosen} only (null: all). */
    static Map<String, MetricStats> aggregate(List<? extends Map<String, Double>> results, Set<String> chosen) {
        Map<String, List<Double>> values = new LinkedHashMap<>();
        for (Map<String, Double> result : results) {
            if (chosen != null && result instanceof MetricValues compact) {
                for (int i = 0; i < compact.size(); i++) {
                    String metric = compact.names().get(i);
                    if (chosen.contains(metric)) {
                        values.computeIfAbsent(metric, k -> new ArrayList<>()).add(compact.value(i));
                    }
                }
                continue;
            }
            result.forEach((metric, value) -> {
                if (chosen == null || chosen.contains(metric)) {
                    values.computeIfAbsent(metric, k -> new ArrayList<>()).add(value);
                }
            });
        }
        Map<String, MetricStats> stats = new LinkedHashMap<>();
        values.forEach((metric, list) -> stats.put(metric, MetricStats.of(list)));
        return stats;
    }
}
