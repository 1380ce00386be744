package dev.fqlab.scenario;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;

import dev.fqlab.sim.ScenarioRunner;
import dev.fqlab.sim.core.RunControl;
import dev.fqlab.sim.result.SimulationResult;
import dev.fqlab.sim.scenario.Scenario;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Values a client can send that the engine cannot represent, and characters no database should be asked to store:
 * each is refused at its field. Where a message names a value to use instead, that value is accepted and one a
 * little below it is not.
 */
class ParserLimitsTest {

    private static final JsonMapper JSON = JsonMapper.builder().build();
    private static final ScenarioParser PARSER = new ScenarioParser(ScenarioLimits.DEFAULTS);

    private static ObjectNode base() {
        return (ObjectNode) JSON.readTree("""
                {"durationS": 1, "link": {"type": "wired", "rateMbps": 10},
                 "flows": [{"name": "f", "type": "udp", "rateMbps": 5}]}""");
    }

    private static ObjectNode flow(String json) {
        ObjectNode doc = base();
        ((ArrayNode) doc.get("flows")).set(0, JSON.readTree(json));
        return doc;
    }

    private static List<FieldError> errors(ObjectNode doc) {
        return PARSER.parse(doc).errors();
    }

    private static FieldError onlyError(ObjectNode doc) {
        List<FieldError> errors = errors(doc);
        assertThat(errors).as("document %s", doc).hasSize(1);
        return errors.getFirst();
    }

    private static Scenario valid(ObjectNode doc) {
        ParsedScenario parsed = PARSER.parse(doc);
        assertThat(parsed.errors()).as("document %s", doc).isEmpty();
        return parsed.scenario();
    }

    // ---- service limits

    /** A wifi scenario with {@code n} stations sta1..sta{n}, one UDP flow to the first. */
    private static ObjectNode stations(int n) {
        ObjectNode doc = (ObjectNode) JSON.readTree("""
                {"durationS": 1, "link": {"type": "wifi", "standard": "802.11n"},
                 "flows": [{"name": "f", "type": "udp", "station": "sta1", "rateMbps": 5}]}""");
        ArrayNode list = doc.putArray("stations");
        for (int i = 1; i <= n; i++) {
            list.addObject().put("name", "sta" + i).put("mcs", 7);
        }
        return doc;
    }

    @Test
    void theDefaultLimitsTake128StationsAndRefuseThe129th() {
        // api.md Configuration and scenario.md: fqlab.limits.max-stations defaults to 128
        assertThat(valid(stations(128)).stations()).hasSize(128);
        FieldError over = onlyError(stations(129));
        assertThat(over.pointer()).isEqualTo("/stations");
        assertThat(over.message()).contains("128");
    }

    // ---- characters

    @Test
    void theScenarioNameRefusesNulAndControlCharactersButKeepsTabsAndLineBreaks() {
        // PostgreSQL cannot store U+0000 in text; H2 can: the parser refuses it so both answer the same.
        FieldError nul = onlyError(base().put("name", "a\u0000b"));
        assertThat(nul.pointer()).isEqualTo("/name");
        assertThat(nul.message()).contains("control characters", "U+0000", "character 2");
        assertThat(onlyError(base().put("name", "\u001b[31mred")).message()).contains("U+001B", "character 1");
        assertThat(onlyError(base().put("name", "bell\u0007")).pointer()).isEqualTo("/name");
        // Free text may span lines and hold tabs (every output escapes them).
        assertThat(valid(base().put("name", "two\r\nlines\tand a tab")).name()).isEqualTo("two\r\nlines\tand a tab");
        assertThat(valid(base().put("name", "😀 ü ✓")).name()).isEqualTo("😀 ü ✓");
    }

    @Test
    void unpairedSurrogatesAreNotText() {
        // "\ud800" is valid JSON but no Unicode character: PostgreSQL's driver would store '?', H2 the surrogate.
        FieldError lone = onlyError((ObjectNode) JSON.readTree("""
                {"name": "x\\ud800", "durationS": 1, "link": {"type": "wired", "rateMbps": 10},
                 "flows": [{"name": "f", "type": "udp", "rateMbps": 5}]}"""));
        assertThat(lone.pointer()).isEqualTo("/name");
        assertThat(lone.message()).contains("unpaired surrogate", "U+D800");
        assertThat(onlyError(base().put("name", "\udc00x")).message()).contains("U+DC00");
    }

    @Test
    void everyStringFieldGetsTheRuleNotOnlyTheName() {
        assertThat(onlyError(flow("{\"name\": \"f\\u0000\", \"type\": \"udp\", \"rateMbps\": 5}")).pointer())
                .isEqualTo("/flows/0/name");
        ObjectNode wifi = (ObjectNode) JSON.readTree("""
                {"durationS": 1, "link": {"type": "wifi", "standard": "802.11n"}, "stations": [{"name": "s", "mcs": 0}],
                 "flows": [{"name": "f", "type": "udp", "rateMbps": 1, "station": "s\\u0000"}]}""");
        FieldError station = onlyError(wifi);
        assertThat(station.pointer()).isEqualTo("/flows/0/station");
        assertThat(station.message()).contains("U+0000");
    }

    // ---- the time-series limit's suggestion

    /**
     * The rule: samples = ⌈durationS·1000 / sampleIntervalMs⌉, samples × series ≤ 2 000 000. The message suggests a
     * whole number of ms; it must pass, and one ms less must not.
     */
    @ParameterizedTest(name = "{0} s, {1} {2} flows")
    @CsvSource({
            "600, 1024, tcp",   // 4101 series: the issue's case
            "600, 1000, udp",   // 2005 series
            "599.9, 777, udp",
            "123.4, 1024, tcp",
            "100, 1024, tcp",
            "333.3, 900, tcp",
            "50, 1024, tcp"})
    void theSuggestedSampleIntervalIsTheSmallestWholeOneThatFits(double durationS, int flows, String type) {
        FieldError error = onlyError(manyFlows(flows, type, durationS)); // at the default 100 ms
        assertThat(error.pointer()).isEqualTo("/sampleIntervalMs");
        long suggested = suggested(error.message());

        assertThat(errors(manyFlows(flows, type, durationS).put("sampleIntervalMs", suggested)))
                .as("the suggested %d ms", suggested).isEmpty();
        List<FieldError> below = errors(manyFlows(flows, type, durationS).put("sampleIntervalMs", suggested - 1));
        assertThat(below).as("%d ms", suggested - 1).extracting(FieldError::pointer).containsExactly("/sampleIntervalMs");
        assertThat(suggested(below.getFirst().message())).isEqualTo(suggested);
    }

    @Test
    void theIssuesCaseSuggests1233Milliseconds() {
        // 1024 TCP flows × 4 series + 5 qdisc series = 4101 series, so at most ⌊2 000 000 / 4101⌋ = 487 samples:
        // 600 000 ms / 1232 = 487.01 → 488 samples (2 001 288 values, too many); / 1233 = 486.6 → 487 (1 997 187).
        FieldError error = onlyError(manyFlows(1024, "tcp", 600));
        assertThat(error.message()).contains("4101 series × 6000 samples", "≥ 1233 ms");
        assertThat(errors(manyFlows(1024, "tcp", 600).put("sampleIntervalMs", 1232))).hasSize(1);
        assertThat(errors(manyFlows(1024, "tcp", 600).put("sampleIntervalMs", 1233))).isEmpty();
    }

    @ParameterizedTest
    @CsvSource({"600", "333.33", "599.99", "123.457", "20.000001", "479.3"})
    void theSampleCountSuggestionIsAccepted(double durationS) {
        // At most 20 000 samples: sampleIntervalMs ≥ durationS·1000 / 20 000.
        FieldError error = onlyError(base().put("durationS", durationS).put("sampleIntervalMs", 1));
        Matcher m = Pattern.compile("≥ ([0-9.]+) ms").matcher(error.message());
        assertThat(m.find()).as(error.message()).isTrue();
        double suggested = Double.parseDouble(m.group(1));
        assertThat(suggested).isCloseTo(durationS * 1000 / 20_000, org.assertj.core.data.Offset.offset(1e-9));
        assertThat(errors(base().put("durationS", durationS).put("sampleIntervalMs", suggested))).isEmpty();
        assertThat(errors(base().put("durationS", durationS).put("sampleIntervalMs", suggested - 0.001))).hasSize(1);
    }

    private static long suggested(String message) {
        Matcher m = Pattern.compile("≥ (\\d+) ms").matcher(message);
        assertThat(m.find()).as("a suggestion in: %s", message).isTrue();
        return Long.parseLong(m.group(1));
    }

    private static ObjectNode manyFlows(int n, String type, double durationS) {
        ObjectNode doc = (ObjectNode) JSON.readTree("{\"link\": {\"type\": \"wired\", \"rateMbps\": 100}}");
        doc.put("durationS", durationS);
        ArrayNode flows = doc.putArray("flows");
        for (int i = 0; i < n; i++) {
            ObjectNode flow = flows.addObject().put("name", "f" + i).put("type", type);
            if (type.equals("udp")) {
                flow.put("rateMbps", 0.1);
            }
        }
        return doc;
    }

    // ---- times the engine's nanosecond clock cannot hold

    @Test
    void aUdpRateWhoseSendIntervalLeavesTheClockIsRefusedAtTheRate() {
        // 1500 bytes at 1e-300 Mbit/s: one packet every 1.2e307 ns, beyond a long's 9.2e18 ns (the run used to fail
        // with "event scheduled in the past", or spin at one instant when the flow started after 0).
        FieldError error = onlyError(flow("{\"name\": \"f\", \"type\": \"udp\", \"rateMbps\": 1e-300, \"startS\": 0.5}"));
        assertThat(error.pointer()).isEqualTo("/flows/0/rateMbps");
        // The bound is intervalMs' own maximum, an hour: 1500 × 8 bits / 3600 s = 3.33333… bit/s.
        assertThat(error.message()).contains("≥ 0.00000333334", "3600000 ms");
        valid(flow("{\"name\": \"f\", \"type\": \"udp\", \"rateMbps\": 0.00000333334}"));
        assertThat(onlyError(flow("{\"name\": \"f\", \"type\": \"udp\", \"rateMbps\": 0.00000333333}")).pointer())
                .isEqualTo("/flows/0/rateMbps");
        // Bursts and packet size count: 100 × 65535 bytes per event need 14.564 Mbit/s for one event an hour.
        String burst = "{\"name\": \"f\", \"type\": \"udp\", \"packetBytes\": 65535, \"burst\": 100, \"rateMbps\": %s}";
        assertThat(onlyError(flow(burst.formatted("0.01456"))).message()).contains("≥ 0.0145634", "100 packets of 65535");
        valid(flow(burst.formatted("0.0145634")));
    }

    @Test
    void intervalsShorterThanANanosecondAreRefused() {
        // The engine counts whole nanoseconds: 1e-300 ms was a zero interval, every packet at the same instant.
        assertThat(onlyError(flow("{\"name\": \"p\", \"type\": \"ping\", \"intervalMs\": 1e-300}")).pointer())
                .isEqualTo("/flows/0/intervalMs");
        assertThat(onlyError(flow("{\"name\": \"u\", \"type\": \"udp\", \"intervalMs\": 1e-7}")).message())
                .startsWith("must be 0 or a number ≥ 0.000001");
        valid(flow("{\"name\": \"p\", \"type\": \"ping\", \"intervalMs\": 0.000001}"));
        valid(flow("{\"name\": \"u\", \"type\": \"udp\", \"intervalMs\": 0.000001}"));
        valid(flow("{\"name\": \"u\", \"type\": \"udp\", \"intervalMs\": 0, \"packets\": 5}"));
    }

    @Test
    void durationsAndLinkRatesTheClockCannotHoldAreRefused() {
        // durationS 1e-300 rounds to a run of 0 ns (it failed with an index error).
        assertThat(onlyError(base().put("durationS", 1e-300)).pointer()).isEqualTo("/durationS");
        valid(base().put("durationS", 1e-9));
        // 1e-300 Mbit/s: a 1514-byte frame would take 1.2e307 ns on the wire (the run failed with an overflow).
        ObjectNode slow = base();
        ((ObjectNode) slow.get("link")).put("rateMbps", 1e-300);
        assertThat(onlyError(slow).pointer()).isEqualTo("/link/rateMbps");
        ObjectNode slowUp = base();
        ((ObjectNode) slowUp.get("link")).put("upRateMbps", 1e-7);
        assertThat(onlyError(slowUp).message()).startsWith("must be a number ≥ 0.000001");
    }

    @Test
    void theSmallestAcceptedTimesRunToTheEnd() {
        // 1 bit/s with the largest frames (65535 + 256 bytes: 6 days on the wire), TCP both ways, a flow starting late
        for (String json : List.of("""
                {"durationS": 2, "link": {"type": "wired", "rateMbps": 0.000001, "l2OverheadBytes": 256},
                 "flows": [{"name": "t", "type": "tcp"}, {"name": "u", "type": "tcp", "direction": "up", "mss": 8948},
                           {"name": "b", "type": "udp", "packetBytes": 65535, "rateMbps": 100, "startS": 1}]}""", """
                {"durationS": 0.000001, "sampleIntervalMs": 60000, "link": {"type": "wired", "rateMbps": 10},
                 "flows": [{"name": "p", "type": "ping", "intervalMs": 0.000001},
                           {"name": "u", "type": "udp", "intervalMs": 0.000001}]}""", """
                {"durationS": 0.000000001, "link": {"type": "wired", "rateMbps": 10},
                 "flows": [{"name": "u", "type": "udp", "rateMbps": 1}]}""", """
                {"durationS": 2, "link": {"type": "wired", "rateMbps": 10},
                 "flows": [{"name": "u", "type": "udp", "rateMbps": 0.00000333334, "startS": 0.5}]}""")) {
            Scenario scenario = valid((ObjectNode) JSON.readTree(json));
            assertThatCode(() -> {
                SimulationResult result = ScenarioRunner.run(scenario, RunControl.NONE);
                assertThat(result.flows()).hasSize(scenario.flows().size());
            }).as(json).doesNotThrowAnyException();
        }
    }
}
