package dev.fqlab.preset;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.List;
import dev.fqlab.scenario.openapi.ScenarioDoc;
import io.swagger.v3.oas.annotations.media.Schema;
import tools.jackson.databind.JsonNode;

/**
 * {@code GET /api/v1/presets/{name}}: the preset with its scenario normalized (every default filled in);
 * a sweep preset shows its definition as written instead.
 */
public record PresetDetail(String name, PresetKind kind, String title, String description, String seed,
                           List<String> shows,
                           @JsonInclude(JsonInclude.Include.NON_NULL) @Schema(implementation = ScenarioDoc.class, description = "The normalized scenario: every default filled in") JsonNode scenario,
                           @JsonInclude(JsonInclude.Include.NON_NULL) JsonNode sweep) {

    static PresetDetail of(Preset preset) {
        boolean experiment = preset.kind() == PresetKind.EXPERIMENT;
        return new PresetDetail(preset.name(), preset.kind(), preset.title(), preset.description(), preset.seed(),
                preset.shows(), experiment ? preset.normalized() : null, experiment ? null : preset.document());
    }
}
