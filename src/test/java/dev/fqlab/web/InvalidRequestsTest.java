package dev.fqlab.web;

import static org.assertj.core.api.Assertions.assertThat;

import dev.fqlab.support.Api;
import dev.fqlab.support.ServiceTest;
import dev.fqlab.support.TestScenarios;
import java.io.IOException;
import java.io.InputStream;
import dev.fqlab.support.RawHttp;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Named;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.MethodSource;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
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
        assertProblem(api.delete("/api/v1/experiments"), 400); // the bulk delete, without its required filter
        assertProblem(api.send("PUT", "/api/v1/experiments"), 405);
        assertProblem(api.send("PUT", "/api/v1/presets"), 405);
        assertProblem(api.get("/api/v1/presets/no-such-preset"), 404);
        assertThat(api.send("PATCH", "/api/v1/experiments/x").header("Allow")).isPresent();
    }

    static Stream<Arguments> malformedBodies() {
        return Stream.of(
                malformed("{\"scenario\": {\"durationS\": 1,,}}", 1, 30, "expected a property name in double quotes, found ','"),
                malformed("{\"a\":NaN}", 1, 9, "'NaN' is not a JSON value"),
                malformed("{\"a\":\"b", 1, 8, "ends inside a string"),
                malformed("[".repeat(600), 1, 501, "nested too deep (at most 500 levels)"),
                malformed("{\"a\":1,\"a\":2}", 1, 11, "the property \"a\" appears twice"),
                malformed("{\"a\":\"\\x\"}", 1, 8, "invalid escape \\x"),
                malformed("{\"a\":01}", 1, 7, "leading zero"),
                malformed("{\"a\":+1}", 1, 7, "cannot start with '+'"),
                malformed("// note\n{}", 1, 1, "JSON has no comments"),
                malformed("{\"a\":1 \"b\":2}", 1, 8, "expected ',' or '}' after a property's value, found '\"'"),
                malformed("[1 2]", 1, 4, "expected ',' or ']' after an array element, found '2'"),
                malformed("{\"a\" 1}", 1, 6, "expected ':' after a property name, found '1'"),
                malformed("{\"a\":\"\\u12g4\"}", 1, 11, "four hex digits, found 'g'"),
                malformed("{\"a\":-x}", 1, 7, "a digit must follow '-' in a number, found 'x'"),
                malformed("{\"a\":1.x}", 1, 8, "a digit must follow the decimal point in a number, found 'x'"),
                malformed("{\"a\":1ex}", 1, 8, "a digit must follow the exponent in a number, found 'x'"),
                malformed("{\"a\":\"\t\"}", 1, 7, "control character U+0009"),
                malformed("{\"a\":1}}", 1, 8, "unexpected '}': no object is open"),
                malformed("{\"a\":1} x", 1, 9, "unexpected text 'x'"),
                malformed("{\"a\":1}\n{\"b\":2}", 2, 1, "more content follows the end of the JSON document"),
                malformed("{\"a\":1" + "0".repeat(2000) + "}", 1, 6, "a number is too long (at most 1000 characters)"),
                malformed("{\n\"a\":\n}", 3, 1, "expected a value"),
                malformed("[1, 2", 1, 6, "before an array is closed"),
                malformed("{\"a\": [", 1, 8, "before an array is closed"),
                malformed("{\"a\": 1", 1, 8, "before an object is closed"));
    }

    @ParameterizedTest
    @MethodSource("malformedBodies")
    void malformedJsonSaysWhereAndWhatInJsonsOwnTerms(String body, int line, int column, String what) {
        Api.Response response = api.post("/api/v1/experiments", body);

        assertProblem(response, 400);
        String detail = response.json().get("detail").asString();
        assertThat(detail).startsWith("The request body is not valid JSON (line " + line + ", column " + column + "): ")
                .contains(what);
        // Nothing of the parser's own vocabulary: token types, features, settings, source descriptions, char codes.
        assertThat(detail).doesNotContain("`", "VALUE_", "START_", "END_", "JsonToken", "Feature", "StreamRead",
                "Source", "REDACTED", "(code", "CTRL-CHAR", "jackson", "marker");
    }

    @Test
    void aBodyThatIsNotUtf8IsMalformed() {
        Api.Response response = api.postRaw("/api/v1/experiments", "application/json",
                new byte[] {'{', '"', 'a', '"', ':', '"', (byte) 0xff, '"', '}'});
        assertProblem(response, 400);
        assertThat(response.json().get("detail").asString()).contains("line 1, column", "not valid UTF-8");
    }

    /** Tomcat's own query parsing throws on these (a 500 and a stack trace at ERROR); each names its parameter. */
    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "/api/v1/experiments?tag=%ff | tag",
            "/api/v1/experiments?status=%ff | status",
            "/api/v1/experiments?cursor=%00%ff | cursor",
            "/api/v1/experiments?limit=%zz | limit",
            "/api/v1/experiments?tag=ok&tag=% | tag",
            "/api/v1/experiments?%ff=1 | %ff",
            "/api/v1/sweeps?cursor=%c3%28 | cursor",
            "/api/v1/sweeps/00000000-0000-0000-0000-000000000000/table.csv?metric=%ff | metric",
            "/api/v1/experiments?tag=a%00b | tag",
            "/api/v1/experiments?tag=%1b%5b31m | tag",
            "/api/v1/presets?x=%ed%a0%80 | x"})
    @ExtendWith(OutputCaptureExtension.class)
    void badlyEncodedQueryParametersAre400sNamingTheParameter(String path, String parameter, CapturedOutput output) {
        // On a socket: the JDK's client will not send a malformed escape such as a lone '%'.
        RawHttp.Response response = RawHttp.send(port, "GET", path, Map.of(), null);

        assertThat(response.status()).as(response.toString()).isEqualTo(400);
        assertThat(response.contentType()).startsWith("application/problem+json");
        JsonNode errors = Api.JSON.readTree(response.body()).get("errors");
        assertThat(errors).hasSize(1);
        assertThat(errors.get(0).get("parameter").asString()).isEqualTo(parameter);
        assertThat(output.getAll()).as("the service log").doesNotContain("Unexpected error", "InvalidParameterException");
    }

    @Test
    void tooManyQueryParametersAreA400NotA500() {
        String query = String.join("&", java.util.Collections.nCopies(1500, "a"));
        Api.Response response = api.get("/api/v1/experiments?" + query);
        assertProblem(response, 400);
        assertThat(response.json().at("/errors/0/parameter").asString()).isEqualTo("a");
        assertThat(response.json().at("/errors/0/message").asString()).contains("at most 100 per request");
        // A value without a name is what Tomcat refuses with an exception (a 500): named by what was written.
        Api.Response nameless = api.get("/api/v1/experiments?&&=x&a");
        assertProblem(nameless, 400);
        assertThat(nameless.json().at("/errors/0/parameter").asString()).isEqualTo("=x");
    }

    @Test
    void nulAndControlCharactersAreRefusedWhereverTheyWouldBeStored() {
        // PostgreSQL (this test's database) cannot store U+0000: these were 500s, and 202s on H2.
        String scenario = TestScenarios.quick();
        String marker = "nul-" + java.util.UUID.randomUUID();
        List<Map.Entry<String, String>> cases = List.of(
                Map.entry("{\"name\": \"" + marker + "\\u0000\", \"scenario\": " + scenario + "}", "/name"),
                Map.entry("{\"tags\": [\"" + marker + "\", \"t\\u0000\"], \"scenario\": " + scenario + "}", "/tags/1"),
                Map.entry("{\"tags\": [\"" + marker + "\", \"tab\\there\"], \"scenario\": " + scenario + "}", "/tags/1"),
                Map.entry("{\"name\": \"" + marker + "\\ud800\", \"scenario\": " + scenario + "}", "/name"),
                Map.entry("{\"tags\": [\"" + marker + "\"], \"scenario\": {\"name\": \"x\\u0000\", "
                        + scenario.substring(1) + "}", "/scenario/name"),
                Map.entry("{\"tags\": [\"" + marker + "\"], \"preset\": \"example-wired-fq-codel\", "
                        + "\"overrides\": {\"name\": \"x\\u001b[2J\"}}", "/overrides/name"));
        for (Map.Entry<String, String> c : cases) {
            Api.Response response = api.post("/api/v1/experiments", c.getKey());
            assertProblem(response, 400);
            assertThat(pointers(response)).as(c.getKey()).containsExactly(c.getValue());
        }
        String sweep = "{\"tags\": [\"" + marker + "\"], \"base\": {\"scenario\": " + scenario + "}, \"parameters\": "
                + "[{\"pointer\": \"/seed\", \"values\": [1, 2], %s}]%s}";
        for (Map.Entry<String, String> c : List.of(
                Map.entry(sweep.formatted("\"labels\": [\"a\", \"b\\u0000\"]", ""), "/parameters/0/labels/1"),
                Map.entry(sweep.formatted("\"name\": \"s\\u0000\"", ""), "/parameters/0/name"),
                Map.entry(sweep.formatted("\"labels\": [\"a\", \"b\"]", ", \"name\": \"sweep\\u0000\""), "/name"),
                Map.entry(sweep.formatted("\"labels\": [\"a\", \"b\"]", ", \"metrics\": [\"m\\u0000\"]"), "/metrics/0"))) {
            Api.Response response = api.post("/api/v1/sweeps", c.getKey());
            assertProblem(response, 400);
            assertThat(pointers(response)).as(c.getKey()).containsExactly(c.getValue());
        }
        // Nothing was stored, and the tag filter refuses the character too, naming its parameter.
        assertThat(api.get("/api/v1/experiments?tag=" + marker).json().get("items")).isEmpty();
        Api.Response filter = api.get("/api/v1/experiments?tag=x%00");
        assertProblem(filter, 400);
        assertThat(filter.json().at("/errors/0/parameter").asString()).isEqualTo("tag");
        // Free text keeps tabs and line breaks.
        Api.Response multiLine = api.post("/api/v1/experiments/validate",
                "{\"name\": \"two\\r\\nlines\\tand a tab\", \"scenario\": " + scenario + "}");
        assertThat(multiLine.status()).as(multiLine.toString()).isEqualTo(200);
    }

    @Test
    void anAcceptHeaderThatDoesNotParseGetsAProblemBody() {
        for (String accept : List.of("garbage", "a/b;q=x", "text/html")) {
            Api.Response response = api.get("/api/v1/presets", accept);
            assertProblem(response, 406);
        }
        assertProblem(api.get("/api/v1/reference/scenario", "application/json"), 406);
    }

    @Test
    void aContentTypeThatDoesNotParseIsNamedInThe415() {
        Api.Response response = api.postRaw("/api/v1/experiments", "garbage", "{}".getBytes());
        assertProblem(response, 415);
        assertThat(response.json().get("detail").asString()).startsWith("Content-Type 'garbage' is not supported");
    }

    @Test
    void aMalformedFormBodyIsNotParsedAtAll() {
        // Spring's form filter parsed PUT/PATCH/DELETE form bodies: "%zz" made a 500.
        Api.Response response = api.send("DELETE", "/api/v1/experiments/00000000-0000-0000-0000-000000000000",
                Map.of("Content-Type", "application/x-www-form-urlencoded"), "%zz=1&a=%ff".getBytes());
        assertProblem(response, 404);
    }

    /** What Tomcat refuses before the application sees it: its HTML error page before, a problem now. */
    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "GET /api/v1/experiments/%2F HTTP/1.1\\r\\nHost: x\\r\\n | 400",
            "GET /api/v1/experiments/a%00b HTTP/1.1\\r\\nHost: x\\r\\n | 400",
            "GET /api/v1/experiments/..%2f..%2fpresets HTTP/1.1\\r\\nHost: x\\r\\n | 400",
            "GET /api/v1/experiments/%5C HTTP/1.1\\r\\nHost: x\\r\\n | 400",
            "GET /api/v1/experiments/%ff HTTP/1.1\\r\\nHost: x\\r\\n | 400",
            "GET /api/v1/experiments?tag={} HTTP/1.1\\r\\nHost: x\\r\\n | 400",
            "GET /api/v1/experiments?tag=\u00ff HTTP/1.1\\r\\nHost: x\\r\\n | 400",
            "GET /api/v1/presets HTTP/1.1\\r\\n | 400",
            "GET /api/v1/presets HTTP/1.1\\r\\nHost: a b\\r\\n | 400",
            "GET /api/v1/presets HTTP/1.1\\r\\nHost: x\\r\\nHost: y\\r\\n | 400",
            "GET /api/v1/presets HTTP/1.1\\r\\nHost: x\\r\\nContent-Length: abc\\r\\n | 400",
            "GET /api/v1/presets HTTP/1.1\\r\\nHost: x\\r\\nX-Odd: a\u0001b\\r\\n | 400",
            "GET http://elsewhere/api/v1/presets HTTP/1.1\\r\\nHost: x\\r\\n | 400",
            "GET /api/v1/presets HTTP/1.1\\r\\nHost: x\\r\\nExpect: 100-banana\\r\\n | 417",
            "GET /api/v1/presets HTTP/9.9\\r\\nHost: x\\r\\n | 505"})
    void containerLevelErrorsAreProblemsToo(String head, int status) {
        String request = head.replace("\\r\\n", "\r\n") + "Connection: close\r\n\r\n";
        RawHttp.Response response = RawHttp.send(port, request);

        assertThat(response.status()).as(response.toString()).isEqualTo(status);
        assertThat(response.contentType()).as(response.toString()).startsWith("application/problem+json");
        assertThat(response.header("X-Content-Type-Options")).isEqualTo("nosniff");
        JsonNode problem = Api.JSON.readTree(response.body());
        assertThat(problem.get("status").asInt()).isEqualTo(status);
        assertThat(problem.get("title").asString()).isNotBlank();
        assertThat(problem.get("detail").asString()).isNotBlank();
        assertThat(response.body()).doesNotContain("Tomcat", "<html", "Exception");
    }

    @Test
    void anOversizedHeaderIsAProblemToo() {
        RawHttp.Response response = RawHttp.send(port, "GET /api/v1/presets HTTP/1.1\r\nHost: x\r\nX-Big: "
                + "a".repeat(20_000) + "\r\nConnection: close\r\n\r\n");
        assertThat(response.status()).isEqualTo(400);
        assertThat(response.contentType()).startsWith("application/problem+json");
    }

    private static Arguments malformed(String body, int line, int column, String what) {
        return Arguments.of(Named.of(body.length() > 40 ? body.substring(0, 40) + "…" : body, body), line, column, what);
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
