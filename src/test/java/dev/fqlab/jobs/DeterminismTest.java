package dev.fqlab.jobs;

import static dev.fqlab.support.TestScenarios.request;
import static org.assertj.core.api.Assertions.assertThat;

import dev.fqlab.scenario.ScenarioLimits;
import dev.fqlab.scenario.ScenarioParser;
import dev.fqlab.sim.ScenarioRunner;
import dev.fqlab.sim.core.RunControl;
import dev.fqlab.support.Api;
import dev.fqlab.support.ServiceTest;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import tools.jackson.databind.json.JsonMapper;

/**
 * Same scenario and seed ⇒ byte-identical result JSON, however many workers run it at once: four copies run on
 * the service's two workers and one runs on the test thread. Only the experiment's id and the wall-clock fields of
 * {@code engine} may differ.
 */
class DeterminismTest extends ServiceTest {

    private static final String SCENARIO = """
            {"seed": 42, "durationS": 3, "warmupS": 0.5, "link": {"type": "wired", "rateMbps": 10, "lossRate": 0.01},
             "flows": [{"name": "big", "type": "udp", "rateMbps": 20, "jitterMs": 1},
                       {"name": "small", "type": "udp", "rateMbps": 20, "packetBytes": 300, "ecn": "ect0"},
                       {"name": "probe", "type": "ping", "intervalMs": 50}]}""";

    @Autowired
    JsonMapper jsonMapper;

    /** Blanks what legitimately differs between two runs: the id and the wall clock. */
    private static String comparable(String json, String experimentId) {
        return json.replace(experimentId, "ID")
                .replaceAll("\"wallS\":[^,}]+", "\"wallS\":0")
                .replaceAll("\"eventsPerS\":[^,}]+", "\"eventsPerS\":0")
                .replaceAll("\"speedup\":[^,}]+", "\"speedup\":0");
    }

    @Test
    void concurrentRunsAndAnInProcessRunGiveTheSameBytes() {
        List<String> ids = new ArrayList<>();
        for (int i = 0; i < 4; i++) {
            ids.add(submit(request(SCENARIO, "determinism-" + i, "determinism")).get("id").asString());
        }
        List<String> documents = new ArrayList<>();
        for (String id : ids) {
            awaitStatus(id, "SUCCEEDED", Duration.ofSeconds(60));
            Api.Response response = api.get("/api/v1/experiments/" + id + "/result");
            documents.add(comparable(response.body(), id));
        }
        assertThat(documents).allSatisfy(d -> assertThat(d).isEqualTo(documents.getFirst()));

        var scenario = new ScenarioParser(ScenarioLimits.DEFAULTS).parse(jsonMapper.readTree(SCENARIO)).scenario();
        var local = ScenarioRunner.run(scenario, RunControl.NONE);
        var stored = jsonMapper.readValue(documents.getFirst(), dev.fqlab.sim.result.SimulationResult.class);
        String inProcess = jsonMapper.writeValueAsString(
                local.identified("ID", stored.scenarioSha256(), stored.engineVersion()));
        assertThat(comparable(inProcess, "ID")).isEqualTo(documents.getFirst());
    }
}
