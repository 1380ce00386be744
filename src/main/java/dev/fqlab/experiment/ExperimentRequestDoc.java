package dev.fqlab.experiment;

import io.swagger.v3.oas.annotations.media.Schema;
import java.util.List;
import java.util.Map;

/**
 * OpenAPI description of the body of {@code POST /experiments} and {@code /experiments/validate}. The body is
 * read by hand ({@link SubmissionReader}) so that every problem is reported at once; this record only documents
 * it.
 */
@Schema(name = "ExperimentRequest",
        description = "Either an inline scenario, or a preset name with optional overrides (an RFC 7396 merge patch "
                + "on the preset's scenario). Unknown fields are an error.")
public record ExperimentRequestDoc(
        @Schema(ref = "Scenario", description = "The scenario; defaults are filled in for missing fields.")
        Map<String, Object> scenario,
        @Schema(description = "Name of an experiment preset (GET /api/v1/presets).", example = "example-wired-fq-codel")
        String preset,
        @Schema(description = "RFC 7396 JSON merge patch applied to the preset's scenario as written in the preset.",
                example = "{\"durationS\": 5}")
        Map<String, Object> overrides,
        @Schema(description = "Free text, at most 200 characters; defaults to the scenario's name, else the preset's.")
        String name,
        @Schema(description = "Labels to filter the list by; at most 32, each 1 to 64 characters.")
        List<String> tags,
        @Schema(description = "What the experiment keeps besides its summary tables.")
        OutputsDoc outputs) {

    /** {@code outputs}: what an experiment stores. */
    @Schema(name = "Outputs", description = "What an experiment stores besides its summary tables. Unknown fields are an error.")
    public record OutputsDoc(
            @Schema(description = "The time series: full (every interval of sampleIntervalMs), coarse (a longer "
                    + "interval, a whole multiple of sampleIntervalMs, so that each series has at most "
                    + SeriesOutput.COARSE_MAX_INTERVALS + " values) or none (no series: series.csv, the time plots "
                    + "and the flent file answer 404). A sweep's experiments default to none.",
                    allowableValues = {"full", "coarse", "none"}, defaultValue = "full")
            String series) {
    }
}
