package dev.fqlab.preset;

import com.fasterxml.jackson.annotation.JsonInclude;

/**
 * One line of {@code GET /api/v1/presets}. {@code available} is false for a sweep preset this engine version cannot
 * run yet, and {@code reason} says why.
 */
public record PresetSummary(String name, PresetKind kind, String title, String description, String seed,
                            boolean available, @JsonInclude(JsonInclude.Include.NON_NULL) String reason) {

    static PresetSummary of(Preset preset) {
        return new PresetSummary(preset.name(), preset.kind(), preset.title(), preset.description(), preset.seed(),
                preset.available(), preset.sweep() == null ? null : preset.sweep().reason());
    }
}
