package dev.fqlab.experiment;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.fqlab.scenario.ScenarioLimits;
import dev.fqlab.scenario.ScenarioParser;
import dev.fqlab.web.ApiProblem;
import org.junit.jupiter.api.Test;
import org.springframework.http.HttpStatus;
import tools.jackson.databind.json.JsonMapper;

/** A stored scenario is read back without today's limits; one this version cannot read is a 409, not a 500. */
class StoredScenariosTest {

    private static final JsonMapper JSON = JsonMapper.builder().build();
    private final StoredScenarios scenarios = new StoredScenarios(new ScenarioParser(new ScenarioLimits(60, 2, 2)),
            JSON);

    @Test
    void aStoredScenarioIsReadWhateverTheLimitsAreNow() {
        String longRun = """
                {"durationS": 600, "link": {"type": "wired", "rateMbps": 10},
                 "flows": [{"name": "a", "type": "ping"}, {"name": "b", "type": "ping"}, {"name": "c", "type": "ping"}]}""";
        assertThat(scenarios.read(JSON.readTree(longRun)).durationS()).isEqualTo(600);
        assertThat(scenarios.toRun(longRun).errors()).extracting("pointer").containsExactlyInAnyOrder("/durationS",
                "/flows");
    }

    @Test
    void aScenarioThisVersionCannotReadIsAConflict() {
        String renamed = """
                {"durationS": 10, "link": {"type": "wired", "rateMbps": 10}, "flows": [{"name": "a", "type": "ping"}],
                 "oldField": 1}""";
        assertThatThrownBy(() -> scenarios.read(JSON.readTree(renamed)))
                .isInstanceOfSatisfying(ApiProblem.class, problem -> {
                    assertThat(problem.getStatusCode()).isEqualTo(HttpStatus.CONFLICT);
                    assertThat(problem.getBody().getDetail()).contains("/oldField", "unknown field");
                });
    }
}
