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

        // Written out by hand from scenario.md (tables and stack defaults), in the order of its tables, then fqlab's
        // kernel and kernelUptimeS (README, Scenario extensions).
        String expected = """
                {"seed":1,"durationS":30,"warmupS":0,"sampleIntervalMs":100,
                 "link":{"type":"wired","rateMbps":10,"upRateMbps":10,"lossRate":0,"l2OverheadBytes":14},
                 "stations":[],"wiredRttMs":1,
                 "stack":{"qdisc":{"type":"fq_codel","flows":1024,"limit":10240,"memoryLimitBytes":33554432,
                   "quantum":1514,"quantumMode":"bytes","dropBatchSize":64,"targetMs":5,"intervalMs":100,"ecn":true,
                   "ceThresholdMs":null,"codelArithmetic":"linux"}},
                 "flows":[
                   {"name":"bulk","type":"udp","direction":"down","ac":"BE","startS":0,"stopS":30,"ecn":"not-ect",
                    "extraRttMs":0,"rateMbps":20,"packetBytes":1500,"burst":1,"jitterMs":0},
                   {"name":"probe","type":"ping","direction":"down","ac":"BE","startS":0,"stopS":30,"ecn":"not-ect",
                    "extraRttMs":0,"intervalMs":500,"packetBytes":64}],
                 "kernel":"6.18","kernelUptimeS":1000}
                """.replaceAll("\\s+", "");
        assertThat(JSON.writeValueAsString(json)).isEqualTo(expected);
    }

    @Test
    void minimalWifiScenarioIsWrittenWithEveryDefaultInSpecOrder() {
        ObjectNode json = normalize("""
                {"flows": [{"station": "sta1", "type": "udp", "name": "bulk", "rateMbps": 20}],
                 "stations": [{"mcs": 15, "name": "sta1"}], "link": {"type": "wifi"}, "durationS": 30}
                """);

        // Written out by hand from scenario.md: the wifi link table (ampdu as an object), the station with its
        // derived streams, the stack's wifi column (noqueue since txqs are enabled) and the txqs, scheduler, aql
        // and driver defaults, each in the order scenario.md lists them; the flow's station after its type; then
        // fqlab's kernel and kernelUptimeS.
        String expected = """
                {"seed":1,"durationS":30,"warmupS":0,"sampleIntervalMs":100,
                 "link":{"type":"wifi","standard":"802.11n","channelWidthMhz":20,"shortGuardInterval":false,
                   "ampdu":{"enabled":true,"maxSubframes":32,"maxBytes":65535,"maxDurationUs":4096},
                   "amsdu":{"maxMpduBytes":11454},"retryLimit":10,"legacyRateMbps":54},
                 "stations":[{"name":"sta1","mcs":15,"spatialStreams":2,"frameErrorRate":0,"airtimeWeight":256,
                   "rateControl":"fixed"}],
                 "wiredRttMs":1,
                 "stack":{"qdisc":{"type":"noqueue"},
                   "txqs":{"enabled":true,"fq":true,"flows":4096,"limit":8192,"memoryLimitBytes":4194304,
                     "quantum":300,"quantumMode":"bytes","targetMs":20,"intervalMs":100,"ecn":true,
                     "codelArithmetic":"linux","collisionCheck":true},
                   "scheduler":{"type":"round-robin"},
                   "aql":{"enabled":false,"lowUs":5000,"highUs":12000,"thresholdUs":24000},
                   "driver":{"dequeue":"aggregate","hwQueueAggregates":2,"hwQueuePackets":123,"budgetPackets":16,
                     "perWakeCpuUs":0,"perPacketCpuUs":0,"batchContentionCpuUs":0,"completionCpuUs":0,
                     "forwardCpuUs":0,"rxRingPackets":512}},
                 "flows":[
                   {"name":"bulk","type":"udp","station":"sta1","direction":"down","ac":"BE","startS":0,"stopS":30,
                    "ecn":"not-ect","extraRttMs":0,"rateMbps":20,"packetBytes":1500,"burst":1,"jitterMs":0}],
                 "kernel":"6.18","kernelUptimeS":1000}
                """.replaceAll("\\s+", "");
        assertThat(JSON.writeValueAsString(json)).isEqualTo(expected);
    }

    @Test
    void wifiStationsAndSchedulerWriteOnlyTheirOwnFields() {
        ObjectNode legacy = normalize("""
                {"durationS": 1, "link": {"type": "wifi", "standard": "802.11a"},
                 "stations": [{"name": "a", "frameErrorRate": 0.1}],
                 "stack": {"scheduler": {"type": "airtime"}, "txqs": {"enabled": false}},
                 "flows": [{"name": "p", "type": "ping", "station": "a"}]}""");
        assertThat(legacy.at("/stations/0").toString())
                .isEqualTo("{\"name\":\"a\",\"frameErrorRate\":0.1,\"airtimeWeight\":256,\"legacyRateMbps\":54,"
                        + "\"rateControl\":\"fixed\"}");
        assertThat(legacy.at("/link/ampdu/enabled").booleanValue()).isFalse();
        assertThat(legacy.at("/stack/qdisc").toString()).isEqualTo("{\"type\":\"pfifo\",\"limit\":1000}");
        assertThat(legacy.at("/stack/scheduler").toString())
                .isEqualTo("{\"type\":\"airtime\",\"quantumUs\":256,\"chargeRx\":true}");
        assertThat(legacy.get("stack").propertyNames()).containsExactly("qdisc", "txqs", "scheduler", "aql", "driver");
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
                "link", "stations", "wiredRttMs", "stack", "flows", "kernel", "kernelUptimeS");
        assertThat(json.get("link").propertyNames())
                .containsExactly("type", "rateMbps", "upRateMbps", "lossRate", "l2OverheadBytes");
        assertThat(json.get("stack").propertyNames()).containsExactly("qdisc");
        assertThat(json.at("/stack/qdisc").propertyNames()).containsExactly("type", "limit", "targetMs",
                "intervalMs", "ecn", "ceThresholdMs", "codelArithmetic");
        assertThat(json.at("/flows/0").propertyNames()).containsExactly("name", "type", "direction", "ac", "startS",
                "stopS", "ecn", "extraRttMs", "intervalMs", "packetBytes", "packets", "burst", "jitterMs");
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
                 "packetBytes": 65535, "stopS": 0.5}]}""",
                """
                {"durationS": 5, "link": {"type": "wifi", "standard": "802.11ac", "channelWidthMhz": 160,
                 "shortGuardInterval": true, "ampdu": {"maxSubframes": 64, "maxBytes": 1048575, "maxDurationUs": 5484},
                 "amsdu": {"maxSubframes": 64, "where": "mac80211", "maxMpduBytes": 3895},
                 "retryLimit": 100, "legacyRateMbps": 6},
                 "stations": [{"name": "a", "mcs": 9, "spatialStreams": 4, "frameErrorRate": 0.999,
                 "airtimeWeight": 65535}, {"name": "0-b", "mcs": 0, "airtimeWeight": 1}],
                 "stack": {"qdisc": {"type": "fq_codel", "quantum": 300}, "txqs": {"fq": false, "flows": 1,
                 "limit": 1000000, "memoryLimitBytes": 2147483648, "quantum": 1, "quantumMode": "packets",
                 "targetMs": 0.5, "intervalMs": 100000, "ecn": false, "codelArithmetic": "exact",
                 "collisionCheck": false}, "scheduler": {"type": "airtime", "quantumUs": 100000, "chargeRx": false},
                 "aql": {"enabled": true, "lowUs": 7, "highUs": 7, "thresholdUs": 1000000},
                 "driver": {"dequeue": "budget", "hwQueueAggregates": 16, "hwQueuePackets": 1, "budgetPackets": 100000,
                 "perWakeCpuUs": 0.25, "perPacketCpuUs": 1000000, "batchContentionCpuUs": 3, "completionCpuUs": 0.5,
                 "forwardCpuUs": 1000000, "rxRingPackets": 1}},
                 "flows": [{"name": "u", "type": "udp", "rateMbps": 1000, "station": "0-b", "ac": "VO",
                 "direction": "up"}, {"name": "p", "type": "ping", "station": "a", "ac": "BK"}]}""",
                """
                {"durationS": 5, "link": {"type": "wifi", "standard": "802.11a", "legacyRateMbps": 9,
                 "ampdu": {"enabled": false, "maxSubframes": 1}},
                 "stations": [{"name": "x", "legacyRateMbps": 48}, {"name": "y"}],
                 "stack": {"txqs": {"enabled": false}, "qdisc": {"type": "codel"}},
                 "flows": [{"name": "p", "type": "ping", "station": "y"}]}""")) {
            Scenario first = PARSER.parse(JSON.readTree(document)).scenario();
            ObjectNode json = ScenarioJson.toJson(first);
            JsonNode reread = JSON.readTree(JSON.writeValueAsString(json));
            Scenario second = PARSER.parse(reread).scenario();

            assertThat(second).isEqualTo(first);
            assertThat(ScenarioJson.toJson(second)).isEqualTo(json);
        }
    }
}
