package dev.fqlab.scenario.openapi;

import static org.assertj.core.api.Assertions.assertThat;

import dev.fqlab.scenario.ParsedScenario;
import dev.fqlab.scenario.ScenarioJson;
import dev.fqlab.scenario.ScenarioLimits;
import dev.fqlab.scenario.ScenarioParser;
import io.swagger.v3.oas.annotations.media.Schema;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.RecordComponent;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/** The doc records and the parser cannot drift: same fields, and the documented defaults are the parser's. */
class ScenarioDocTest {

    private static final JsonMapper JSON = JsonMapper.builder().build();
    private static final List<Class<?>> DOCS = List.of(ScenarioDoc.class, LinkDoc.class, AmpduDoc.class,
            StationDoc.class, StackDoc.class, QdiscDoc.class, TxqsDoc.class, SchedulerDoc.class, AqlDoc.class,
            DriverDoc.class, FlowDoc.class);

    /**
     * Between them, these set every optional field, both link types and every wifi standard, every qdisc type,
     * both scheduler types and every flow type (tcp with its optional bytes).
     */
    private static final List<String> FULLY_POPULATED = List.of("""
            {"name": "all", "seed": 2, "durationS": 10, "warmupS": 1, "sampleIntervalMs": 10, "wiredRttMs": 2,
             "link": {"type": "wired", "rateMbps": 10, "upRateMbps": 5, "lossRate": 0.01, "l2OverheadBytes": 18},
             "stations": [],
             "stack": {"qdisc": {"type": "fq_codel", "ceThresholdMs": 1}},
             "flows": [{"name": "r", "type": "udp", "rateMbps": 1, "packets": 5, "direction": "up"},
                       {"name": "i", "type": "udp", "intervalMs": 10, "burst": 3},
                       {"name": "p", "type": "ping", "ac": "VO"},
                       {"name": "t", "type": "tcp", "congestionControl": "reno", "origin": "local", "pacingShift": 8,
                        "mss": 1000, "bytes": 1000000, "ecn": "ect0"}]}""", """
            {"durationS": 10, "link": {"type": "wired", "rateMbps": 10},
             "stack": {"qdisc": {"type": "codel", "ceThresholdMs": 1}}, "flows": [{"name": "p", "type": "ping"}]}""", """
            {"durationS": 10, "link": {"type": "wired", "rateMbps": 10},
             "stack": {"qdisc": {"type": "pfifo"}}, "flows": [{"name": "p", "type": "ping"}]}""", """
            {"durationS": 10, "link": {"type": "wifi", "standard": "802.11ac", "channelWidthMhz": 80},
             "stations": [{"name": "a", "mcs": 9, "spatialStreams": 2, "frameErrorRate": 0.01, "airtimeWeight": 512}],
             "stack": {"scheduler": {"type": "airtime"}, "aql": {"enabled": true}},
             "flows": [{"name": "u", "type": "udp", "rateMbps": 100, "station": "a", "ac": "VI"}]}""", """
            {"durationS": 10, "link": {"type": "wifi", "standard": "802.11a"},
             "stations": [{"name": "a", "legacyRateMbps": 6}], "stack": {"txqs": {"enabled": false}},
             "flows": [{"name": "p", "type": "ping", "station": "a"}]}""");

    private static ObjectNode normalized(String document) {
        ParsedScenario parsed = new ScenarioParser(ScenarioLimits.DEFAULTS).parse(JSON.readTree(document));
        assertThat(parsed.errors()).isEmpty();
        return ScenarioJson.toJson(parsed.scenario());
    }

    @Test
    void everyNormalizedFieldIsDocumentedAndEveryDocumentedFieldIsWritten() {
        Set<String> written = new TreeSet<>();
        for (String document : FULLY_POPULATED) {
            assertDocumented(normalized(document), ScenarioDoc.class, "", written);
        }

        Set<String> documented = new TreeSet<>();
        DOCS.forEach(doc -> Arrays.stream(doc.getRecordComponents())
                .forEach(component -> documented.add(doc.getSimpleName() + "." + component.getName())));
        assertThat(written).isEqualTo(documented);
    }

    /** Each key of {@code json} is a component of {@code doc}; nested objects and lists are checked the same way. */
    private static void assertDocumented(JsonNode json, Class<?> doc, String pointer, Set<String> written) {
        for (Map.Entry<String, JsonNode> field : json.properties()) {
            RecordComponent component = component(doc, field.getKey());
            assertThat(component).as("%s/%s is documented in %s", pointer, field.getKey(), doc.getSimpleName())
                    .isNotNull();
            written.add(doc.getSimpleName() + "." + field.getKey());
            Class<?> nested = elementType(component);
            if (nested.isRecord()) {
                Stream<JsonNode> values = field.getValue().isArray() ? field.getValue().valueStream()
                        : Stream.of(field.getValue());
                values.forEach(value -> assertDocumented(value, nested, pointer + "/" + field.getKey(), written));
            }
        }
    }

    @Test
    void everyFieldHasADescription() {
        for (Class<?> doc : DOCS) {
            assertThat(doc.getAnnotation(Schema.class)).as(doc.getSimpleName()).isNotNull();
            for (RecordComponent component : doc.getRecordComponents()) {
                Schema schema = component.getAccessor().getAnnotation(Schema.class);
                assertThat(schema).as("%s.%s", doc.getSimpleName(), component.getName()).isNotNull();
                assertThat(schema.description()).as("%s.%s", doc.getSimpleName(), component.getName()).isNotBlank();
            }
        }
    }

    /**
     * Each documented default is the value the parser writes for a document that leaves the field out: checked in
     * every minimal document whose normalized JSON has the field, and at least one must have it.
     */
    @Test
    void documentedDefaultsAreThoseOfTheParser() {
        ObjectNode wired = normalized("""
                {"durationS": 10, "link": {"type": "wired", "rateMbps": 10},
                 "flows": [{"name": "u", "type": "udp", "rateMbps": 1}]}""");
        ObjectNode wifi = normalized("""
                {"durationS": 10, "link": {"type": "wifi"}, "stations": [{"name": "a", "mcs": 0}],
                 "flows": [{"name": "u", "type": "udp", "rateMbps": 1, "station": "a"}]}""");
        ObjectNode tcp = normalized("""
                {"durationS": 10, "link": {"type": "wired", "rateMbps": 10},
                 "flows": [{"name": "t", "type": "tcp"}]}""");
        ObjectNode airtime = normalized("""
                {"durationS": 10, "link": {"type": "wifi"}, "stations": [{"name": "a", "mcs": 0}],
                 "stack": {"scheduler": {"type": "airtime"}},
                 "flows": [{"name": "u", "type": "udp", "rateMbps": 1, "station": "a"}]}""");
        Map<Class<?>, List<JsonNode>> defaults = Map.ofEntries(
                Map.entry(ScenarioDoc.class, List.of(wired)), // a wifi document must give its stations
                Map.entry(LinkDoc.class, List.of(wired.get("link"), wifi.get("link"))),
                Map.entry(AmpduDoc.class, List.of(wifi.at("/link/ampdu"))),
                Map.entry(StationDoc.class, List.of(wifi.at("/stations/0"))),
                Map.entry(StackDoc.class, List.of(wired.get("stack"), wifi.get("stack"))),
                Map.entry(QdiscDoc.class, List.of(wired.at("/stack/qdisc"))),
                Map.entry(TxqsDoc.class, List.of(wifi.at("/stack/txqs"))),
                Map.entry(SchedulerDoc.class, List.of(wifi.at("/stack/scheduler"), airtime.at("/stack/scheduler"))),
                Map.entry(AqlDoc.class, List.of(wifi.at("/stack/aql"))),
                Map.entry(DriverDoc.class, List.of(wifi.at("/stack/driver"))),
                Map.entry(FlowDoc.class, List.of(wired.at("/flows/0"), wifi.at("/flows/0"), tcp.at("/flows/0"))));
        assertThat(defaults.keySet()).containsExactlyInAnyOrderElementsOf(DOCS);

        defaults.forEach((doc, jsons) -> {
            for (RecordComponent component : doc.getRecordComponents()) {
                String documented = component.getAccessor().getAnnotation(Schema.class).defaultValue();
                if (documented.isEmpty() || documented.equals(Schema.DEFAULT_SENTINEL)) {
                    continue;
                }
                List<JsonNode> actuals = jsons.stream().map(json -> json.get(component.getName()))
                        .filter(value -> value != null).toList();
                assertThat(actuals).as("%s.%s in a minimal document", doc.getSimpleName(), component.getName())
                        .isNotEmpty();
                for (JsonNode actual : actuals) {
                    assertThat(actual.isString() ? actual.stringValue() : actual.toString())
                            .as("default of %s.%s", doc.getSimpleName(), component.getName()).isEqualTo(documented);
                }
            }
        });
    }

    private static RecordComponent component(Class<?> doc, String name) {
        return Arrays.stream(doc.getRecordComponents()).filter(c -> c.getName().equals(name)).findFirst().orElse(null);
    }

    /** The component's type, or for a List its element type. */
    private static Class<?> elementType(RecordComponent component) {
        if (component.getType() == List.class
                && component.getGenericType() instanceof ParameterizedType list
                && list.getActualTypeArguments()[0] instanceof Class<?> element) {
            return element;
        }
        return component.getType();
    }
}
