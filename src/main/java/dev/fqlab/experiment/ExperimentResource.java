package dev.fqlab.experiment;

import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import io.swagger.v3.oas.annotations.media.Schema;
import tools.jackson.databind.JsonNode;

/**
 * An experiment as the API shows it (api.md). Timestamps are ISO-8601 UTC; {@code scenario} is the
 * normalized scenario; {@code sweepId} is null until sweeps exist.
 */
public record ExperimentResource(
        UUID id,
        String name,
        List<String> tags,
        ExperimentStatus status,
        double progress,
        Instant submittedAt,
        Instant startedAt,
        Instant finishedAt,
        String error,
        int attempts,
        String worker,
        @Schema(ref = "Scenario", description = "The normalized scenario: every default filled in") JsonNode scenario,
        String preset,
        UUID sweepId,
        @Schema(description = "What it keeps besides its summary tables (outputs.series of the submission)")
        Outputs outputs,
        Links links) {

    /** {@code outputs} as submitted, defaults filled in. */
    public record Outputs(@Schema(allowableValues = {"full", "coarse", "none"}) String series) {

        static Outputs of(SeriesOutput series) {
            return new Outputs(series.json());
        }
    }

    /**
     * Where to go next. Everything but {@code self} and {@code cancel} answers once it has succeeded: the result,
     * its CSV tables, the HTML report, the flent file and the SVG plots by name (dev.fqlab.render.plot.PlotKind).
     * An experiment that keeps no series ({@code outputs.series} none) has no series CSV, flent file or time plots:
     * those links are null and {@code plots} is empty (every plot is drawn from the series), and they answer 404.
     */
    public record Links(String self, String result, String cancel, String resultCsv, String seriesCsv, String report,
                        String flent, Map<String, String> plots) {

        /** The plot names of {@code /plots/{name}.svg}; a test keeps them equal to the renderer's. */
        static final List<String> PLOT_NAMES = List.of("throughput", "latency-cdf", "airtime", "backlog", "tcp");

        static Links of(UUID id, SeriesOutput series) {
            String self = ExperimentController.BASE + "/" + id;
            Map<String, String> plots = new LinkedHashMap<>();
            if (series.keepsSeries()) {
                PLOT_NAMES.forEach(name -> plots.put(name, self + "/plots/" + name + ".svg"));
            }
            return new Links(self, self + "/result", self + "/cancel", self + "/result.csv",
                    series.keepsSeries() ? self + "/series.csv" : null, self + "/report",
                    series.keepsSeries() ? self + "/flent" : null, plots);
        }
    }
}
