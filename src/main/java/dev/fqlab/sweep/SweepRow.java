package dev.fqlab.sweep;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.fqlab.experiment.ExperimentStatus;
import dev.fqlab.sim.stats.Numbers;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
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
        return of(parameters, combinations, members, metricsById, chosen, false);
    }

    /**
     * The same; with {@code spreadOnly}, each metric's statistics hold only mean, stddev and n
     * ({@link MetricStats#meanAndStddev}): for a table.csv that shows no other.
     */
    static List<SweepRow> of(List<SweepParameter> parameters, int combinations, List<SweepMember> members,
            Map<UUID, ? extends Map<String, Double>> metricsById, Set<String> chosen, boolean spreadOnly) {
        List<List<SweepMember>> byCombination = cells(combinations, members);
        Map<MetricValues.Shape, int[]> chosenByShape = new IdentityHashMap<>();
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
                    results.size(), aggregate(results, chosen, chosenByShape, spreadOnly)));
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
        return succeeded(cell, metricsById);
    }

    /**
     * Every metric name of the sweep's results in row order (combinations, then repetitions, then each result's
     * order): the names of the rows' metrics when every metric is shown.
     */
    static List<String> metricNames(int combinations, List<SweepMember> members, Map<UUID, MetricValues> metricsById) {
        return metricNames(combinations, members, metricsById, MetricValues::names);
    }

    /** The same from each result's {@code names} (a view's: the names of all its metrics). */
    static <M> List<String> metricNames(int combinations, List<SweepMember> members, Map<UUID, M> byId,
            java.util.function.Function<M, List<String>> namesOf) {
        Set<String> names = new LinkedHashSet<>();
        Set<List<String>> seen = java.util.Collections.newSetFromMap(new java.util.IdentityHashMap<>());
        for (List<SweepMember> cell : cells(combinations, members)) {
            for (M result : succeeded(cell, byId)) {
                List<String> resultNames = namesOf.apply(result);
                if (seen.add(resultNames)) {
                    names.addAll(resultNames);
                }
            }
        }
        return List.copyOf(names);
    }

    /** What {@code byId} holds of a combination's succeeded cells, in repetition order. */
    private static <M> List<M> succeeded(List<SweepMember> cell, Map<UUID, M> byId) {
        // A loop, not a stream: called for every combination three times per render (issue 17, allocation).
        List<M> results = new ArrayList<>(cell.size());
        for (SweepMember m : cell) {
            if (m.status() == ExperimentStatus.SUCCEEDED) {
                M result = byId.get(m.experimentId());
                if (result != null) {
                    results.add(result);
                }
            }
        }
        return results;
    }

    /**
     * {@link #identicalRepetitions} from the results' digests ({@link dev.fqlab.result.ResultMetricView#digest}):
     * the same combinations. Comparing the values finds a combination identical when it has two results or more,
     * none of them has a NaN (it equals nothing: a null digest), not all of them are without metrics, and every
     * metric but the wall-clock ones is in all of them with values equal to 6 digits (equal digests).
     */
    static Set<Integer> identicalByDigest(int combinations, List<SweepMember> members, Map<UUID, MetricView> views) {
        Set<Integer> identical = new java.util.TreeSet<>();
        List<List<SweepMember>> byCombination = cells(combinations, members);
        for (int c = 0; c < combinations; c++) {
            List<MetricView> results = succeeded(byCombination.get(c), views);
            if (results.size() < 2) {
                continue;
            }
            byte[] first = results.getFirst().digest();
            boolean same = first != null;
            boolean anyNames = false;
            for (MetricView result : results) {
                same &= result.digest() != null && Arrays.equals(first, result.digest());
                anyNames |= !result.all().names().isEmpty();
            }
            if (same && anyNames) {
                identical.add(c);
            }
        }
        return identical;
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
        MetricValues.Shape shape = oneShape(results);
        if (shape != null) {
            // One shape (the usual case: repetitions of one scenario): compare value by value, no lookups.
            MetricValues first = (MetricValues) results.getFirst();
            boolean[] machine = shape.machine();
            for (int i = 0; i < machine.length; i++) {
                if (machine[i]) {
                    continue;
                }
                double value = first.value(i);
                for (int r = 1; r < results.size(); r++) {
                    if (!same(value, ((MetricValues) results.get(r)).value(i))) {
                        return false;
                    }
                }
            }
            return machine.length > 0;
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

    /** The shape all {@code results} share (at least one, all {@link MetricValues}), else null. */
    private static MetricValues.Shape oneShape(List<? extends Map<String, Double>> results) {
        if (results.isEmpty() || !(results.getFirst() instanceof MetricValues first)) {
            return null;
        }
        for (Map<String, Double> result : results) {
            if (!(result instanceof MetricValues values) || values.shape() != first.shape()) {
                return null;
            }
        }
        return first.shape();
    }

    /** The positions of the names of {@code shape} that {@code chosen} holds (null: all), in order. */
    private static int[] positions(MetricValues.Shape shape, Set<String> chosen) {
        List<String> names = shape.names();
        int[] positions = new int[names.size()];
        int n = 0;
        for (int i = 0; i < names.size(); i++) {
            if (chosen == null || chosen.contains(names.get(i))) {
                positions[n++] = i;
            }
        }
        return Arrays.copyOf(positions, n);
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
        return aggregate(results, chosen, new IdentityHashMap<>(), false);
    }

    /**
     * The same, with the positions of the chosen metrics remembered per shape in {@code chosenByShape}: a sweep's
     * rows share one or a few shapes, so the names are looked up in {@code chosen} once per shape, not per result.
     */
    private static Map<String, MetricStats> aggregate(List<? extends Map<String, Double>> results, Set<String> chosen,
            Map<MetricValues.Shape, int[]> chosenByShape, boolean spreadOnly) {
        MetricValues.Shape shape = oneShape(results);
        if (shape != null && shape.distinct()) {
            // Every metric is in every result: its values in result order, straight from their arrays.
            int[] positions = chosenByShape.computeIfAbsent(shape, s -> positions(s, chosen));
            Map<String, MetricStats> stats = LinkedHashMap.newLinkedHashMap(positions.length);
            double[] values = new double[results.size()];
            double[] scratch = new double[values.length];
            for (int i : positions) {
                for (int r = 0; r < values.length; r++) {
                    values[r] = ((MetricValues) results.get(r)).value(i);
                }
                stats.put(shape.names().get(i), spreadOnly ? MetricStats.meanAndStddev(values)
                        : MetricStats.of(values, scratch));
            }
            return stats;
        }
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
        values.forEach((metric, list) -> stats.put(metric, spreadOnly
                ? MetricStats.meanAndStddev(list.stream().mapToDouble(Double::doubleValue).toArray())
                : MetricStats.of(list)));
        return stats;
    }
}
