package dev.fqlab.scenario;

import static org.assertj.core.api.Assertions.assertThat;

import dev.fqlab.sim.scenario.Scenario;
import java.util.List;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/** The normalized JSON: every field, defaults filled in, in scenario.md's order, numbers in one stable form. */
class ScenarioJsonTest {

    private static final JsonMapper JSON = JsonMapper.builder().build();
    private static final ScenarioParser PARSER = new ScenarioParser(ScenarioLimits.DEFAULTS);

    private static ObjectNode normalize(String document) {
        ParsedScenario parsed = PARSER.parse(JSON.readTree(document));
        assertThat(parsed.errors()).isEmpty();
        return ScenarioJson.toJson(parsed.scenario());
    }

    @Test
    void minimalScenarioIsWrittenWithEveryDefaultInSpecOrder() {
        ObjectNode json = normalize("""
                {"flows": [{"type": "udp", "name": "bulk", "rateMbps": 20}, {"type": "ping", "name": "probe"}],
                 "link": {"rateMbps": 10, "type": "wired"}, "durationS": 30}
                """);

        // Written out by hand from scenario.md (tables and stack defaults), in the order of its tables.
        String expected = """
                {"seed":1,"durationS":30,"warmupS":0,"sampleIntervalMs":100,
                 "link":{"type":"wired","rateMbps":10,"upRateMbps":10,"lossRate":0,"l2OverheadBytes":14},
                 "stations":[],"wiredRttMs":1,
                 "stack":{"qdisc":{"type":"fq_codel","flows":1024,"limit":10240,"memoryLimitBytes":33554432,
                   "quantum":1514,"quantumMode":"bytes","dropBatchSize":64,"targetMs":5,"intervalMs":100,"ecn":true,
                   "ceThresholdMs":null,"codelArithmetic":"linux"}},
                 "flows":[
                   {"name":"bulk","type":"udp","direction":"down","ac":"BE","startS":0,"stopS":30,"ecn":"not-ect",
                    "rateMbps":20,"packetBytes":1500,"burst":1,"jitterMs":0},
                   {"name":"probe","type":"ping","direction":"down","ac":"BE","startS":0,"stopS":30,"ecn":"not-ect",
                    "intervalMs":500,"packetBytes":64}]}
                """.replaceAll("\\s+", "");
        assertThat(JSON.writeValueAsString(json)).isEqualTo(expected);
    }

    @Test
    void keyOrderFollowsTheSpecWhateverTheInputOrder() {
        ObjectNode json = normalize("""
                {"flows": [{"packets": 10, "burst": 10, "intervalMs": 0, "ecn": "ect0", "stopS": 2, "startS": 1,
                            "ac": "VO", "direction": "up", "type": "udp", "name": "b"}],
                 "stack": {"qdisc": {"codelArithmetic": "exact", "ceThresholdMs": 1, "limit": 50, "type": "codel"}},
                 "wiredRttMs": 20, "stations": [], "link": {"l2OverheadBytes": 0, "type": "wired", "rateMbps": 1},
                 "sampleIntervalMs": 10, "warmupS": 1, "durationS": 5, "seed": 7, "name": "n"}
                """);

        assertThat(json.propertyNames()).containsExactly("name", "seed", "durationS", "warmupS", "sampleIntervalMs",
                "link", "stations", "wiredRttMs", "stack", "flows");
        assertThat(json.get("link").propertyNames())
                .containsExactly("type", "rateMbps", "upRateMbps", "lossRate", "l2OverheadBytes");
        assertThat(json.get("stack").propertyNames()).containsExactly("qdisc");
        assertThat(json.at("/stack/qdisc").propertyNames()).containsExactly("type", "limit", "targetMs",
                "intervalMs", "ecn", "ceThresholdMs", "codelArithmetic");
        assertThat(json.at("/flows/0").propertyNames()).containsExactly("name", "type", "direction", "ac", "startS",
                "stopS", "ecn", "intervalMs", "packetBytes", "packets", "burst", "jitterMs");
    }

    @Test
    void otherQdiscsAreFlatWithTheirOwnFields() {
        String pfifo = """
                {"durationS": 1, "link": {"type": "wired", "rateMbps": 1}, "stack": {"qdisc": {"type": "pfifo"}},
                 "flows": [{"name": "p", "type": "ping"}]}""";
        assertThat(normalize(pfifo).at("/stack/qdisc").toString()).isEqualTo("{\"type\":\"pfifo\",\"limit\":1000}");

        String fq = """
                {"durationS": 1, "link": {"type": "wired", "rateMbps": 1},
                 "stack": {"qdisc": {"type": "fq_codel", "quantum": 300, "quantumMode": "packets", "ceThresholdMs": 0.5}},
                 "flows": [{"name": "p", "type": "ping"}]}""";
        assertThat(normalize(fq).at("/stack/qdisc").propertyNames()).containsExactly("type", "flows", "limit",
                "memoryLimitBytes", "quantum", "quantumMode", "dropBatchSize", "targetMs", "intervalMs", "ecn",
                "ceThresholdMs", "codelArithmetic");
    }

    @Test
    void nameIsOmittedWhenAbsentAndUdpWritesOnlyTheGivenRateOrInterval() {
        ObjectNode json = normalize("""
                {"durationS": 1, "link": {"type": "wired", "rateMbps": 1},
                 "flows": [{"name": "r", "type": "udp", "rateMbps": 1}, {"name": "i", "type": "udp", "intervalMs": 2}]}
                """);
        assertThat(json.has("name")).isFalse();
        assertThat(json.at("/flows/0").has("intervalMs")).isFalse();
        assertThat(json.at("/flows/0").has("packets")).isFalse();
        assertThat(json.at("/flows/1").has("rateMbps")).isFalse();
    }

    @Test
    void wholeDoublesAreAlwaysWrittenAsIntegersSoTheTextIsStable() {
        String asIntegers = """
                {"durationS": 30, "link": {"type": "wired", "rateMbps": 10}, "flows": [{"name": "p", "type": "ping"}]}""";
        String asDecimals = """
                {"durationS": 30.0, "link": {"type": "wired", "rateMbps": 1e1}, "flows": [{"name": "p", "type": "ping",
                 "intervalMs": 500.00, "startS": -0.0}]}""";

        String text = JSON.writeValueAsString(normalize(asIntegers));
        assertThat(JSON.writeValueAsString(normalize(asDecimals))).isEqualTo(text);
        assertThat(text).contains("\"durationS\":30,", "\"rateMbps\":10,", "\"startS\":0,", "\"intervalMs\":500,");
    }

    @Test
    void fractionalValuesSurviveTheTextRoundTrip() {
        ObjectNode json = normalize("""
                {"durationS": 0.3, "warmupS": 0.1, "sampleIntervalMs": 1.5,
                 "link": {"type": "wired", "rateMbps": 0.064, "lossRate": 0.001},
                 "flows": [{"name": "p", "type": "ping", "intervalMs": 33.333333333333336}]}""");
        assertThat(JSON.writeValueAsString(json)).contains("\"durationS\":0.3,", "\"warmupS\":0.1,",
                "\"rateMbps\":0.064,", "\"lossRate\":0.001,", "\"intervalMs\":33.333333333333336,");
    }

    @Test
    void roundTripOfHandPickedScenarios() {
        for (String document : List.of(
                """
                {"name": "ünïcode ✓", "seed": -9223372036854775808, "durationS": 600, "warmupS": 599.5,
                 "sampleIntervalMs": 0, "wiredRttMs": 0, "link": {"type": "wired", "rateMbps": 100000,
                 "upRateMbps": 0.001, "lossRate": 0.999, "l2OverheadBytes": 256},
                 "stack": {"qdisc": {"type": "fq_codel", "flows": 1, "limit": 1, "memoryLimitBytes": 2147483648,
                 "quantum": 256, "quantumMode": "packets", "dropBatchSize": 65536, "targetMs": 10000,
                 "intervalMs": 100000, "ecn": false, "ceThresholdMs": 0, "codelArithmetic": "exact"}},
                 "flows": [{"name": "A-z_0.9", "type": "udp", "intervalMs": 0, "packets": 100000, "ac": "VI",
                 "ecn": "ect1", "direction": "up", "startS": 599.9}]}""",
                """
                {"durationS": 10, "link": {"type": "wired", "rateMbps": 1},
                 "stack": {"qdisc": {"type": "codel", "ecn": true}},
                 "flows": [{"name": "u", "type": "udp", "intervalMs": 3600000, "packets": 9007199254740993,
                 "burst": 100000, "packetBytes": 28}, {"name": "p", "type": "ping", "intervalMs": 0.001,
                 "packetBytes": 65535, "stopS": 0.5}]}""")) {
            Scenario first = PARSER.parse(JSON.readTree(document)).scenario();
            ObjectNode json = ScenarioJson.toJson(first);
            JsonNode reread = JSON.readTree(JSON.writeValueAsString(json));
            Scenario second = PARSER.parse(reread).scenario();

            assertThat(second).isEqualTo(first);
            assertThat(ScenarioJson.toJson(second)).isEqualTo(json);
        }
    }
}
