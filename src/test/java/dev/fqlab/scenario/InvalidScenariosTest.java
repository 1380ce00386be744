package dev.fqlab.scenario;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Every case of invalid-scenarios.json is rejected with exactly its pointers. The file is shared with the HTTP
 * tests, which expect the same pointers under {@code /scenario}.
 */
class InvalidScenariosTest {

    private static final ScenarioParser PARSER = new ScenarioParser(ScenarioLimits.DEFAULTS);

    static JsonNode cases() throws IOException {
        try (InputStream in = InvalidScenariosTest.class.getResourceAsStream("/invalid-scenarios.json")) {
            return JsonMapper.builder().build().readTree(in);
        }
    }

    static Stream<Arguments> invalidScenarios() throws IOException {
        return cases().valueStream().map(c -> Arguments.of(c.get("case").stringValue(), c.get("scenario"),
                c.get("pointers").valueStream().map(JsonNode::stringValue).toList()));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("invalidScenarios")
    void reportsExactlyTheExpectedPointers(String name, JsonNode scenario, List<String> pointers) {
        ParsedScenario parsed = PARSER.parse(scenario);

        assertThat(parsed.valid()).isFalse();
        assertThat(parsed.scenario()).isNull();
        assertThat(parsed.errors()).extracting(FieldError::pointer).containsExactlyInAnyOrderElementsOf(pointers);
        assertThat(parsed.errors()).allSatisfy(error -> assertThat(error.message()).isNotBlank());
    }

    @Test
    void theFileHasAtLeast35DistinctCases() throws IOException {
        JsonNode cases = cases();
        assertThat(cases.size()).isGreaterThanOrEqualTo(35);
        assertThat(cases.valueStream().map(c -> c.get("case").stringValue()).distinct().count())
                .isEqualTo(cases.size());
        assertThat(cases.valueStream().map(c -> c.get("scenario")).distinct().count()).isEqualTo(cases.size());
        assertThat(cases.valueStream()).allSatisfy(c -> {
            assertThat(c.propertyNames()).containsExactly("case", "scenario", "pointers");
            assertThat(c.get("pointers").isEmpty()).isFalse();
        });
    }
}
