package dev.fqlab.render.compare;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.List;
import java.util.Map;

/**
 * Experiments (and measurements) lined up: the columns in the order asked for, where the experiments' scenarios
 * differ, and every metric with each column's value and its difference and ratio to the first column's
 * ({@code values[i] - values[0]}, {@code values[i] / values[0]}; null where either is missing or the first is 0).
 */
public record Comparison(List<Column> columns, List<ScenarioDiff.Difference> scenarioDifferences,
                         List<Metric> metrics, Map<String, String> links) {

    /**
     * One experiment or measurement.
     *
     * @param kind {@code experiment} or {@code measurement}
     * @param qdisc the down qdisc's type (a measurement's root qdisc as flent recorded it), null if unknown
     */
    public record Column(String kind, String id, String name, @JsonInclude(JsonInclude.Include.NON_NULL) String preset,
                         @JsonInclude(JsonInclude.Include.NON_NULL) String qdisc,
                         @JsonInclude(JsonInclude.Include.NON_NULL) String engineVersion,
                         @JsonInclude(JsonInclude.Include.NON_NULL) Long seed,
                         @JsonInclude(JsonInclude.Include.NON_NULL) String test, Map<String, String> links) {
    }

    /** One number across the columns; null where a column lacks it. */
    public record Metric(String name, List<Double> values, List<Double> differences, List<Double> ratios) {
    }
}
