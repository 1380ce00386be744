package dev.fqlab.scenario;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** RFC 7396: every example of Appendix A, the example of section 3, and what apply leaves alone. */
class JsonMergePatchTest {

    private static final JsonMapper JSON = JsonMapper.builder().build();

    @ParameterizedTest(name = "{0} + {1} = {2}")
    @CsvSource(delimiter = '|', quoteCharacter = '`', textBlock = """
            {"a":"b"}               | {"a":"c"}                     | {"a":"c"}
            {"a":"b"}               | {"b":"c"}                     | {"a":"b","b":"c"}
            {"a":"b"}               | {"a":null}                    | {}
            {"a":"b","b":"c"}       | {"a":null}                    | {"b":"c"}
            {"a":["b"]}             | {"a":"c"}                     | {"a":"c"}
            {"a":"c"}               | {"a":["b"]}                   | {"a":["b"]}
            {"a":{"b":"c"}}         | {"a":{"b":"d","c":null}}      | {"a":{"b":"d"}}
            {"a":[{"b":"c"}]}       | {"a":[1]}                     | {"a":[1]}
            ["a","b"]               | ["c","d"]                     | ["c","d"]
            {"a":"b"}               | ["c"]                         | ["c"]
            {"a":"foo"}             | null                          | null
            {"a":"foo"}             | "bar"                         | "bar"
            {"e":null}              | {"a":1}                       | {"e":null,"a":1}
            [1,2]                   | {"a":"b","c":null}            | {"a":"b"}
            {}                      | {"a":{"bb":{"ccc":null}}}     | {"a":{"bb":{}}}
            """)
    void appendixA(String target, String patch, String result) {
        assertThat(JsonMergePatch.apply(JSON.readTree(target), JSON.readTree(patch))).isEqualTo(JSON.readTree(result));
    }

    @Test
    void section3Example() {
        JsonNode target = JSON.readTree("""
                {"title": "Goodbye!", "author": {"givenName": "John", "familyName": "Doe"},
                 "tags": ["example", "sample"], "content": "This will be unchanged"}""");
        JsonNode patch = JSON.readTree("""
                {"title": "Hello!", "phoneNumber": "+01-123-456-7890", "author": {"familyName": null},
                 "tags": ["example"]}""");
        JsonNode expected = JSON.readTree("""
                {"title": "Hello!", "author": {"givenName": "John"}, "tags": ["example"],
                 "content": "This will be unchanged", "phoneNumber": "+01-123-456-7890"}""");

        assertThat(JsonMergePatch.apply(target, patch)).isEqualTo(expected);
    }

    @Test
    void neitherArgumentIsModified() {
        JsonNode target = JSON.readTree("{\"a\": {\"b\": 1, \"c\": 2}, \"d\": [1]}");
        JsonNode patch = JSON.readTree("{\"a\": {\"b\": null, \"x\": {\"y\": 1}}, \"d\": null}");
        JsonNode targetBefore = target.deepCopy();
        JsonNode patchBefore = patch.deepCopy();

        JsonNode result = JsonMergePatch.apply(target, patch);

        assertThat(result).isEqualTo(JSON.readTree("{\"a\": {\"c\": 2, \"x\": {\"y\": 1}}}"));
        assertThat(target).isEqualTo(targetBefore);
        assertThat(patch).isEqualTo(patchBefore);
        // and the result shares nothing with the patch: changing it leaves the patch alone
        ((tools.jackson.databind.node.ObjectNode) result.at("/a/x")).put("y", 2);
        assertThat(patch).isEqualTo(patchBefore);
    }

    @Test
    void javaNullsMeanAbsent() {
        JsonNode target = JSON.readTree("{\"a\": 1}");
        assertThat(JsonMergePatch.apply(target, null)).isEqualTo(target);
        assertThat(JsonMergePatch.apply(null, JSON.readTree("{\"a\": 1, \"b\": null}"))).isEqualTo(target);
    }

    @Test
    void overridesOnAPresetThenParse() {
        JsonNode preset = JSON.readTree("""
                {"durationS": 30, "link": {"type": "wired", "rateMbps": 1},
                 "stack": {"qdisc": {"type": "fq_codel", "quantumMode": "packets"}},
                 "flows": [{"name": "probe", "type": "ping"}]}""");
        JsonNode overrides = JSON.readTree("{\"durationS\": 5, \"stack\": {\"qdisc\": {\"quantumMode\": null}}}");

        ParsedScenario parsed = new ScenarioParser(ScenarioLimits.DEFAULTS)
                .parse(JsonMergePatch.apply(preset, overrides));

        assertThat(parsed.errors()).isEmpty();
        assertThat(parsed.scenario().durationS()).isEqualTo(5);
        assertThat(ScenarioJson.toJson(parsed.scenario()).at("/stack/qdisc/quantumMode").stringValue())
                .isEqualTo("bytes"); // null removed the override: back to the default
    }
}
