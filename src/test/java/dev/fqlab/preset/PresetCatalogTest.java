package dev.fqlab.preset;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import tools.jackson.databind.json.JsonMapper;

/** Presets are checked at startup; a broken one stops the application with every problem named. */
class PresetCatalogTest {

    private final JsonMapper json = JsonMapper.builder().build();

    @Test
    void theShippedPresetsAreValid() {
        PresetCatalog catalog = new PresetCatalog(json);

        assertThat(catalog.find("example-wired-fq-codel")).hasValueSatisfying(preset -> {
            assertThat(preset.kind()).isEqualTo(PresetKind.EXPERIMENT);
            assertThat(preset.scenario().durationS()).isEqualTo(1.0);
            assertThat(preset.normalized().get("seed").asLong()).isEqualTo(1);
        });
    }

    @Test
    void brokenPresetsFailLoudlyWithEveryProblem() {
        assertThatThrownBy(() -> new PresetCatalog(json, "classpath*:broken-presets/*.json"))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("presets/bad-scenario.json: /scenario/durationS")
                .hasMessageContaining("presets/bad-scenario.json: /scenario/flows/0/colour")
                .hasMessageContaining("presets/bad-envelope.json: title is required")
                .hasMessageContaining("presets/bad-envelope.json: name 'Bad Envelope' must match")
                .hasMessageContaining("presets/bad-envelope.json: unknown field 'extra'");
    }
}
