package dev.fqlab.experiment;

import java.time.Instant;
import java.util.List;
import java.util.UUID;
import dev.fqlab.scenario.openapi.ScenarioDoc;
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
        @Schema(implementation = ScenarioDoc.class, description = "The normalized scenario: every default filled in") JsonNode scenario,
        String preset,
        UUID sweepId,
        Links links) {

    /**
     * Where to go next. {@code result}, {@code resultCsv} and {@code seriesCsv} answer once it has succeeded. Only
     * endpoints that exist are linked: api.md's {@code report} joins when the HTML report does.
     */
    public record Links(String self, String result, String cancel, String resultCsv, String seriesCsv) {

        static Links of(UUID id) {
            String self = ExperimentController.BASE + "/" + id;
            return new Links(self, self + "/result", self + "/cancel", self + "/result.csv", self + "/series.csv");
        }
    }
}
