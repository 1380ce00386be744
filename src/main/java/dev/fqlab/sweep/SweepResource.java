package dev.fqlab.sweep;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.fqlab.experiment.ExperimentStatus;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import tools.jackson.databind.JsonNode;

/**
 * A sweep as {@code GET /sweeps/{id}} shows it. {@code base}, {@code parameters}, {@code repetitions} and
 * {@code metrics} are what it ran, in request form: POST them again to repeat it (reusing every result).
 *
 * @param experiments its cells, combinations × repetitions (fewer if experiments were deleted since)
 * @param reused how many of them reuse an earlier result instead of running again
 * @param counts its experiments per status
 * @param reuse whether the request allowed reusing earlier results
 * @param metrics the default columns of its table.csv; null for all
 * @param availableMetrics every metric name its results have, in row order: what {@code ?metric=} can pick. The
 *     rows show the statistics of the metrics asked for ({@code ?metric=}, {@code *} for all), by default the
 *     sweep's {@code metrics} and those api.md names ({@link SweepService#DEFAULT_METRICS})
 * @param warnings what a reader should know before trusting the rows (e.g. repetitions that are all identical);
 *     empty when all is well
 */
public record SweepResource(UUID id, String name, String preset, List<String> tags, ExperimentStatus status,
                            double progress, Instant submittedAt, Instant finishedAt, int combinations,
                            int repetitions, int experiments, int reused, Map<ExperimentStatus, Integer> counts,
                            JsonNode base, List<SweepParameter> parameters, boolean reuse,
                            @JsonInclude(JsonInclude.Include.NON_NULL) List<String> metrics,
                            List<String> availableMetrics, List<SweepWarning> warnings, List<SweepRow> rows,
                            Links links) {

    /** A sweep whose rows show every metric of its results. */
    public SweepResource(UUID id, String name, String preset, List<String> tags, ExperimentStatus status,
            double progress, Instant submittedAt, Instant finishedAt, int combinations, int repetitions,
            int experiments, int reused, Map<ExperimentStatus, Integer> counts, JsonNode base,
            List<SweepParameter> parameters, boolean reuse, List<String> metrics, List<SweepWarning> warnings,
            List<SweepRow> rows, Links links) {
        this(id, name, preset, tags, status, progress, submittedAt, finishedAt, combinations, repetitions, experiments,
                reused, counts, base, parameters, reuse, metrics, namesOf(rows), warnings, rows, links);
    }

    private static List<String> namesOf(List<SweepRow> rows) {
        java.util.Set<String> all = new java.util.LinkedHashSet<>();
        rows.forEach(row -> all.addAll(row.metrics().keySet()));
        return List.copyOf(all);
    }

    /**
     * The metric names that {@code names} pick from {@link #availableMetrics}, in order ('*' matches anything, as in
     * {@code table.csv?metric=}); every metric of the results, in row order, when {@code names} is null.
     */
    public List<String> metricNames(List<String> names) {
        return SweepTable.columns(this, names);
    }

    /** Which value of each parameter {@code row} holds: index {@code i} into {@code parameters().get(i).values()}. */
    public int[] valueIndices(SweepRow row) {
        return SweepReader.indices(parameters, row.combination());
    }

    /**
     * Where to go next: the table is CSV, one row per combination; {@code exportCsv} and {@code exportJsonl}
     * (JSON Lines) hold every run's every metric, one line each; the report is an HTML page with the table and
     * plots; {@code plot} is a URI template (RFC 6570): put a metric name of the rows in place of {@code {metric}}.
     */
    public record Links(String self, String table, String exportCsv, String exportJsonl, String report, String plot,
                        String cancel) {

        static Links of(UUID id) {
            String self = SweepController.BASE + "/" + id;
            return new Links(self, self + "/table.csv", self + "/export.csv", self + "/export.jsonl", self + "/report",
                    self + "/plots/{metric}.svg", self + "/cancel");
        }
    }
}
