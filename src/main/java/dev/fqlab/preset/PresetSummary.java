package dev.fqlab.preset;

/** One line of {@code GET /api/v1/presets}. */
public record PresetSummary(String name, PresetKind kind, String title, String description, String seed) {

    static PresetSummary of(Preset preset) {
        return new PresetSummary(preset.name(), preset.kind(), preset.title(), preset.description(), preset.seed());
    }
}
