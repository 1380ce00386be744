package dev.fqlab.sweep;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.fqlab.support.Api;
import dev.fqlab.support.ServiceTest;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Sweep presets (presets.md): seed-003 runs its four variants at its repetitions and answers the table the seed
 * talks about; a preset whose model part has not landed would be listed as unavailable, with a reason.
 */
class SweepPresetApiTest extends ServiceTest {

    @Test
    void seed003ReturnsATableAResearcherCanPasteIntoAPaper() {
        Api.Response submitted = api.post("/api/v1/sweeps", "{\"preset\": \"seed-003\"}");
        assertThat(submitted.status()).as(submitted.toString()).isIn(202);
        String id = submitted.json().get("id").asString();
        assertThat(submitted.json().get("experiments").asInt()).isEqualTo(20);
        await().atMost(Duration.ofSeconds(120)).pollInterval(Duration.ofMillis(200))
                .until(() -> api.get("/api/v1/sweeps/" + id).json().get("status").asString(), "SUCCEEDED"::equals);

        Api.Response table = api.get("/api/v1/sweeps/" + id + "/table.csv");

        assertThat(table.status()).isEqualTo(200);
        assertThat(table.contentType()).startsWith("text/csv");
        List<String> lines = table.body().lines().toList();
        assertThat(lines).hasSize(5);
        assertThat(lines.getFirst()).isEqualTo("qdisc,n,flows.probe.latencyMs.p50 mean,flows.probe.latencyMs.p50 stddev,"
                + "flows.probe.latencyMs.p99 mean,flows.probe.latencyMs.p99 stddev,flows.probe.rttMs.p50 mean,"
                + "flows.probe.rttMs.p50 stddev,summary.throughputMbps mean,summary.throughputMbps stddev");
        assertThat(lines.subList(1, 5)).extracting(l -> l.substring(0, l.indexOf(',', l.indexOf(',') + 1)))
                .containsExactly("bytes,5", "quantum300,5", "packets,5", "packet-round-robin,5");

        // presets.md's "shows" for seed 003, at the preset's repetitions.
        double bytes = p50(lines.get(1));
        double quantum300 = p50(lines.get(2));
        double packets = p50(lines.get(3));
        double packetRoundRobin = p50(lines.get(4));
        assertThat(bytes).isGreaterThanOrEqualTo(10);
        assertThat(packets).isLessThanOrEqualTo(bytes / 3);
        assertThat(quantum300).isLessThan(bytes);
        assertThat(packetRoundRobin).isLessThanOrEqualTo(bytes / 3);

        Api.Response selected = api.get("/api/v1/sweeps/" + id + "/table.csv?metric=flows.probe.latencyMs.p9*&stats=mean,min,max,n");
        assertThat(selected.body().lines().findFirst().orElseThrow()).isEqualTo("qdisc,n,"
                + "flows.probe.latencyMs.p90 mean,flows.probe.latencyMs.p90 min,flows.probe.latencyMs.p90 max,flows.probe.latencyMs.p90 n,"
                + "flows.probe.latencyMs.p99 mean,flows.probe.latencyMs.p99 min,flows.probe.latencyMs.p99 max,flows.probe.latencyMs.p99 n");
        assertThat(api.get("/api/v1/sweeps/" + id + "/table.csv?stats=mode").status()).isEqualTo(400);

        // The variants run exactly what the variant presets say, apart from the scenario's name.
        JsonNode sweep = api.get("/api/v1/sweeps/" + id).json();
        List<String> variants = List.of("seed-003-bytes", "seed-003-quantum300", "seed-003-packets",
                "seed-003-packet-round-robin");
        for (int c = 0; c < 4; c++) {
            ObjectNode ran = (ObjectNode) experiment(sweep.at("/rows/" + c + "/experiments/0").asString()).get("scenario");
            ObjectNode preset = (ObjectNode) api.get("/api/v1/presets/" + variants.get(c)).json().get("scenario");
            assertThat(ran.get("name").asString()).isEqualTo("seed-003");
            ran.remove("name");
            preset.remove("name");
            assertThat(ran).as(variants.get(c)).isEqualTo(preset);
        }

        // GET /presets/seed-003 is the sweep request it stands for: posting it runs the same scenarios.
        JsonNode definition = api.get("/api/v1/presets/seed-003").json().get("sweep");
        JsonNode validation = api.post("/api/v1/sweeps/validate", Api.JSON.writeValueAsString(definition)).json();
        assertThat(validation.get("experiments").asInt()).isEqualTo(20);
        assertThat(validation.get("reusable").asInt()).isEqualTo(20);
    }

    private static double p50(String line) {
        return Double.parseDouble(line.split(",")[2]);
    }

    @Test
    void sweepPresetsAreListedWithTheirAvailability() {
        JsonNode presets = api.get("/api/v1/presets").json();

        for (String name : List.of("seed-000", "seed-002", "seed-003", "seed-004", "anomaly-n")) {
            JsonNode preset = find(presets, name);
            assertThat(preset.get("kind").asString()).as(name).isEqualTo("sweep");
            assertThat(preset.get("available").asBoolean()).as(name).isTrue();
            assertThat(preset.has("reason")).as(name).isFalse();
        }

        JsonNode detail = api.get("/api/v1/presets/seed-003").json();
        assertThat(detail.get("variants")).extracting(JsonNode::asString)
                .containsExactly("seed-003-bytes", "seed-003-quantum300", "seed-003-packets",
                        "seed-003-packet-round-robin");
        assertThat(detail.at("/sweep/parameters/0/pointer").asString()).isEqualTo("/stack/qdisc");
        assertThat(detail.at("/sweep/parameters/0/labels")).extracting(JsonNode::asString)
                .containsExactly("bytes", "quantum300", "packets", "packet-round-robin");
        assertThat(detail.at("/sweep/parameters/0/values/2/quantumMode").asString()).isEqualTo("packets");
        assertThat(detail.at("/sweep/repetitions").asInt()).isEqualTo(5);
        assertThat(detail.at("/sweep/base/scenario/stack/qdisc/targetMs").asDouble()).isEqualTo(5);

        JsonNode seed002 = api.get("/api/v1/presets/seed-002").json();
        assertThat(seed002.get("variants")).extracting(JsonNode::asString)
                .containsExactly("seed-002-shift-10", "seed-002-shift-9", "seed-002-shift-8", "seed-002-shift-7");
        assertThat(seed002.at("/sweep/parameters/0/pointer").asString()).isEqualTo("/flows/0/pacingShift");
        assertThat(seed002.at("/sweep/parameters/0/values")).extracting(JsonNode::asInt).containsExactly(10, 9, 8, 7);
    }

    @Test
    void anExperimentPresetIsNotASweepNorASweepPresetAnExperiment() {
        Api.Response experimentPreset = api.post("/api/v1/sweeps", "{\"preset\": \"seed-003-bytes\"}");
        assertThat(experimentPreset.status()).isEqualTo(400);
        assertThat(experimentPreset.json().at("/errors/0/message").asString()).contains("experiment preset");

        Api.Response sweepAsExperiment = api.post("/api/v1/experiments", "{\"preset\": \"seed-003\"}");
        assertThat(sweepAsExperiment.status()).isEqualTo(400);
    }

    private static JsonNode find(JsonNode presets, String name) {
        return presets.valueStream().filter(p -> p.get("name").asString().equals(name)).findFirst()
                .orElseThrow(() -> new AssertionError("no preset " + name));
    }
}
