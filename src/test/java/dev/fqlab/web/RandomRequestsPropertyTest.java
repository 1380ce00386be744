package dev.fqlab.web;

import static org.assertj.core.api.Assertions.assertThat;

import dev.fqlab.scenario.JsonPointers;
import dev.fqlab.support.Api;
import dev.fqlab.support.InProcessInstance;
import dev.fqlab.support.TestDatabase;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.EdgeCasesMode;
import net.jqwik.api.Provide;
import net.jqwik.api.statistics.Statistics;
import net.jqwik.api.Tuple;
import net.jqwik.api.lifecycle.AfterContainer;
import net.jqwik.api.lifecycle.BeforeContainer;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * Property: whatever a client sends — valid experiment and sweep requests with random parts replaced, removed or
 * added, posted to submit or validate, with or without an Idempotency-Key — the service answers a 2xx, or a 4xx
 * problem (a 400 naming every problem with a JSON Pointer or a parameter), and never a 5xx.
 *
 * <p>Its own instance on its own database, with small limits so that whatever happens to be valid runs quickly
 * and a full queue (429) is one of the answers.
 */
class RandomRequestsPropertyTest {

    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;
    /** Words of the request and scenario schemas, so that mutations often look almost right. */
    private static final List<String> WORDS = List.of("scenario", "preset", "overrides", "name", "tags", "base",
            "parameters", "pointer", "values", "labels", "repetitions", "reuse", "metrics", "durationS", "warmupS",
            "seed", "link", "type", "wired", "wifi", "rateMbps", "stack", "qdisc", "fq_codel", "pfifo", "codel",
            "quantum", "quantumMode", "flows", "udp", "ping", "tcp", "packetBytes", "intervalMs", "/durationS",
            "/stack/qdisc", "/flows/0/rateMbps", "/flows/9/x", "/", "", "~", "~2", "seed-003", "seed-002",
            "example-wired-fq-codel", "nope", "ü✓", "a/b~c");

    private static InProcessInstance service;
    private static Api api;

    @BeforeContainer
    static void start() {
        service = InProcessInstance.start(TestDatabase.fresh(), "random-requests",
                "--fqlab.workers=1", "--fqlab.queue-capacity=40", "--fqlab.limits.max-duration-s=2",
                "--fqlab.limits.max-sweep-size=20", "--fqlab.limits.max-flows=16");
        api = service.api();
    }

    @AfterContainer
    static void stop() {
        if (service != null) {
            service.close();
        }
    }

    /** A request: where it goes, its body, and whether it carries an Idempotency-Key. */
    record Request(String path, JsonNode body, boolean withKey) {
        @Override
        public String toString() {
            return "POST " + path + (withKey ? " (Idempotency-Key)" : "") + " " + body;
        }
    }

    @Property(tries = 250, edgeCases = EdgeCasesMode.MIXIN)
    void everyAnswerIsA2xxOrA4xxWithPointersNeverA5xx(@ForAll("requests") Request request) {
        String json = Api.JSON.writeValueAsString(request.body());
        Api.Response response = request.withKey()
                ? api.post(request.path(), json, "Idempotency-Key", "prop-" + UUID.nameUUIDFromBytes(json.getBytes(StandardCharsets.UTF_8)))
                : api.post(request.path(), json);

        Statistics.collect(request.path().endsWith("validate") ? "validate" : "submit", response.status());
        assertThat(response.status() / 100).as("%s → %s", request, response).isIn(2, 4);
        if (response.status() >= 400) {
            assertThat(response.contentType()).as(response.toString()).startsWith("application/problem+json");
            JsonNode problem = response.json();
            assertThat(problem.get("status").asInt()).isEqualTo(response.status());
            assertThat(problem.get("detail").asString()).isNotBlank();
            if (response.status() == 400 && problem.get("type").asString().endsWith("/invalid-request")) {
                assertThat(problem.get("errors")).as(response.toString()).isNotEmpty();
                for (JsonNode error : problem.get("errors")) {
                    assertThat(error.get("message").asString()).isNotBlank();
                    if (error.has("pointer")) {
                        String pointer = error.get("pointer").asString();
                        assertThat(pointer.isEmpty() || JsonPointers.tokens(pointer) != null)
                                .as("RFC 6901 pointer %s in %s", pointer, response).isTrue();
                    } else {
                        assertThat(error.get("parameter").asString()).isNotBlank();
                    }
                }
            }
            if (response.status() == 429) {
                assertThat(response.header("Retry-After")).isPresent();
            }
        } else {
            assertThat(response.json().isObject()).isTrue();
        }
    }

    @Provide
    Arbitrary<Request> requests() {
        Arbitrary<Integer> kinds = Arbitraries.integers().between(0, VALID.size() - 1);
        Arbitrary<List<Mutation>> mutations = mutation().list().ofMaxSize(4);
        return Combinators.combine(kinds, Arbitraries.of(true, false), mutations, Arbitraries.of(true, false))
                .as((kind, validate, changes, withKey) -> {
                    JsonNode body = Api.JSON.readTree(VALID.get(kind));
                    for (Mutation mutation : changes) {
                        body = mutation.apply(body);
                    }
                    String path = kind < 2 ? "/api/v1/experiments" : "/api/v1/sweeps";
                    return new Request(validate ? path + "/validate" : path, body, withKey);
                });
    }

    /** Valid requests (before mutation): two experiments, three sweeps. Small, so valid ones run quickly. */
    private static final List<String> VALID = List.of(
            """
            {"name": "p", "tags": ["property"], "scenario": {"durationS": 0.2, "link": {"type": "wired", "rateMbps": 5},
             "stack": {"qdisc": {"type": "fq_codel", "quantum": 300}},
             "flows": [{"name": "u", "type": "udp", "rateMbps": 4}, {"name": "p", "type": "ping", "intervalMs": 50}]}}""",
            """
            {"preset": "example-wired-fq-codel", "overrides": {"durationS": 0.2}, "tags": ["property"]}""",
            """
            {"name": "s", "tags": ["property"],
             "base": {"scenario": {"durationS": 0.2, "link": {"type": "wired", "rateMbps": 5},
                      "flows": [{"name": "u", "type": "udp", "rateMbps": 4}]}},
             "parameters": [{"name": "rate", "pointer": "/flows/0/rateMbps", "values": [1, 2], "labels": ["one", "two"]},
                            {"pointer": "/stack/qdisc", "values": [{"type": "codel"}, {"type": "pfifo", "limit": 50}]}],
             "repetitions": 2, "metrics": ["flows.u.*"]}""",
            """
            {"preset": "seed-003", "overrides": {"durationS": 0.3}, "repetitions": 1}""",
            """
            {"base": {"preset": "example-wired-fq-codel", "overrides": {"durationS": 0.2}},
             "parameters": [{"pointer": "/seed", "values": [1, 2, 3]}], "reuse": false}""");

    /** Replace (0), remove (1) or add (2) at the {@code selector}-th node of the document. */
    record Mutation(int kind, int selector, String word, JsonNode value) {

        JsonNode apply(JsonNode document) {
            List<String> pointers = new ArrayList<>();
            collect(document, "", pointers);
            String pointer = pointers.get(Math.floorMod(selector, pointers.size()));
            if (pointer.isEmpty()) {
                return kind == 0 ? value.deepCopy() : addTo(document);
            }
            JsonNode copy = document.deepCopy();
            int slash = pointer.lastIndexOf('/');
            JsonNode parent = pointer.substring(0, slash).isEmpty() ? copy : copy.at(pointer.substring(0, slash));
            String token = pointer.substring(slash + 1).replace("~1", "/").replace("~0", "~");
            switch (kind) {
                case 0 -> {
                    if (parent instanceof ObjectNode object) {
                        object.set(token, value.deepCopy());
                    } else if (parent instanceof ArrayNode array) {
                        array.set(Integer.parseInt(token), value.deepCopy());
                    }
                }
                case 1 -> {
                    if (parent instanceof ObjectNode object) {
                        object.remove(token);
                    } else if (parent instanceof ArrayNode array) {
                        array.remove(Integer.parseInt(token));
                    }
                }
                default -> {
                    JsonNode target = copy.at(pointer);
                    if (target.isContainer()) {
                        addTo(target);
                    } else if (parent instanceof ObjectNode object) {
                        object.set(word, value.deepCopy());
                    }
                }
            }
            return copy;
        }

        private JsonNode addTo(JsonNode container) {
            if (container instanceof ObjectNode object) {
                object.set(word, value.deepCopy());
            } else if (container instanceof ArrayNode array) {
                array.add(value.deepCopy());
            }
            return container;
        }

        private static void collect(JsonNode node, String at, List<String> pointers) {
            pointers.add(at);
            if (node.isObject()) {
                for (String name : List.copyOf(node.propertyNames())) {
                    collect(node.get(name), at + "/" + name.replace("~", "~0").replace("/", "~1"), pointers);
                }
            } else if (node.isArray()) {
                for (int i = 0; i < node.size(); i++) {
                    collect(node.get(i), at + "/" + i, pointers);
                }
            }
        }
    }

    private static Arbitrary<Mutation> mutation() {
        return Combinators.combine(Arbitraries.integers().between(0, 2), Arbitraries.integers().between(0, 10_000),
                Arbitraries.of(WORDS), json(2)).as(Mutation::new);
    }

    /** Any JSON value, nested up to {@code depth}, leaning to the edges of the schema's ranges. */
    private static Arbitrary<JsonNode> json(int depth) {
        Arbitrary<JsonNode> leaf = Arbitraries.oneOf(
                Arbitraries.just(NODES.nullNode()),
                Arbitraries.of(true, false).map(NODES::booleanNode),
                Arbitraries.integers().between(-2, 2000).map(i -> (JsonNode) NODES.numberNode(i)),
                Arbitraries.longs().map(l -> (JsonNode) NODES.numberNode(l)),
                Arbitraries.of(0.0, -0.0, 1e-9, 0.5, 1.999, 2.0001, 600.0, 1e308, -1e308, 4.9e-324)
                        .map(d -> (JsonNode) NODES.numberNode(d)),
                Arbitraries.of(WORDS).map(NODES::stringNode),
                Arbitraries.strings().ofMaxLength(300).map(NODES::stringNode));
        if (depth == 0) {
            return leaf;
        }
        Arbitrary<JsonNode> inner = json(depth - 1);
        Arbitrary<JsonNode> array = inner.list().ofMaxSize(3).map(values -> {
            ArrayNode node = NODES.arrayNode();
            values.forEach(node::add);
            return node;
        });
        Arbitrary<JsonNode> object = Combinators.combine(Arbitraries.of(WORDS), inner).as(Tuple::of).list().ofMaxSize(3)
                .map(members -> {
                    ObjectNode node = NODES.objectNode();
                    members.forEach(m -> node.set(m.get1(), m.get2()));
                    return node;
                });
        return Arbitraries.frequencyOf(Tuple.of(6, leaf), Tuple.of(1, array), Tuple.of(1, object));
    }
}
