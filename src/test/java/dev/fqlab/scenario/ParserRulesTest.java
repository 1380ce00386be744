package dev.fqlab.scenario;

import static dev.fqlab.sim.Scenarios.record;
import static org.assertj.core.api.Assertions.assertThat;

import dev.fqlab.sim.scenario.CodelSettings;
import dev.fqlab.sim.scenario.CongestionControlKind;
import dev.fqlab.sim.scenario.QdiscSpec;
import dev.fqlab.sim.scenario.Scenario;
import dev.fqlab.sim.scenario.TcpOrigin;
import dev.fqlab.sim.scenario.TrafficSpec;
import java.util.List;
import org.junit.jupiter.api.Test;
import tools.jackson.core.JsonPointer;
import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/** Single rules at their edges, and what the messages tell the user. */
class ParserRulesTest {

    private static final JsonMapper JSON = JsonMapper.builder().build();
    private static final ScenarioParser PARSER = new ScenarioParser(ScenarioLimits.DEFAULTS);

    /** A valid base document; tests change one part of it. */
    private static ObjectNode base() {
        return (ObjectNode) JSON.readTree("""
                {"durationS": 10, "link": {"type": "wired", "rateMbps": 10},
                 "flows": [{"name": "f", "type": "udp", "rateMbps": 5}]}""");
    }

    /** The base document with the value at {@code pointer} set (or replaced) to {@code json}. */
    private static ObjectNode with(String pointer, String json) {
        ObjectNode doc = base();
        JsonPointer at = JsonPointer.compile(pointer);
        JsonNode parent = doc.at(at.head());
        if (parent instanceof ArrayNode array) {
            array.set(at.last().getMatchingIndex(), JSON.readTree(json));
        } else {
            ((ObjectNode) parent).set(at.last().getMatchingProperty(), JSON.readTree(json));
        }
        return doc;
    }

    private static Scenario valid(JsonNode doc) {
        ParsedScenario parsed = PARSER.parse(doc);
        assertThat(parsed.errors()).as("document %s", doc).isEmpty();
        assertThat(parsed.valid()).isTrue();
        return parsed.scenario();
    }

    private static FieldError onlyError(JsonNode doc) {
        List<FieldError> errors = PARSER.parse(doc).errors();
        assertThat(errors).as("document %s", doc).hasSize(1);
        return errors.getFirst();
    }

    /** {@code n} UDP flows of 0.1 Mbit/s on a 100 Mbit/s link for {@code durationS}, sampled every 100 ms. */
    private static ObjectNode manyFlows(int n, double durationS) {
        ObjectNode doc = (ObjectNode) JSON.readTree("{\"link\": {\"type\": \"wired\", \"rateMbps\": 100}}");
        doc.put("durationS", durationS);
        ArrayNode flows = doc.putArray("flows");
        for (int i = 0; i < n; i++) {
            flows.addObject().put("name", "f" + i).put("type", "udp").put("rateMbps", 0.1);
        }
        return doc;
    }

    @Test
    void theTimeSeriesAreCappedAtTwoMillionValues() {
        // 1000 flows × 2 series + 5 qdisc series = 2005 series; 600 s at 100 ms = 6000 samples: 12 030 000 values.
        FieldError error = onlyError(manyFlows(1000, 600));
        assertThat(error.pointer()).isEqualTo("/sampleIntervalMs");
        // The smallest interval that fits: 600 000 ms × 2005 / 2 000 000 = 601.5 → 602 ms.
        assertThat(error.message()).contains("2005 series × 6000 samples = 12030000", "at most 2000000", "≥ 602 ms");
        ObjectNode fixed = manyFlows(1000, 600);
        fixed.put("sampleIntervalMs", 602);
        valid(fixed);
        fixed.put("sampleIntervalMs", 0);
        valid(fixed);
        // 100 flows for 600 s at the default interval: 205 × 6000 = 1 230 000 values, within the cap.
        valid(manyFlows(100, 600));
    }

    @Test
    void integerFieldsAcceptIntegralNumbersWrittenWithAFraction() {
        Scenario scenario = valid(with("/stack", """
                {"qdisc": {"type": "fq_codel", "flows": 2048.0, "quantum": 3e2, "memoryLimitBytes": 2147483648.0}}"""));
        QdiscSpec.FqCodel fq = (QdiscSpec.FqCodel) scenario.stack().qdisc();
        assertThat(fq.flows()).isEqualTo(2048);
        assertThat(fq.quantum()).isEqualTo(300);
        assertThat(fq.memoryLimitBytes()).isEqualTo(2147483648L);
        assertThat(valid(with("/seed", "5.0")).seed()).isEqualTo(5);
    }

    @Test
    void seedSpansInt64() {
        assertThat(valid(with("/seed", "9223372036854775807")).seed()).isEqualTo(Long.MAX_VALUE);
        assertThat(valid(with("/seed", "-9223372036854775808")).seed()).isEqualTo(Long.MIN_VALUE);
        assertThat(onlyError(with("/seed", "9223372036854775808")).pointer()).isEqualTo("/seed");
    }

    @Test
    void negativeZeroIsZero() {
        Scenario scenario = valid(with("/warmupS", "-0.0"));
        assertThat(scenario).isEqualTo(valid(with("/warmupS", "0")));
    }

    @Test
    void readsTheSameFromAMapperThatKeepsDecimalsAsBigDecimal() {
        JsonMapper decimals = JsonMapper.builder().enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS).build();
        String document = """
                {"durationS": 10.5, "warmupS": 0.1, "link": {"type": "wired", "rateMbps": 0.064, "l2OverheadBytes": 14.0},
                 "flows": [{"name": "f", "type": "udp", "rateMbps": 5.5, "packets": 1e3}]}""";
        assertThat(valid(decimals.readTree(document))).isEqualTo(valid(JSON.readTree(document)));
        assertThat(onlyError(decimals.readTree(document.replace("10.5", "1e400"))).pointer()).isEqualTo("/durationS");
    }

    @Test
    void numbersBeyondDoubleAreOutOfRangeNotACrash() {
        assertThat(onlyError(with("/durationS", "1e400")).pointer()).isEqualTo("/durationS");
        assertThat(onlyError(with("/link/rateMbps", "123456789012345678901234567890")).pointer())
                .isEqualTo("/link/rateMbps");
    }

    @Test
    void durationAndLimitsComeFromScenarioLimits() {
        ScenarioParser small = new ScenarioParser(new ScenarioLimits(60, 2, 2));
        ObjectNode doc = base().put("durationS", 61);
        doc.set("flows", JSON.readTree("""
                [{"name": "a", "type": "ping"}, {"name": "b", "type": "ping"}, {"name": "c", "type": "ping"}]"""));
        List<FieldError> errors = small.parse(doc).errors();

        assertThat(errors).extracting(FieldError::pointer).containsExactlyInAnyOrder("/durationS", "/flows");
        assertThat(errors).extracting(FieldError::message)
                .anySatisfy(message -> assertThat(message).contains("≤ 60"))
                .anySatisfy(message -> assertThat(message).contains("at most 2 flows"));
        assertThat(small.parse(base().put("durationS", 60)).valid()).isTrue();
    }

    @Test
    void tooManyStationsIsAServiceLimitWhateverTheLink() {
        ScenarioParser small = new ScenarioParser(new ScenarioLimits(600, 2, 1024));
        ObjectNode wifi = wifi();
        wifi.set("stations", JSON.readTree("[{\"name\": \"a\", \"mcs\": 1}, {\"name\": \"b\", \"mcs\": 2},"
                + " {\"name\": \"sta1\", \"mcs\": 3}]"));
        List<FieldError> errors = small.parse(wifi).errors();
        assertThat(errors).extracting(FieldError::pointer).containsExactly("/stations");
        assertThat(errors.getFirst().message()).contains("at most 2 stations");

        ObjectNode unknownLink = with("/link", "{\"type\": \"wlan\"}");
        unknownLink.set("stations", JSON.readTree("[{\"name\": \"a\"}, {\"name\": \"b\"}, {\"name\": \"c\"}]"));
        assertThat(small.parse(unknownLink).errors()).extracting(FieldError::pointer)
                .containsExactlyInAnyOrder("/link/type", "/stations");
    }

    @Test
    void sampleCountLimitIsInclusiveAndNamesTheLimit() {
        // 600 s at 30 ms is exactly 20000 samples
        ObjectNode atLimit = base().put("durationS", 600).put("sampleIntervalMs", 30);
        assertThat(valid(atLimit).sampleIntervalMs()).isEqualTo(30);

        FieldError error = onlyError(base().put("durationS", 600).put("sampleIntervalMs", 29.99));
        assertThat(error.pointer()).isEqualTo("/sampleIntervalMs");
        assertThat(error.message()).contains("20000").contains("samples").contains("≥ 30");

        assertThat(valid(base().put("durationS", 600).put("sampleIntervalMs", 0)).sampleIntervalMs()).isZero();
    }

    @Test
    void defaultedSampleIntervalIsCheckedAgainstALongerDurationLimit() {
        ScenarioParser longRuns = new ScenarioParser(new ScenarioLimits(3600, 128, 1024));
        List<FieldError> errors = longRuns.parse(base().put("durationS", 3600)).errors();
        assertThat(errors).extracting(FieldError::pointer).containsExactly("/sampleIntervalMs");
    }

    @Test
    void messagesSayWhatIsExpected() {
        assertThat(onlyError(with("/link/rateMbps", "0")).message()).startsWith("must be a number ≥ 0.000001 and ≤ 100000");
        assertThat(onlyError(with("/stack", "{\"qdisc\": {\"type\": \"fq_codel\", \"quantum\": 255}}")).message())
                .contains("≥ 256").contains("Linux raises smaller values to 256");
        assertThat(onlyError(with("/flows/0", "{\"name\": \"t\", \"type\": \"tcp\", \"mss\": 100}")).message())
                .contains("≥ 536", "≤ 8948", "RFC 879");
        assertThat(onlyError(with("/flows/0/mss", "1448")).message()).contains("tcp flows only");
        assertThat(onlyError(with("/link/type", "\"fibre\"")).message()).contains("\"wired\"", "\"wifi\"");
        assertThat(onlyError(with("/flows/0/type", "\"quic\"")).message()).contains("\"udp\"", "\"ping\"", "\"tcp\"");
        assertThat(onlyError(with("/stack", "{\"qdisc\": {\"type\": \"fifo\"}}")).message())
                .contains("\"noqueue\"", "\"pfifo\"", "\"codel\"", "\"fq_codel\"");
        assertThat(onlyError(with("/flows/0/rateMbps", "\"5\"")).message()).contains("got \"5\"");
        assertThat(onlyError(with("/typo", "1")).message()).isEqualTo("unknown field");
        assertThat(onlyError(with("/link", "{\"type\": \"wired\"}")).message()).isEqualTo("required");
        assertThat(onlyError(with("/flows/0/intervalMs", "1")).message()).contains("rateMbps", "intervalMs");
    }

    @Test
    void nameLengthCountsCharactersNotUtf16Units() {
        assertThat(valid(base().put("name", "✓".repeat(200))).name()).hasSize(200);
        assertThat(valid(base().put("name", "😀".repeat(200))).name()).hasSize(400); // 200 code points
        assertThat(onlyError(base().put("name", "x".repeat(201))).pointer()).isEqualTo("/name");
    }

    @Test
    void flowNamesMatchTheirPatternAtItsEdges() {
        assertThat(valid(with("/flows/0/name", "\"" + "A-z_0.9".repeat(9) + "x\"")).flows().getFirst().name())
                .hasSize(64);
        assertThat(onlyError(with("/flows/0/name", "\"\"")).pointer()).isEqualTo("/flows/0/name");
        assertThat(onlyError(with("/flows/0/name", "\"é\"")).pointer()).isEqualTo("/flows/0/name");
        assertThat(onlyError(with("/flows/0/name", "7")).pointer()).isEqualTo("/flows/0/name");
    }

    @Test
    void singleBurstNormalizesBurstToPackets() {
        ObjectNode doc = with("/flows/0", "{\"name\": \"b\", \"type\": \"udp\", \"intervalMs\": 0, \"packets\": 50}");
        assertThat(valid(doc).flows().getFirst().traffic()).isEqualTo(
                record(TrafficSpec.VARIANTS, TrafficSpec.Udp.class, "rateMbps", null, "intervalMs", 0.0,
                        "packetBytes", 1500, "packets", 50L, "burst", 50, "jitterMs", 0.0));

        ObjectNode explicit = with("/flows/0",
                "{\"name\": \"b\", \"type\": \"udp\", \"intervalMs\": 0, \"packets\": 50, \"burst\": 50}");
        assertThat(valid(explicit)).isEqualTo(valid(doc));
    }

    @Test
    void udpOptionalFieldsAreKept() {
        ObjectNode doc = with("/flows/0", """
                {"name": "u", "type": "udp", "intervalMs": 20, "packets": 100, "burst": 4, "packetBytes": 200}""");
        assertThat(valid(doc).flows().getFirst().traffic()).isEqualTo(
                record(TrafficSpec.VARIANTS, TrafficSpec.Udp.class, "rateMbps", null, "intervalMs", 20.0,
                        "packetBytes", 200, "packets", 100L, "burst", 4, "jitterMs", 0.0));
    }

    @Test
    void ceThresholdMayBeNullOrANumberAndIsOffByDefault() {
        String qdisc = "{\"qdisc\": {\"type\": \"codel\", \"ceThresholdMs\": %s}}";
        assertThat(codel(with("/stack", qdisc.formatted("null"))).ceThresholdMs()).isNull();
        assertThat(codel(with("/stack", qdisc.formatted("0"))).ceThresholdMs()).isEqualTo(0.0);
        assertThat(codel(with("/stack", qdisc.formatted("2.5"))).ceThresholdMs()).isEqualTo(2.5);
    }

    private static CodelSettings codel(JsonNode doc) {
        return ((QdiscSpec.Codel) valid(doc).stack().qdisc()).codel();
    }

    @Test
    void flowTimesAreCheckedAgainstDurationOnlyWhenDurationIsValid() {
        ObjectNode doc = base().put("durationS", -5);
        ((ObjectNode) doc.at("/flows/0")).put("startS", 100).put("stopS", 200);
        assertThat(PARSER.parse(doc).errors()).extracting(FieldError::pointer).containsExactly("/durationS");

        ObjectNode badStart = base();
        ((ObjectNode) badStart.at("/flows/0")).put("startS", -1).put("stopS", 5);
        assertThat(PARSER.parse(badStart).errors()).extracting(FieldError::pointer).containsExactly("/flows/0/startS");
    }

    @Test
    void emptyStationsAndAnEmptyStackAreFineOnWired() {
        ObjectNode doc = base();
        doc.putArray("stations");
        doc.putObject("stack");
        assertThat(valid(doc)).isEqualTo(valid(base()));
    }

    // ---- wifi

    /** A valid wifi document: 802.11n, one station "sta1" at MCS 15, the base flow on it. */
    private static ObjectNode wifi() {
        ObjectNode doc = with("/link", "{\"type\": \"wifi\"}");
        doc.set("stations", JSON.readTree("[{\"name\": \"sta1\", \"mcs\": 15}]"));
        ((ObjectNode) doc.at("/flows/0")).put("station", "sta1");
        return doc;
    }

    private static ObjectNode wifi(String pointer, String json) {
        ObjectNode doc = wifi();
        JsonPointer at = JsonPointer.compile(pointer);
        JsonNode parent = doc.at(at.head());
        if (parent.isMissingNode()) {
            ((ObjectNode) doc.at(at.head().head())).putObject(at.head().last().getMatchingProperty());
            parent = doc.at(at.head());
        }
        if (parent instanceof ArrayNode array) {
            array.set(at.last().getMatchingIndex(), JSON.readTree(json));
        } else {
            ((ObjectNode) parent).set(at.last().getMatchingProperty(), JSON.readTree(json));
        }
        return doc;
    }

    @Test
    void theFormerlyUnsupportedWifiDocumentIsNowValid() {
        Scenario scenario = valid(JSON.readTree("""
                {"durationS": 10, "link": {"type": "wifi", "standard": "802.11n", "channelWidthMhz": 40},
                 "flows": [{"name": "f", "type": "udp", "rateMbps": 5, "station": "sta1"}],
                 "stations": [{"name": "sta1", "mcs": 15}],
                 "stack": {"txqs": {"enabled": true}, "qdisc": {"type": "noqueue"}}}"""));
        assertThat(scenario.stations()).hasSize(1);
        assertThat(scenario.flows().getFirst().station()).isEqualTo("sta1");
    }

    @Test
    void stationNamesMatchTheirPatternAtItsEdges() {
        String name32 = "a-0".repeat(10) + "zz";
        ObjectNode doc = wifi("/stations/0/name", "\"" + name32 + "\"");
        ((ObjectNode) doc.at("/flows/0")).put("station", name32);
        assertThat(valid(doc).stations().getFirst().name()).hasSize(32);
        for (String bad : List.of("\"" + name32 + "x\"", "\"\"", "\"Sta1\"", "\"sta_1\"", "\"sta 1\"", "1")) {
            // the flow names the same (broken) station: one mistake, one error; a name that is not even a string
            // leaves every flow's station unjudged, since any of them may mean that station
            ObjectNode broken = wifi("/stations/0/name", bad);
            if (bad.startsWith("\"")) {
                ((ObjectNode) broken.at("/flows/0")).set("station", JSON.readTree(bad));
            }
            assertThat(onlyError(broken).pointer()).as(bad).isEqualTo("/stations/0/name");
        }
        // a flow that names none of the stations is its own mistake, even next to a broken name
        assertThat(PARSER.parse(wifi("/stations/0/name", "\"Sta1\"")).errors()).extracting(FieldError::pointer)
                .containsExactlyInAnyOrder("/stations/0/name", "/flows/0/station");
    }

    @Test
    void htStreamsMayBeGivenIfTheyAgreeWithTheMcs() {
        assertThat(valid(wifi("/stations/0/spatialStreams", "2")).stations().getFirst().spatialStreams()).isEqualTo(2);
        FieldError error = onlyError(wifi("/stations/0/spatialStreams", "3"));
        assertThat(error.pointer()).isEqualTo("/stations/0/spatialStreams");
        assertThat(error.message()).contains("2 or absent", "MCS 15");
    }

    @Test
    void anInvalidStandardLeavesTheStationsPhyFieldsUnjudged() {
        ObjectNode doc = wifi("/link/standard", "\"802.11ax\"");
        doc.set("stations", JSON.readTree("[{\"name\": \"sta1\", \"mcs\": 99, \"legacyRateMbps\": 11}]"));
        FieldError error = onlyError(doc);
        assertThat(error.pointer()).isEqualTo("/link/standard");
        assertThat(error.message()).contains("\"802.11a\"", "\"802.11n\"", "\"802.11ac\"");
    }

    @Test
    void anInvalidWidthLeavesTheMcsCombinationUnjudged() {
        ObjectNode doc = wifi("/link", "{\"type\": \"wifi\", \"standard\": \"802.11ac\", \"channelWidthMhz\": 30}");
        doc.set("stations", JSON.readTree("[{\"name\": \"sta1\", \"mcs\": 9}]"));
        FieldError error = onlyError(doc);
        assertThat(error.pointer()).isEqualTo("/link/channelWidthMhz");
        assertThat(error.message()).contains("20, 40, 80 or 160").contains("got 30");
        // at 20 MHz the same station is wrong: VHT has no MCS 9 on 1 stream there
        doc.set("link", JSON.readTree("{\"type\": \"wifi\", \"standard\": \"802.11ac\"}"));
        FieldError combination = onlyError(doc);
        assertThat(combination.pointer()).isEqualTo("/stations/0/mcs");
        assertThat(combination.message()).contains("no MCS 9", "20 MHz", "1 spatial stream");
        assertThat(onlyError(wifi("/link/channelWidthMhz", "40.5")).pointer()).isEqualTo("/link/channelWidthMhz");
        assertThat(valid(wifi("/link/channelWidthMhz", "40.0")).link()).extracting("channelWidthMhz").isEqualTo(40);
    }

    @Test
    void legacyStationsWithoutARateNeedTheLinksRate() {
        ObjectNode doc = wifi("/link", "{\"type\": \"wifi\", \"standard\": \"802.11a\", \"legacyRateMbps\": 11}");
        doc.set("stations", JSON.readTree("[{\"name\": \"sta1\"}, {\"name\": \"b\", \"legacyRateMbps\": 5.5}]"));
        assertThat(PARSER.parse(doc).errors()).extracting(FieldError::pointer)
                .containsExactlyInAnyOrder("/link/legacyRateMbps", "/stations/1/legacyRateMbps");
        assertThat(PARSER.parse(doc).errors().getFirst().message()).contains("6, 9, 12, 18, 24, 36, 48, 54");
    }

    @Test
    void unknownStationsAreJudgedOnlyWhenEveryStationHasAName() {
        FieldError error = onlyError(wifi("/flows/0/station", "\"sta9\""));
        assertThat(error.pointer()).isEqualTo("/flows/0/station");
        assertThat(error.message()).contains("\"sta9\"");
        ObjectNode nameless = wifi("/flows/0/station", "\"sta9\"");
        nameless.set("stations", JSON.readTree("[{\"name\": \"sta1\", \"mcs\": 1}, {\"mcs\": 1}]"));
        assertThat(onlyError(nameless).pointer()).isEqualTo("/stations/1/name");
        // without (valid) stations the flow's station is still required, but cannot be looked up
        ObjectNode none = wifi();
        none.remove("stations");
        assertThat(onlyError(none).pointer()).isEqualTo("/stations");
        assertThat(onlyError(wifi("/flows/0/station", "7")).pointer()).isEqualTo("/flows/0/station");
    }

    @Test
    void tcpFlowsGetScenarioMdDefaults() {
        Scenario scenario = valid(wifi("/flows/0", "{\"name\": \"t\", \"type\": \"tcp\", \"station\": \"sta1\"}"));
        assertThat(scenario.flows().getFirst().traffic()).isEqualTo(
                record(TrafficSpec.VARIANTS, TrafficSpec.Tcp.class,
                        "congestionControl", CongestionControlKind.CUBIC, "origin", TcpOrigin.REMOTE,
                        "pacingShift", 10, "mss", 1448, "bytes", null));
    }

    @Test
    void tcpFieldsAtTheirEdges() {
        String tcp = "{\"name\": \"t\", \"type\": \"tcp\", ";
        var edges = (TrafficSpec.Tcp) valid(with("/flows/0", tcp + "\"congestionControl\": \"reno\", "
                + "\"origin\": \"local\", \"pacingShift\": 0, \"mss\": 536, \"bytes\": 1}"))
                .flows().getFirst().traffic();
        assertThat(edges).isEqualTo(record(TrafficSpec.VARIANTS, TrafficSpec.Tcp.class,
                "congestionControl", CongestionControlKind.RENO, "origin", TcpOrigin.LOCAL, "pacingShift", 0,
                "mss", 536, "bytes", 1L));
        assertThat(((TrafficSpec.Tcp) valid(with("/flows/0", tcp + "\"pacingShift\": 31, \"mss\": 8948}"))
                .flows().getFirst().traffic()).mss()).isEqualTo(8948);
        assertThat(onlyError(with("/flows/0", tcp + "\"mss\": 535}")).pointer()).isEqualTo("/flows/0/mss");
        assertThat(onlyError(with("/flows/0", tcp + "\"mss\": 8949}")).pointer()).isEqualTo("/flows/0/mss");
        assertThat(onlyError(with("/flows/0", tcp + "\"pacingShift\": 32}")).pointer())
                .isEqualTo("/flows/0/pacingShift");
        assertThat(onlyError(with("/flows/0", tcp + "\"pacingShift\": -1}")).pointer())
                .isEqualTo("/flows/0/pacingShift");
        assertThat(onlyError(with("/flows/0", tcp + "\"bytes\": 0}")).pointer()).isEqualTo("/flows/0/bytes");
        FieldError cc = onlyError(with("/flows/0", tcp + "\"congestionControl\": \"vegas\"}"));
        assertThat(cc.pointer()).isEqualTo("/flows/0/congestionControl");
        assertThat(cc.message()).contains("\"cubic\"", "\"reno\"", "\"bbr\"");
        assertThat(((TrafficSpec.Tcp) valid(with("/flows/0", tcp + "\"congestionControl\": \"bbr\"}"))
                .flows().getFirst().traffic()).congestionControl()).isEqualTo(CongestionControlKind.BBR);
        FieldError bbrWithoutSack = onlyError(with("/flows/0", tcp + "\"congestionControl\": \"bbr\", \"sack\": false}"));
        assertThat(bbrWithoutSack.pointer()).isEqualTo("/flows/0/sack");
        assertThat(bbrWithoutSack.message()).contains("bbr");
        FieldError origin = onlyError(with("/flows/0", tcp + "\"origin\": \"server\"}"));
        assertThat(origin.pointer()).isEqualTo("/flows/0/origin");
        assertThat(origin.message()).contains("\"remote\"", "\"local\"");
        FieldError udpField = onlyError(with("/flows/0", tcp + "\"rateMbps\": 5}"));
        assertThat(udpField.pointer()).isEqualTo("/flows/0/rateMbps");
        assertThat(udpField.message()).contains("udp flows only");
        assertThat(onlyError(with("/flows/0", "{\"name\": \"p\", \"type\": \"ping\", \"origin\": \"local\"}"))
                .pointer()).isEqualTo("/flows/0/origin");
    }

    @Test
    void aqlLowAboveHighIsReportedWhereTheUserWroteIt() {
        FieldError given = onlyError(wifi("/stack/aql", "{\"lowUs\": 6000, \"highUs\": 5000}"));
        assertThat(given.pointer()).isEqualTo("/stack/aql/highUs");
        assertThat(given.message()).contains("≥ lowUs (6000)");
        FieldError defaulted = onlyError(wifi("/stack/aql", "{\"lowUs\": 20000}"));
        assertThat(defaulted.pointer()).isEqualTo("/stack/aql/lowUs");
        assertThat(defaulted.message()).contains("≤ highUs (12000, its default)");
        assertThat(valid(wifi("/stack/aql", "{\"lowUs\": 12000}")).stack().aql().lowUs()).isEqualTo(12000);
    }

    @Test
    void theQdiscDependsOnTheTxqs() {
        FieldError noqueue = onlyError(wifi("/stack", "{\"txqs\": {\"enabled\": false}, \"qdisc\": {\"type\": \"noqueue\"}}"));
        assertThat(noqueue.pointer()).isEqualTo("/stack/qdisc/type");
        assertThat(noqueue.message()).contains("txqs.enabled");
        // with txqs.enabled invalid, neither the default qdisc nor noqueue can be judged: one error
        assertThat(onlyError(wifi("/stack", "{\"txqs\": {\"enabled\": 0}}")).pointer())
                .isEqualTo("/stack/txqs/enabled");
        assertThat(onlyError(wifi("/stack", "{\"txqs\": {\"enabled\": \"no\"}, \"qdisc\": {\"type\": \"noqueue\"}}"))
                .pointer()).isEqualTo("/stack/txqs/enabled");
        assertThat(valid(wifi("/stack", "{\"qdisc\": {\"type\": \"fq_codel\"}}")).stack().qdisc())
                .isInstanceOf(QdiscSpec.FqCodel.class);
    }

    @Test
    void txqsHaveNoCeThreshold() {
        FieldError error = onlyError(wifi("/stack/txqs", "{\"ceThresholdMs\": 1}"));
        assertThat(error.pointer()).isEqualTo("/stack/txqs/ceThresholdMs");
        assertThat(error.message()).startsWith("unknown field");
    }

    @Test
    void schedulerFieldsBelongToTheirType() {
        assertThat(onlyError(wifi("/stack/scheduler", "{\"type\": \"round-robin\", \"quantumUs\": 300}")).pointer())
                .isEqualTo("/stack/scheduler/quantumUs");
        assertThat(onlyError(wifi("/stack/scheduler", "{\"quantumUs\": 300}")).pointer())
                .isEqualTo("/stack/scheduler/type");
        // an unknown type: its would-be fields are not judged, strangers are
        assertThat(PARSER.parse(wifi("/stack/scheduler", "{\"type\": \"drr\", \"quantumUs\": 0, \"x\": 1}"))
                .errors()).extracting(FieldError::pointer)
                .containsExactlyInAnyOrder("/stack/scheduler/type", "/stack/scheduler/x");
    }

    @Test
    void wifiOnlyFieldsAreUnknownOnAWiredLink() {
        ObjectNode doc = with("/link", "{\"type\": \"wired\", \"rateMbps\": 10, \"standard\": \"802.11n\"}");
        assertThat(onlyError(doc).pointer()).isEqualTo("/link/standard");
    }

    @Test
    void validResultHasNoErrorsAndAnImmutableScenario() {
        ParsedScenario parsed = PARSER.parse(base());
        assertThat(parsed.errors()).isEmpty();
        assertThat(parsed.scenario().flows()).isUnmodifiable();
    }
}
