package dev.fqlab.sweep;

import io.swagger.v3.oas.annotations.media.Schema;
import java.util.List;
import java.util.Map;

/**
 * OpenAPI description of the body of {@code POST /sweeps} and {@code /sweeps/validate}. The body is read by hand
 * ({@link SweepReader}) so that every problem is reported at once; this record only documents it.
 */
@Schema(name = "SweepRequest", description = "Either a sweep preset (with optional overrides and repetitions), or a "
        + "base (a scenario, or an experiment preset with overrides) with parameters. One experiment runs per "
        + "combination of parameter values and repetition; repetition r uses seed base.seed + r. Unknown fields are "
        + "an error.")
public record SweepRequestDoc(
        @Schema(description = "A sweep preset (GET /api/v1/presets, kind sweep).", example = "seed-003") String preset,
        @Schema(description = "With a sweep preset: RFC 7396 merge patch on its base scenario (parameters still win).",
                example = "{\"durationS\": 10}") Map<String, Object> overrides,
        @Schema(description = "{\"scenario\": {…}} or {\"preset\": \"<experiment preset>\", \"overrides\": {…}}")
        Map<String, Object> base,
        @Schema(description = "Up to 16 parameters; their values multiply.") List<Parameter> parameters,
        @Schema(description = "1 to 1000 (default 1, or the sweep preset's); seeds base.seed + 0 … + repetitions − 1.",
                example = "5") Integer repetitions,
        @Schema(description = "Reuse results of scenarios that already succeeded under this engine version (default true).")
        Boolean reuse,
        @Schema(description = "Default columns of table.csv, the report and its plots: metric names; '*' matches anything (flows.*.throughputMbps).",
                example = "[\"flows.probe.latencyMs.p50\"]") List<String> metrics,
        @Schema(description = "At most 200 characters; defaults to the preset's or the base scenario's name.") String name,
        @Schema(description = "Given to every experiment the sweep creates; at most 32, each 1 to 64 characters.")
        List<String> tags,
        @Schema(description = "What every experiment of the sweep keeps besides its summary tables. The sweep's table "
                + "needs summary values only, so outputs.series defaults to none here; a sweep that asks for full or "
                + "coarse series reuses only results that kept at least that much.")
        dev.fqlab.experiment.ExperimentRequestDoc.OutputsDoc outputs) {

    /** One swept parameter. */
    @Schema(name = "SweepParameter")
    public record Parameter(
            @Schema(description = "RFC 6901 JSON Pointer into the scenario; missing objects on the way are created.",
                    example = "/stack/qdisc/quantum") String pointer,
            @Schema(description = "Any JSON values, whole objects included.", example = "[300, 1514]") List<Object> values,
            @Schema(description = "One label per value, shown in tables instead of the value.", example = "[\"q300\", \"q1514\"]")
            List<String> labels,
            @Schema(description = "Column name in tables (default: the pointer).", example = "quantum") String name) {
    }
}
