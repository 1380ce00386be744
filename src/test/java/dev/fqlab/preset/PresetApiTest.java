package dev.fqlab.preset;

import static org.assertj.core.api.Assertions.assertThat;

import dev.fqlab.support.Api;
import dev.fqlab.support.ServiceTest;
import java.util.List;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

class PresetApiTest extends ServiceTest {

    @Test
    void listsPresetsWithTheirSummaryFields() {
        Api.Response response = api.get("/api/v1/presets");

        assertThat(response.status()).isEqualTo(200);
        assertThat(response.contentType()).startsWith("application/json");
        JsonNode example = response.json().valueStream()
                .filter(p -> p.get("name").asString().equals("example-wired-fq-codel")).findFirst().orElseThrow();
        assertThat(List.copyOf(example.propertyNames())).containsExactly("name", "kind", "title", "description", "seed", "available");
        assertThat(example.get("kind").asString()).isEqualTo("experiment");
        assertThat(example.get("seed").isNull()).isTrue();
    }

    @Test
    void onePresetHasItsScenarioWithDefaultsFilledIn() {
        Api.Response response = api.get("/api/v1/presets/example-wired-fq-codel");

        assertThat(response.status()).isEqualTo(200);
        JsonNode preset = response.json();
        assertThat(preset.get("shows")).isNotEmpty();
        JsonNode scenario = preset.get("scenario");
        assertThat(scenario.get("durationS").asDouble()).isEqualTo(1.0);
        assertThat(scenario.get("seed").asLong()).isEqualTo(1);
        assertThat(scenario.get("sampleIntervalMs").asDouble()).isEqualTo(100);
        assertThat(scenario.at("/stack/qdisc/targetMs").asDouble()).isEqualTo(5);
        assertThat(scenario.at("/link/upRateMbps").asDouble()).isEqualTo(10);
    }

    @Test
    void anUnknownPresetIs404() {
        Api.Response response = api.get("/api/v1/presets/nope");

        assertThat(response.status()).isEqualTo(404);
        assertThat(response.contentType()).startsWith("application/problem+json");
    }
}
