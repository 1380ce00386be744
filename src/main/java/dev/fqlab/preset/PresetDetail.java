package dev.fqlab.preset;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.swagger.v3.oas.annotations.media.Schema;
import java.util.List;
import tools.jackson.databind.JsonNode;

/**
 * {@code GET /api/v1/presets/{name}}: an experiment preset with its scenario normalized (every default filled in);
 * a sweep preset with the sweep it stands for, in {@code POST /sweeps} form with the base scenario normalized, and
 * the experiment presets it runs (when unavailable: the sweep as written, and why).
 */
public record PresetDetail(String name, PresetKind kind, String title, String description, String seed,
                           List<String> shows, boolean available,
                           @JsonInclude(JsonInclude.Include.NON_NULL) String reason,
                           @JsonInclude(JsonInclude.Include.NON_NULL) @Schema(ref = "Scenario", description = "The normalized scenario: every default filled in") JsonNode scenario,
                           @JsonInclude(JsonInclude.Include.NON_NULL) @Schema(description = "The sweep request it stands for (POST /api/v1/sweeps)") JsonNode sweep,
                           @JsonInclude(JsonInclude.Include.NON_NULL) @Schema(description = "The experiment presets a sweep preset runs, in table order") List<String> variants) {

    static PresetDetail of(Preset preset) {
        SweepPreset sweep = preset.sweep();
        if (sweep == null) {
            return new PresetDetail(preset.name(), preset.kind(), preset.title(), preset.description(), preset.seed(),
                    preset.shows(), true, null, preset.normalized(), null, null);
        }
        return new PresetDetail(preset.name(), preset.kind(), preset.title(), preset.description(), preset.seed(),
                preset.shows(), sweep.available(), sweep.reason(), null,
                sweep.available() ? sweep.normalized() : preset.document(), sweep.variants());
    }
}
