package dev.fqlab.web;

import static org.assertj.core.api.Assertions.assertThat;

import dev.fqlab.support.Api;
import dev.fqlab.support.ServiceTest;
import dev.fqlab.support.TestScenarios;
import java.io.IOException;
import java.io.InputStream;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Named;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Bad input never gets past validation and never causes a 5xx: every invalid scenario of the parser's catalogue
 * ({@code invalid-scenarios.json}, pointers relative to the scenario) answers 400 {@code application/problem+json}
 * whose errors name exactly the expected pointers under {@code /scenario}; the same with a preset names them
 * under {@code /overrides}.
 */
class InvalidRequestsTest extends ServiceTest {

    static Stream<Arguments> invalidScenarios() throws IOException {
        try (InputStream in = InvalidRequestsTest.class.getResourceAsStream("/invalid-scenarios.json")) {
            assertThat(in).as("invalid-scenarios.json (the parser's catalogue) on the test classpath").isNotNull();
            JsonNode cases = Api.JSON.readTree(in);
            assertThat(cases.size()).isGreaterThanOrEqualTo(30);
            return cases.valueStream().map(c -> Arguments.of(Named.of(c.get("case").asString(), c)));
        }
    }

    @ParameterizedTest
    @MethodSource("invalidScenarios")
    void everyInvalidScenarioIsA400ProblemWithExactlyItsPointers(JsonNode invalid) {
        ObjectNode body = Api.JSON.createObjectNode();
        body.set("scenario", invalid.get("scenario"));

        Api.Response response = api.post("/api/v1/experiments", Api.JSON.writeValueAsString(body));

        assertProblem(response, 400);
        assertThat(pointers(response)).containsExactlyInAnyOrderElementsOf(
                invalid.get("pointers").valueStream().map(p -> "/scenario" + p.asString()).toList());
        assertThat(response.json().get("errors").valueStream().map(e -> e.get("message").asString()))
                .allSatisfy(message -> assertThat(message).isNotBlank());
    }

    @ParameterizedTest
    @MethodSource("invalidScenarios")
    void validateAgreesWithSubmit(JsonNode invalid) {
        ObjectNode body = Api.JSON.createObjectNode();
        body.set("scenario", invalid.get("scenario"));

        Api.Response response = api.post("/api/v1/experiments/validate", Api.JSON.writeValueAsString(body));

        assertProblem(response, 400);
        assertThat(pointers(response)).containsExactlyInAnyOrderElementsOf(
                invalid.get("pointers").valueStream().map(p -> "/scenario" + p.asString()).toList());
    }

    @Test
    void badOverridesArePointedAtUnderOverrides() {
        Api.Response response = api.post("/api/v1/experiments", """
                {"preset": "example-wired-fq-codel",
                 "overrides": {"durationS": 0, "link": {"rateMbps": -1}, "flows": [{"name": "bad name", "type": "udp", "rateMbps": 1}]}}""");

        assertProblem(response, 400);
        assertThat(pointers(response))
                .containsExactlyInAnyOrder("/overrides/durationS", "/overrides/link/rateMbps", "/overrides/flows/0/name");
    }

    static Stream<Arguments> badEnvelopes() {
        String scenario = TestScenarios.quick();
        return Stream.of(
                envelope("body is an array", "[]", ""),
                envelope("body is a number", "42", ""),
                envelope("unknown top-level field", "{\"scenario\": " + scenario + ", \"scenaro\": {}}", "/scenaro"),
                envelope("unknown field with / and ~ in its name", "{\"scenario\": " + scenario + ", \"a/b~c\": 1}", "/a~1b~0c"),
                envelope("neither scenario nor preset", "{\"name\": \"x\"}", "/scenario"),
                envelope("scenario null", "{\"scenario\": null}", "/scenario"),
                envelope("both scenario and preset", "{\"scenario\": " + scenario + ", \"preset\": \"example-wired-fq-codel\"}", "/preset"),
                envelope("unknown preset", "{\"preset\": \"no-such-preset\"}", "/preset"),
                envelope("preset not a string", "{\"preset\": 7}", "/preset"),
                envelope("overrides not an object", "{\"preset\": \"example-wired-fq-codel\", \"overrides\": [1]}", "/overrides"),
                envelope("overrides without a preset", "{\"scenario\": " + scenario + ", \"overrides\": {}}", "/overrides"),
                envelope("tags not an array", "{\"scenario\": " + scenario + ", \"tags\": \"a\"}", "/tags"),
                envelope("tags not strings, or blank", "{\"scenario\": " + scenario + ", \"tags\": [1, \"ok\", \" \"]}", "/tags/0", "/tags/2"),
                envelope("too many tags", "{\"scenario\": " + scenario + ", \"tags\": " + manyTags(33) + "}", "/tags"),
                envelope("name not a string", "{\"scenario\": " + scenario + ", \"name\": {}}", "/name"),
                envelope("name too long", "{\"scenario\": " + scenario + ", \"name\": \"" + "n".repeat(201) + "\"}", "/name"),
                envelope("envelope and scenario problems together",
                        "{\"scenario\": {\"durationS\": -1, \"link\": {\"type\": \"wired\", \"rateMbps\": 10}, "
                                + "\"flows\": [{\"name\": \"f\", \"type\": \"udp\", \"rateMbps\": 5}]}, \"tags\": [false], \"x\": 1}",
                        "/x", "/tags/0", "/scenario/durationS"));
    }

    @ParameterizedTest
    @MethodSource("badEnvelopes")
    void badEnvelopesAre400ProblemsWithTheirOwnPointers(String body, List<String> expectedPointers) {
        Api.Response response = api.post("/api/v1/experiments", body);

        assertProblem(response, 400);
        assertThat(pointers(response)).containsExactlyInAnyOrderElementsOf(expectedPointers);
    }

    @Test
    void malformedJsonSaysWhereItBroke() {
        Api.Response response = api.post("/api/v1/experiments", "{\"scenario\": {\"durationS\": 1,,}}");

        assertProblem(response, 400);
        JsonNode problem = response.json();
        assertThat(problem.get("type").asString()).isEqualTo("https://fqlab.dev/problems/malformed-json");
        assertThat(problem.get("detail").asString()).startsWith("The request body is not valid JSON (line 1, column");
    }

    @Test
    void emptyTruncatedAndDuplicateKeyBodiesAreMalformed() {
        for (String body : List.of("", "   ", "{\"scenario\": ", "{\"preset\": \"a\", \"preset\": \"b\"}", "{} trailing")) {
            Api.Response response = api.post("/api/v1/experiments", body);
            assertProblem(response, 400);
            assertThat(response.json().get("type").asString()).as(body).endsWith("/malformed-json");
        }
    }

    @Test
    void wrongContentTypeIs415() {
        for (String contentType : List.of("text/plain", "application/x-www-form-urlencoded", "application/xml")) {
            Api.Response response = api.postRaw("/api/v1/experiments", contentType, "{}".getBytes());
            assertProblem(response, 415);
            assertThat(response.json().get("detail").asString()).contains("application/json");
        }
        assertProblem(api.postRaw("/api/v1/experiments/validate", null, "{}".getBytes()), 415);
    }

    @Test
    void oversizeBodiesAre413WhetherDeclaredOrStreamed() {
        byte[] big = ("{\"name\": \"" + "x".repeat(1024 * 1024) + "\"}").getBytes();

        assertProblem(api.postRaw("/api/v1/experiments", "application/json", big), 413);
        assertProblem(api.postChunked("/api/v1/experiments", "application/json", big), 413);
        // Also under another spelling of the path that reaches the same controller.
        assertProblem(api.postRaw("/api;x=1/v1/experiments", "application/json", big), 413);
        assertProblem(api.postChunked("/%61pi/v1/experiments", "application/json", big), 413);
        // Just under the limit is read (and is then an invalid request, not a 413).
        byte[] fits = ("{\"name\": \"" + "x".repeat(1024 * 1024 - 100) + "\"}").getBytes();
        assertProblem(api.postRaw("/api/v1/experiments", "application/json", fits), 400);
    }

    @Test
    void unknownPathsAndMethodsAreProblemsToo() {
        assertProblem(api.get("/api/v1/nothing-here"), 404);
        assertProblem(api.get("/nothing-here"), 404);
        assertProblem(api.delete("/api/v1/experiments"), 405);
        assertProblem(api.send("PUT", "/api/v1/presets"), 405);
        assertProblem(api.get("/api/v1/presets/no-such-preset"), 404);
        assertThat(api.send("PATCH", "/api/v1/experiments/x").header("Allow")).isPresent();
    }

    private static Arguments envelope(String name, String body, String... pointers) {
        return Arguments.of(Named.of(name, body), List.of(pointers));
    }

    private static String manyTags(int n) {
        return Stream.iterate(0, i -> i + 1).limit(n).map(i -> "\"t" + i + "\"").toList().toString();
    }

    private static List<String> pointers(Api.Response response) {
        return response.json().get("errors").valueStream().map(e -> e.get("pointer").asString()).toList();
    }

    /** A problem document with the given status that gives away nothing of the implementation. */
    static void assertProblem(Api.Response response, int status) {
        assertThat(response.status()).as(response.toString()).isEqualTo(status);
        assertThat(response.contentType()).as(response.toString()).startsWith("application/problem+json");
        JsonNode problem = response.json();
        assertThat(problem.get("status").asInt()).isEqualTo(status);
        assertThat(problem.has("type")).isTrue();
        assertThat(problem.get("title").asString()).isNotBlank();
        assertThat(problem.get("detail").asString()).isNotBlank();
        assertThat(response.body()).doesNotContain("Exception", "\tat ", "SQL", "org.springframework", "tools.jackson");
    }
}
