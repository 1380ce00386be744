package dev.fqlab.web;

import dev.fqlab.sim.scenario.Scenario;
import dev.fqlab.sim.scenario.schema.Field;
import dev.fqlab.sim.scenario.schema.IntRange;
import dev.fqlab.sim.scenario.schema.NumberRange;
import dev.fqlab.sim.scenario.schema.RecordSchema;
import dev.fqlab.support.Api;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * The hostile-input corpus: requests generated from the scenario declarations ({@link RecordSchema} of every record
 * a base document uses: each field with a wrong type, below and above its range, beyond a double, tiny, NaN-like,
 * null, and for strings NUL, escape and other control characters and unpaired surrogates), plus classic attacks on
 * the envelope, the encodings, the nesting, the sizes, the paths, the query strings and the headers. Each request
 * says what a correct answer is: a 400 naming a given field or parameter, a given status, or just "no 5xx".
 */
final class HostileInputCorpus {

    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    /** What a correct answer to a probe is. */
    record Expect(int status, String pointer, String parameter) {
        /** A 400 with an error at {@code pointer} or below it. */
        static Expect field(String pointer) {
            return new Expect(400, pointer, null);
        }

        static Expect parameter(String name) {
            return new Expect(400, null, name);
        }

        static Expect status(int status) {
            return new Expect(status, null, null);
        }

        /** Anything but a 5xx (the value may well be valid). */
        static Expect any() {
            return new Expect(0, null, null);
        }
    }

    /** One request of the corpus. */
    record Probe(String name, String method, String path, Map<String, String> headers, byte[] body, Expect expect) {
        @Override
        public String toString() {
            String text = body == null ? "" : new String(body, StandardCharsets.UTF_8);
            return name + ": " + method + " " + path + (headers.isEmpty() ? "" : " " + headers) + " "
                    + (text.length() > 300 ? text.substring(0, 300) + "…" : text);
        }
    }

    private final List<Probe> probes = new ArrayList<>();
    private final String tag;

    private HostileInputCorpus(String tag) {
        this.tag = tag;
    }

    /** The corpus; accepted experiments carry {@code tag}; {@code experimentId} is any existing experiment's. */
    static List<Probe> build(String tag, String experimentId, String sweepId) {
        HostileInputCorpus corpus = new HostileInputCorpus(tag);
        corpus.fromDeclarations();
        corpus.envelopes();
        corpus.encodingsAndNesting();
        corpus.paths(experimentId, sweepId);
        corpus.queries(experimentId, sweepId);
        corpus.headers();
        return List.copyOf(corpus.probes);
    }

    // ---- from the declarations -------------------------------------------------------------------------------------

    static final String WIRED = """
            {"durationS": 0.2, "warmupS": 0.05, "sampleIntervalMs": 50, "link": {"type": "wired", "rateMbps": 10},
             "stack": {"qdisc": {"type": "fq_codel"}},
             "flows": [{"name": "u", "type": "udp", "rateMbps": 2}, {"name": "p", "type": "ping", "intervalMs": 50},
                       {"name": "t", "type": "tcp"}]}""";
    static final String WIFI = """
            {"durationS": 0.2, "link": {"type": "wifi", "standard": "802.11n", "ampdu": {}},
             "stations": [{"name": "s1", "mcs": 7}],
             "stack": {"qdisc": {"type": "noqueue"}, "txqs": {}, "scheduler": {"type": "airtime"}, "aql": {}, "driver": {}},
             "flows": [{"name": "u", "type": "udp", "station": "s1", "rateMbps": 2}]}""";

    private void fromDeclarations() {
        walk(json(WIRED), Scenario.SCHEMA, "", "", true);
        ObjectNode codel = json(WIRED);
        codel.withObject("/stack").set("qdisc", json("{\"type\": \"codel\"}"));
        walk(codel, Scenario.SCHEMA, "", "/stack/qdisc", true);
        ObjectNode pfifo = json(WIRED);
        pfifo.withObject("/stack").set("qdisc", json("{\"type\": \"pfifo\"}"));
        walk(pfifo, Scenario.SCHEMA, "", "/stack/qdisc", true);
        ObjectNode wifi = json(WIFI);
        for (String focus : List.of("/link", "/stations", "/stack", "/flows/0/station")) {
            walk(wifi, Scenario.SCHEMA, "", focus, true);
        }
    }

    /**
     * Mutates every field of the object at {@code at} in {@code doc} (read by {@code schema}), and of the objects
     * below it, whose pointer starts with {@code focus}. Of an array's later elements only the fields of their own
     * type are mutated ({@code common} false), not the ones every element has.
     */
    private void walk(ObjectNode doc, RecordSchema<?> schema, String at, String focus, boolean common) {
        JsonNode node = doc.at(at);
        for (Field field : schema.fields()) {
            String pointer = at + "/" + field.name();
            JsonNode value = node.get(field.name());
            boolean mutate = common && pointer.startsWith(focus);
            boolean below = pointer.startsWith(focus) || focus.startsWith(pointer + "/");
            switch (field.kind()) {
                case FLAT -> walk(doc, field.schema(), at, focus, common);
                case INLINE -> walk(doc, field.variants().byType(node.path("type").asString()), at, focus, true);
                case OBJECT -> {
                    invalid(mutate, doc, pointer, "1", "[]");
                    if (below && value != null && value.isObject()) {
                        walk(doc, field.schema(), pointer, focus, common);
                    }
                }
                case VARIANT -> {
                    invalid(mutate, doc, pointer, "\"fq_codel\"", "[]");
                    if (below && value != null && value.isObject()) {
                        invalid(pointer.startsWith(focus), doc, pointer + "/type", "\"nope\"", "7", "null");
                        walk(doc, field.variants().byType(value.path("type").asString()), pointer, focus, true);
                    }
                }
                case ARRAY -> {
                    invalid(mutate, doc, pointer, "{}", "[7]", "[null]");
                    if (below && value != null && value.isArray()) {
                        for (int i = 0; i < value.size(); i++) {
                            walk(doc, field.schema(), pointer + "/" + i, focus, i == 0);
                        }
                    }
                }
                case TYPE -> invalid(mutate, doc, pointer, "\"nope\"", "7", "\"\"");
                case FORBIDDEN -> invalid(mutate, doc, pointer, "1");
                case NUMBER -> number(mutate, doc, pointer, field);
                case INTEGER -> integer(mutate, doc, pointer, field);
                case STRING -> string(mutate, doc, pointer, field);
                case BOOLEAN -> invalid(mutate, doc, pointer, "\"true\"", "0", "null");
                case ENUM -> invalid(mutate, doc, pointer, "\"nope\"", "7", "null");
            }
        }
    }

    private void number(boolean mutate, ObjectNode doc, String pointer, Field field) {
        List<String> invalid = new ArrayList<>(List.of("\"NaN\"", "1e400"));
        if (field.presence() != Field.Presence.NULLABLE) {
            invalid.add("null");
        }
        NumberRange range = field.numberRange();
        if (range != null) {
            if (range.min() != Double.NEGATIVE_INFINITY) {
                invalid.add(plain(range.minInclusive() ? Math.nextDown(range.min()) : range.min()));
            }
            if (range.max() != Double.POSITIVE_INFINITY) {
                invalid.add(plain(range.maxInclusive() ? Math.nextUp(range.max()) : range.max()));
                invalid.add("1e308");
            }
        } else if (field.allowed() != null) {
            invalid.add("7.25");
        }
        invalid(mutate, doc, pointer, invalid.toArray(String[]::new));
        edge(mutate, doc, pointer, "5e-324", "-0");
    }

    private void integer(boolean mutate, ObjectNode doc, String pointer, Field field) {
        List<String> invalid = new ArrayList<>(List.of("\"Infinity\"", "1.5", "1e400",
                "123456789012345678901234567890", "null"));
        IntRange range = field.intRange();
        if (range != null) {
            invalid.add(BigInteger.valueOf(range.min()).subtract(BigInteger.ONE).toString());
            invalid.add(BigInteger.valueOf(range.max()).add(BigInteger.ONE).toString());
        } else if (field.allowed() != null) {
            invalid.add("30");
        }
        invalid(mutate, doc, pointer, invalid.toArray(String[]::new));
        edge(mutate, doc, pointer, "2.0");
    }

    private void string(boolean mutate, ObjectNode doc, String pointer, Field field) {
        List<String> invalid = new ArrayList<>(List.of("7", "\"a\\u0000b\"", "\"\\u001b[31mred\"",
                "\"x\\ud800\""));
        if (field.maxLength() > 0) {
            invalid.add("\"" + "n".repeat(field.maxLength() + 1) + "\"");
        }
        if (field.pattern() != null) {
            invalid.add("\"not a name!\"");
            invalid.add("\"tab\\tinside\"");
        }
        invalid(mutate, doc, pointer, invalid.toArray(String[]::new));
        edge(mutate, doc, pointer, "\"two\\r\\nlines\\tand a tab\"", "\"ü✓😀\"");
    }

    /** Each value makes the field invalid: a 400 naming it (or something below it). */
    private void invalid(boolean mutate, ObjectNode doc, String pointer, String... values) {
        if (mutate) {
            for (String value : values) {
                add("field " + pointer + " = " + value, "POST", "/api/v1/experiments", scenario(doc, pointer, value),
                        Expect.field("/scenario" + pointer));
            }
        }
    }

    /** Values that may be valid: no 5xx, and a run that does not fail if accepted. */
    private void edge(boolean mutate, ObjectNode doc, String pointer, String... values) {
        if (mutate) {
            for (String value : values) {
                add("edge " + pointer + " = " + value, "POST", "/api/v1/experiments", scenario(doc, pointer, value),
                        Expect.any());
            }
        }
    }

    /** The submission of {@code doc} with the value at {@code pointer} replaced by the JSON text {@code value}. */
    private byte[] scenario(ObjectNode doc, String pointer, String value) {
        // Spliced as text: 1e400 or a NUL must reach the service exactly as written.
        String marker = "\"@@VALUE@@\"";
        ObjectNode copy = doc.deepCopy();
        set(copy, pointer, NODES.stringNode("@@VALUE@@"));
        String scenario = Api.JSON.writeValueAsString(copy).replace(marker, value);
        return ("{\"tags\": [\"" + tag + "\"], \"scenario\": " + scenario + "}").getBytes(StandardCharsets.UTF_8);
    }

    private static void set(ObjectNode doc, String pointer, JsonNode value) {
        String[] tokens = pointer.substring(1).split("/");
        JsonNode node = doc;
        for (int i = 0; i < tokens.length - 1; i++) {
            JsonNode next = node.isArray() ? node.get(Integer.parseInt(tokens[i])) : node.get(tokens[i]);
            if (next == null || !(next.isObject() || next.isArray())) {
                next = ((ObjectNode) node).putObject(tokens[i]);
            }
            node = next;
        }
        String last = tokens[tokens.length - 1];
        if (node.isArray()) {
            ((ArrayNode) node).set(Integer.parseInt(last), value);
        } else {
            ((ObjectNode) node).set(last, value);
        }
    }

    // ---- the envelopes -------------------------------------------------------------------------------------------

    private void envelopes() {
        String s = WIRED;
        String t = "\"tags\": [\"" + tag + "\"], ";
        experiment("name NUL", "{" + t + "\"name\": \"a\\u0000b\", \"scenario\": " + s + "}", Expect.field("/name"));
        experiment("name ESC", "{" + t + "\"name\": \"\\u001b]0;title\\u0007\", \"scenario\": " + s + "}", Expect.field("/name"));
        experiment("name lone surrogate", "{" + t + "\"name\": \"\\ud83d\", \"scenario\": " + s + "}", Expect.field("/name"));
        experiment("name tab and newline", "{" + t + "\"name\": \"a\\tb\\nc\", \"scenario\": " + s + "}", Expect.status(202));
        experiment("name 201 chars", "{" + t + "\"name\": \"" + "x".repeat(201) + "\", \"scenario\": " + s + "}", Expect.field("/name"));
        experiment("name a number", "{" + t + "\"name\": 1e400, \"scenario\": " + s + "}", Expect.field("/name"));
        experiment("tag NUL", "{\"tags\": [\"" + tag + "\", \"\\u0000\"], \"scenario\": " + s + "}", Expect.field("/tags/1"));
        experiment("tag tab", "{\"tags\": [\"" + tag + "\", \"a\\tb\"], \"scenario\": " + s + "}", Expect.field("/tags/1"));
        experiment("tag newline", "{\"tags\": [\"" + tag + "\", \"a\\nb\"], \"scenario\": " + s + "}", Expect.field("/tags/1"));
        experiment("tag surrogate", "{\"tags\": [\"" + tag + "\", \"\\udfff\"], \"scenario\": " + s + "}", Expect.field("/tags/1"));
        experiment("tag 65 chars", "{\"tags\": [\"" + "t".repeat(65) + "\"], \"scenario\": " + s + "}", Expect.field("/tags/0"));
        experiment("tags 10000", "{\"tags\": " + manyStrings(10_000) + ", \"scenario\": " + s + "}", Expect.field("/tags"));
        experiment("tags nested", "{\"tags\": [[\"a\"]], \"scenario\": " + s + "}", Expect.field("/tags/0"));
        experiment("preset NUL", "{" + t + "\"preset\": \"example\\u0000\"}", Expect.field("/preset"));
        experiment("preset path", "{" + t + "\"preset\": \"../../etc/passwd\"}", Expect.field("/preset"));
        experiment("overrides NUL name", "{" + t + "\"preset\": \"example-wired-fq-codel\", \"overrides\": "
                + "{\"name\": \"\\u0000\"}}", Expect.field("/overrides/name"));
        experiment("overrides deep", "{" + t + "\"preset\": \"example-wired-fq-codel\", \"overrides\": {\"link\": "
                + "{\"x\": " + "{\"a\": ".repeat(400) + "1" + "}".repeat(400) + "}}}", Expect.field("/overrides/link/x"));
        experiment("overrides null flows", "{" + t + "\"preset\": \"example-wired-fq-codel\", \"overrides\": "
                + "{\"flows\": null}}", Expect.field("/overrides/flows"));
        experiment("unknown key NUL", "{" + t + "\"scenario\": " + s + ", \"\\u0000\": 1}", Expect.field("/\u0000"));
        experiment("flows 4097 (issue 16: the limit is 4096)", "{" + t + "\"scenario\": " + flows(4097) + "}",
                Expect.field("/scenario/flows"));
        experiment("flows 10000", "{" + t + "\"scenario\": " + flows(10_000) + "}", Expect.field("/scenario/flows"));
        experiment("rateMbps 1e-300 (issue 15)", "{" + t + "\"scenario\": {\"durationS\": 1, \"link\": {\"type\": "
                + "\"wired\", \"rateMbps\": 10}, \"flows\": [{\"name\": \"f\", \"type\": \"udp\", \"rateMbps\": 1e-300, "
                + "\"startS\": 0.5}]}}", Expect.field("/scenario/flows/0/rateMbps"));
        experiment("1024 tcp flows at 1231 ms (issue 15)", "{" + t + "\"scenario\": " + tcpFlows(1024, 1231) + "}",
                Expect.field("/scenario/sampleIntervalMs"));

        String sweep = "{\"tags\": [\"" + tag + "\"], \"base\": {\"scenario\": " + s + "}, \"parameters\": "
                + "[{\"pointer\": \"/seed\", \"values\": [1, 2]%s}]%s}";
        sweep("sweep name NUL", sweep.formatted("", ", \"name\": \"s\\u0000\""), Expect.field("/name"));
        sweep("sweep tag NUL", sweep.formatted("", ", \"tags\": [\"\\u0000\"]").replaceFirst("\"tags\": \\[\"[^\"]*\"\\], ", ""),
                Expect.field("/tags/0"));
        sweep("sweep label NUL", sweep.formatted(", \"labels\": [\"a\", \"\\u0000\"]", ""), Expect.field("/parameters/0/labels/1"));
        sweep("sweep label newline", sweep.formatted(", \"labels\": [\"a\", \"b\\nc\"]", ""), Expect.field("/parameters/0/labels/1"));
        sweep("sweep parameter name ESC", sweep.formatted(", \"name\": \"\\u001b\"", ""), Expect.field("/parameters/0/name"));
        sweep("sweep pointer NUL", sweep.replace("/seed", "/se\\u0000ed").formatted("", ""), Expect.field("/parameters/0/pointer"));
        sweep("sweep pointer traversal", sweep.replace("/seed", "/../../etc").formatted("", ""), Expect.field("/parameters/0"));
        sweep("sweep metric NUL", sweep.formatted("", ", \"metrics\": [\"m\\u0000\"]"), Expect.field("/metrics/0"));
        sweep("sweep formula labels", sweep.formatted(", \"labels\": [\"=1+1\", \"@SUM(A1)\"]", ""), Expect.status(202));
        sweep("sweep repetitions huge", sweep.formatted("", ", \"repetitions\": 1e400"), Expect.field("/repetitions"));
        sweep("sweep repetitions 2^63", sweep.formatted("", ", \"repetitions\": 9223372036854775808"), Expect.field("/repetitions"));
        sweep("sweep 100000 values", "{\"base\": {\"scenario\": " + s + "}, \"parameters\": [{\"pointer\": \"/seed\", "
                + "\"values\": " + manyNumbers(100_000) + "}]}", Expect.field("/parameters"));
        sweep("sweep 17 parameters", "{\"base\": {\"scenario\": " + s + "}, \"parameters\": ["
                + String.join(", ", Collections.nCopies(17, "{\"pointer\": \"/seed\", \"values\": [1]}")) + "]}",
                Expect.field("/parameters"));
        sweep("sweep deep value", sweep.replace("[1, 2]", "[" + "[".repeat(450) + "]".repeat(450) + "]").formatted("", ""),
                Expect.field("/parameters/0/values/0"));
        sweep("sweep value NUL string", sweep.replace("/seed", "/name").replace("[1, 2]", "[\"ok\", \"x\\u0000\"]")
                .formatted("", ""), Expect.field("/parameters/0/values/1"));
    }

    // ---- bodies: encodings, nesting, sizes -------------------------------------------------------------------------

    private void encodingsAndNesting() {
        raw("invalid UTF-8", new byte[] {'{', '"', 'n', 'a', 'm', 'e', '"', ':', '"', (byte) 0xff, '"', '}'}, Expect.status(400));
        raw("overlong NUL (C0 80)", new byte[] {'{', '"', 'n', 'a', 'm', 'e', '"', ':', '"', (byte) 0xc0, (byte) 0x80, '"', '}'},
                Expect.status(400));
        raw("CESU surrogate (ED A0 80)", new byte[] {'{', '"', 'n', 'a', 'm', 'e', '"', ':', '"', (byte) 0xed, (byte) 0xa0,
                (byte) 0x80, '"', '}'}, Expect.status(400));
        raw("UTF-16 body", "{\"preset\": \"example-wired-fq-codel\"}".getBytes(StandardCharsets.UTF_16), Expect.any());
        raw("UTF-8 BOM", ("\uFEFF{\"tags\": [\"" + tag + "\"], \"preset\": \"example-wired-fq-codel\"}")
                .getBytes(StandardCharsets.UTF_8), Expect.any());
        raw("raw NUL byte", "{\"name\": \"a\u0000b\"}".getBytes(StandardCharsets.UTF_8), Expect.status(400));
        raw("NaN token", "{\"scenario\": {\"durationS\": NaN}}".getBytes(StandardCharsets.UTF_8), Expect.status(400));
        raw("Infinity token", "{\"scenario\": {\"durationS\": -Infinity}}".getBytes(StandardCharsets.UTF_8), Expect.status(400));
        raw("1000-digit number", ("{\"scenario\": {\"durationS\": 1" + "0".repeat(1000) + "}}").getBytes(StandardCharsets.UTF_8),
                Expect.status(400));
        raw("number 1e999999999", "{\"scenario\": {\"durationS\": 1e999999999}}".getBytes(StandardCharsets.UTF_8),
                Expect.any());
        raw("depth 100000", "[".repeat(100_000).getBytes(StandardCharsets.UTF_8), Expect.status(400));
        raw("depth 501 objects", ("{\"scenario\": " + "{\"a\": ".repeat(501) + "1" + "}".repeat(502))
                .getBytes(StandardCharsets.UTF_8), Expect.status(400));
        raw("depth 400 in scenario", ("{\"scenario\": {\"link\": " + "[".repeat(400) + "]".repeat(400) + "}}")
                .getBytes(StandardCharsets.UTF_8), Expect.field("/scenario/link"));
        raw("array of 200000 nulls", ("[" + String.join(",", Collections.nCopies(200_000, "null")) + "]")
                .getBytes(StandardCharsets.UTF_8), Expect.field(""));
        raw("body over 1 MB", ("{\"name\": \"" + "x".repeat(1_100_000) + "\"}").getBytes(StandardCharsets.UTF_8),
                Expect.status(413));
        raw("empty", new byte[0], Expect.status(400));
        raw("just whitespace", "  \r\n\t ".getBytes(StandardCharsets.UTF_8), Expect.status(400));
        raw("a string", "\"scenario\"".getBytes(StandardCharsets.UTF_8), Expect.field(""));
        raw("duplicate key", "{\"preset\": \"a\", \"preset\": \"b\"}".getBytes(StandardCharsets.UTF_8), Expect.status(400));
        raw("trailing document", "{} {}".getBytes(StandardCharsets.UTF_8), Expect.status(400));
        raw("comment", "/* */ {}".getBytes(StandardCharsets.UTF_8), Expect.status(400));
        raw("single quotes", "{'preset': 'x'}".getBytes(StandardCharsets.UTF_8), Expect.status(400));
        raw("control char unescaped", "{\"name\": \"a\u0001b\"}".getBytes(StandardCharsets.UTF_8), Expect.status(400));
        raw("key 100000 chars", ("{\"" + "k".repeat(100_000) + "\": 1}").getBytes(StandardCharsets.UTF_8), Expect.any());
    }

    // ---- paths ---------------------------------------------------------------------------------------------------

    private void paths(String experimentId, String sweepId) {
        for (String path : List.of("/api;x/v1/presets", "/api/v1;x/presets", "//api//v1//presets", "/api/v1/./presets",
                "/api/v1/presets/", "/%61pi/v1/presets", "/api/v1/%70resets")) {
            get("path " + path, path, Expect.any());
        }
        for (String path : List.of("/api/v1/experiments/%2e%2e", "/api/v1/%2e%2e/v1/presets",
                "/api/v1/presets/..;/experiments", "/api/v1/experiments/..%2f..%2fpresets", "/api/v1/experiments/%2F",
                "/api/v1/experiments/%5C", "/api/v1/presets/%00", "/api/v1/presets/%ff", "/api/v1/presets/%c0%ae%c0%ae",
                "/api/v1/experiments/" + experimentId + "/plots/..%2f..%2fresult.svg",
                "/api/v1/experiments/" + experimentId + "/plots/%2e%2e.svg",
                "/api/v1/experiments/" + experimentId + "/plots/" + "x".repeat(5000) + ".svg",
                "/api/v1/experiments/" + experimentId + "%00/result",
                "/api/v1/experiments/" + experimentId.toUpperCase() + "/result",
                "/api/v1/experiments/" + experimentId + "%0d%0aSet-Cookie:%20x=1",
                "/api/v1/sweeps/" + sweepId + "/plots/%ff.svg",
                "/api/v1/sweeps/" + sweepId + "/plots/..%2f.svg",
                "/api/v1/sweeps/" + sweepId + "/plots/%3Cscript%3E.svg",
                "/api/v1/sweeps/" + sweepId + "/table.csv/..",
                "/api/v1/presets/%252e%252e",
                "/api/v1/experiments/" + "a".repeat(10_000),
                "/WEB-INF/web.xml", "/META-INF/MANIFEST.MF", "/actuator/env", "/actuator/heapdump", "/error",
                "/api/v1/experiments/00000000-0000-0000-0000-000000000000/result")) {
            get("path " + (path.length() > 80 ? path.substring(0, 80) + "…" : path), path, Expect.any());
        }
        add("DELETE a collection without a filter", "DELETE", "/api/v1/experiments", Map.of(), null, Expect.status(400));
        add("PUT a preset", "PUT", "/api/v1/presets/seed-003", Map.of("Content-Type", "application/json"),
                "{}".getBytes(StandardCharsets.UTF_8), Expect.status(405));
        add("TRACE", "TRACE", "/api/v1/presets", Map.of(), null, Expect.status(405));
        add("PATCH an experiment", "PATCH", "/api/v1/experiments/" + experimentId, Map.of("Content-Type",
                "application/merge-patch+json"), "{}".getBytes(StandardCharsets.UTF_8), Expect.status(405));
        add("DELETE with a form body", "DELETE", "/api/v1/experiments/00000000-0000-0000-0000-000000000000",
                Map.of("Content-Type", "application/x-www-form-urlencoded"), "%zz=1&%ff=%ff".getBytes(StandardCharsets.UTF_8),
                Expect.status(404));
        add("DELETE the sweeps collection", "DELETE", "/api/v1/sweeps", Map.of(), null, Expect.status(405));
        add("DELETE an unknown sweep", "DELETE", "/api/v1/sweeps/00000000-0000-0000-0000-000000000000", Map.of(), null,
                Expect.status(404));
        add("DELETE a sweep by a bad id", "DELETE", "/api/v1/sweeps/%00..%2f" + sweepId, Map.of(), null, Expect.any());
    }

    // ---- query strings -------------------------------------------------------------------------------------------

    private void queries(String experimentId, String sweepId) {
        Map<String, String> parameterErrors = new LinkedHashMap<>();
        parameterErrors.put("/api/v1/experiments?tag=%ff", "tag");
        parameterErrors.put("/api/v1/experiments?status=%ff", "status");
        parameterErrors.put("/api/v1/experiments?cursor=%00%ff", "cursor");
        parameterErrors.put("/api/v1/sweeps/" + sweepId + "/table.csv?metric=%ff", "metric");
        parameterErrors.put("/api/v1/sweeps/" + sweepId + "/table.csv?stats=%00", "stats");
        parameterErrors.put("/api/v1/sweeps/" + sweepId + "/table.csv?stats=mode", "stats");
        parameterErrors.put("/api/v1/experiments?tag=a%00b", "tag");
        parameterErrors.put("/api/v1/experiments?tag=%0d%0a", "tag");
        parameterErrors.put("/api/v1/experiments?tag=%", "tag");
        parameterErrors.put("/api/v1/experiments?tag=%zz", "tag");
        parameterErrors.put("/api/v1/experiments?tag=%e2%82", "tag");
        parameterErrors.put("/api/v1/experiments?%ff=1", "%ff");
        parameterErrors.put("/api/v1/experiments?limit=%ff", "limit");
        parameterErrors.put("/api/v1/experiments?limit=0", "limit");
        parameterErrors.put("/api/v1/experiments?limit=201", "limit");
        parameterErrors.put("/api/v1/experiments?limit=1e3", "limit");
        parameterErrors.put("/api/v1/experiments?limit=99999999999999999999", "limit");
        parameterErrors.put("/api/v1/experiments?limit=-1", "limit");
        parameterErrors.put("/api/v1/experiments?cursor=AAAA", "cursor");
        parameterErrors.put("/api/v1/experiments?cursor=djE6OTk5OTk5OTk5OTk5OTk5OTk5OTk5", "cursor");
        parameterErrors.put("/api/v1/experiments?status=RUNNING,nope", "status");
        parameterErrors.put("/api/v1/sweeps?limit=x", "limit");
        parameterErrors.put("/api/v1/sweeps?cursor=%c3%28", "cursor");
        parameterErrors.put("/api/v1/presets?x=%ed%a0%80", "x");
        parameterErrors.put("/actuator/health?probe=%ff", "probe");
        parameterErrors.forEach((path, parameter) -> get("query " + path, path, Expect.parameter(parameter)));
        get("query 150 parameters", "/api/v1/experiments?" + String.join("&", Collections.nCopies(150, "a=1")),
                Expect.parameter("a"));
        get("query 1000 parameters", "/api/v1/experiments?" + String.join("&", Collections.nCopies(1000, "b")),
                Expect.parameter("b"));
        get("query nameless values", "/api/v1/experiments?&&&=&=x&a", Expect.parameter("=x"));
        get("query 2000 nameless values", "/api/v1/experiments?" + String.join("&", Collections.nCopies(2000, "=")),
                Expect.parameter("="));
        for (String path : List.of("/api/v1/experiments?tag=", "/api/v1/experiments?status=", "/api/v1/experiments?cursor=",
                "/api/v1/experiments?tag=" + "t".repeat(3000), "/api/v1/experiments?tag=%F0%9F%98%80",
                "/api/v1/experiments?tag=a+b&tag=a%20b", "/api/v1/experiments?status=queued,RUNNING&status=succeeded",
                "/api/v1/experiments?&&&a&b=", "/api/v1/sweeps/" + sweepId + "/table.csv?metric=*&stats=n",
                "/api/v1/sweeps/" + sweepId + "/table.csv?metric=" + "*".repeat(500),
                "/api/v1/sweeps/" + sweepId + "/table.csv?metric=(a%2B)%2B$",
                "/api/v1/experiments/" + experimentId + "?x=%F0%9F%98%80")) {
            get("query " + (path.length() > 80 ? path.substring(0, 80) + "…" : path), path, Expect.any());
        }
    }

    // ---- headers -------------------------------------------------------------------------------------------------

    private void headers() {
        byte[] body = ("{\"tags\": [\"" + tag + "\"], \"preset\": \"example-wired-fq-codel\", \"overrides\": "
                + "{\"durationS\": 0.2}}").getBytes(StandardCharsets.UTF_8);
        for (String type : List.of("text/plain", "application/xml", "garbage", "application/json;;;", "/", "*/*",
                "application/json, text/plain", "multipart/form-data; boundary=x", "application/x-www-form-urlencoded")) {
            add("Content-Type " + type, "POST", "/api/v1/experiments/validate", Map.of("Content-Type", type), body,
                    Expect.any());
        }
        for (String type : List.of("application/json; charset=utf-16", "application/json; charset=bogus",
                "APPLICATION/JSON", "application/json; x=\"\\u0000\"")) {
            add("Content-Type " + type, "POST", "/api/v1/experiments/validate", Map.of("Content-Type", type), body,
                    Expect.any());
        }
        add("no Content-Type", "POST", "/api/v1/experiments", Map.of(), body, Expect.status(415));
        for (String accept : List.of("text/html", "image/png", "garbage", "a/b;q=x", "application/json;q=0",
                "*/*;q=abc", "text/*", "application/xml")) {
            add("Accept " + accept, "GET", "/api/v1/presets", Map.of("Accept", accept), null, Expect.any());
            add("Accept " + accept + " on a POST", "POST", "/api/v1/experiments/validate",
                    Map.of("Accept", accept, "Content-Type", "application/json"), body, Expect.any());
        }
        add("Accept json on a report", "GET", "/api/v1/reference/scenario", Map.of("Accept", "application/json"), null,
                Expect.status(406));
        add("Idempotency-Key 201 chars", "POST", "/api/v1/experiments", Map.of("Content-Type", "application/json",
                "Idempotency-Key", "k".repeat(201)), body, Expect.parameter("Idempotency-Key"));
        add("Idempotency-Key with a tab", "POST", "/api/v1/experiments", Map.of("Content-Type", "application/json",
                "Idempotency-Key", "a\tb"), body, Expect.parameter("Idempotency-Key"));
        add("Idempotency-Key blank", "POST", "/api/v1/experiments", Map.of("Content-Type", "application/json",
                "Idempotency-Key", " "), body, Expect.parameter("Idempotency-Key"));
        add("Authorization on an open service", "GET", "/api/v1/presets", Map.of("Authorization", "Bearer \u00ff"),
                null, Expect.status(200));
        add("X-Forwarded headers", "GET", "/api/v1/presets", Map.of("X-Forwarded-Host", "evil.example",
                "X-Forwarded-Proto", "gopher", "X-Forwarded-Prefix", "/../.."), null, Expect.status(200));
        add("Range", "GET", "/api/v1/reference/scenario.md", Map.of("Range", "bytes=999999999-"), null, Expect.any());
        add("If-None-Match garbage", "GET", "/api/v1/presets", Map.of("If-None-Match", "\"\\\\"), null, Expect.any());
        add("Accept-Language odd", "GET", "/api/v1/presets", Map.of("Accept-Language", "xx-;q=9,*"), null, Expect.any());
    }

    // ---- helpers -------------------------------------------------------------------------------------------------

    private void experiment(String name, String json, Expect expect) {
        add("experiment " + name, "POST", "/api/v1/experiments", json.getBytes(StandardCharsets.UTF_8), expect);
    }

    private void sweep(String name, String json, Expect expect) {
        add(name, "POST", "/api/v1/sweeps", json.getBytes(StandardCharsets.UTF_8), expect);
    }

    private void raw(String name, byte[] body, Expect expect) {
        add("body " + name, "POST", "/api/v1/experiments", body, expect);
    }

    private void get(String name, String path, Expect expect) {
        add(name, "GET", path, Map.of(), null, expect);
    }

    private void add(String name, String method, String path, byte[] body, Expect expect) {
        add(name, method, path, Map.of("Content-Type", "application/json"), body, expect);
    }

    private void add(String name, String method, String path, Map<String, String> headers, byte[] body, Expect expect) {
        probes.add(new Probe(String.format("%03d %s", probes.size(), name), method, path, headers, body, expect));
    }

    private static ObjectNode json(String text) {
        return (ObjectNode) Api.JSON.readTree(text);
    }

    /** A number as JSON text, without exponent where it is short enough to read. */
    private static String plain(double value) {
        String text = BigDecimal.valueOf(value).toString();
        return text.length() > 30 ? Double.toString(value) : text;
    }

    private static String manyStrings(int n) {
        return "[" + String.join(", ", Collections.nCopies(n, "\"t\"")) + "]";
    }

    private static String manyNumbers(int n) {
        StringBuilder text = new StringBuilder("[");
        for (int i = 0; i < n; i++) {
            text.append(i == 0 ? "" : ",").append(i);
        }
        return text.append(']').toString();
    }

    private static String flows(int n) {
        StringBuilder flows = new StringBuilder();
        for (int i = 0; i < n; i++) {
            flows.append(i == 0 ? "" : ",").append("{\"name\": \"f").append(i).append("\", \"type\": \"ping\"}");
        }
        return "{\"durationS\": 0.2, \"link\": {\"type\": \"wired\", \"rateMbps\": 10}, \"flows\": [" + flows + "]}";
    }

    private static String tcpFlows(int n, int sampleIntervalMs) {
        StringBuilder flows = new StringBuilder();
        for (int i = 0; i < n; i++) {
            flows.append(i == 0 ? "" : ",").append("{\"name\": \"t").append(i).append("\", \"type\": \"tcp\"}");
        }
        return "{\"durationS\": 600, \"sampleIntervalMs\": " + sampleIntervalMs + ", \"link\": {\"type\": \"wired\", "
                + "\"rateMbps\": 10}, \"flows\": [" + flows + "]}";
    }
}
