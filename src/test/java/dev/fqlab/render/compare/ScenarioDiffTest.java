package dev.fqlab.render.compare;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** The scenario diff: RFC 6901 pointers that resolve, in every scenario, to the value listed for it. */
class ScenarioDiffTest {

    private static final JsonMapper JSON = JsonMapper.builder().build();

    @Test
    void listsEveryLeafThatDiffersAndNothingElse() {
        List<JsonNode> scenarios = List.of(
                JSON.readTree("""
                        {"name": "a", "durationS": 1, "stack": {"qdisc": {"type": "fq_codel", "flows": 1024}},
                         "flows": [{"name": "u", "rateMbps": 5}], "a/b~c": 1}"""),
                JSON.readTree("""
                        {"name": "b", "durationS": 1, "stack": {"qdisc": {"type": "pfifo", "limit": 1000}},
                         "flows": [{"name": "u", "rateMbps": 5}, {"name": "v", "rateMbps": 1}], "a/b~c": 2}"""));
        List<ScenarioDiff.Difference> diff = ScenarioDiff.of(scenarios);

        assertThat(diff).extracting(ScenarioDiff.Difference::pointer).containsExactly(
                "/stack/qdisc/type", "/stack/qdisc/flows", "/stack/qdisc/limit", "/flows/1", "/a~1b~0c");
        for (ScenarioDiff.Difference d : diff) {
            for (int i = 0; i < scenarios.size(); i++) {
                JsonNode at = scenarios.get(i).at(d.pointer());
                // A member one scenario lacks reads as null in the diff (missing in the document).
                assertThat(at.isMissingNode() ? "null" : at.toString()).as(d.pointer() + " in " + i)
                        .isEqualTo(d.values().get(i).toString());
            }
        }
    }

    @Test
    void equalScenariosHaveNoDifferenceButTheirNames() {
        JsonNode a = JSON.readTree("{\"name\": \"x\", \"flows\": [{\"name\": \"u\"}]}");
        JsonNode b = JSON.readTree("{\"name\": \"y\", \"flows\": [{\"name\": \"u\"}]}");
        assertThat(ScenarioDiff.of(List.of(a, b))).isEmpty();
    }
}
