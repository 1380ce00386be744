package dev.fqlab.sweep;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.fqlab.experiment.ExperimentStatus;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
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

    /** The rows of a sweep, in combination order. */
    static List<SweepRow> of(List<SweepParameter> parameters, int combinations, List<SweepMember> members,
            Map<UUID, ? extends Map<String, Double>> metricsById) {
        List<List<SweepMember>> byCombination = new ArrayList<>();
        for (int c = 0; c < combinations; c++) {
            byCombination.add(new ArrayList<>());
        }
        members.stream().filter(m -> m.combination() < combinations).forEach(m -> byCombination.get(m.combination()).add(m));
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
            cell.sort((a, b) -> Integer.compare(a.repetition(), b.repetition()));
            List<Map<String, Double>> results = cell.stream().filter(m -> m.status() == ExperimentStatus.SUCCEEDED)
                    .<Map<String, Double>>map(m -> metricsById.get(m.experimentId())).filter(Objects::nonNull).toList();
            rows.add(new SweepRow(c, values, labels, cell.stream().map(SweepMember::experimentId).toList(),
                    results.size(), aggregate(results)));
        }
        return rows;
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
        Map<String, List<Double>> values = new LinkedHashMap<>();
        for (Map<String, Double> result : results) {
            result.forEach((metric, value) -> values.computeIfAbsent(metric, k -> new ArrayList<>()).add(value));
        }
        Map<String, MetricStats> stats = new LinkedHashMap<>();
        values.forEach((metric, list) -> stats.put(metric, MetricStats.of(list)));
        return stats;
    }
}
