package dev.fqlab.scenario;

import static org.assertj.core.api.Assertions.assertThat;

import dev.fqlab.scenario.ScenarioReference.Section;
import dev.fqlab.sim.scenario.schema.Field;
import dev.fqlab.sim.scenario.schema.RecordSchema;
import io.swagger.v3.oas.models.media.Schema;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * The OpenAPI schemas generated from the field declarations and the parser cannot drift: same fields, and the
 * documented defaults are the parser's.
 */
class ScenarioOpenApiTest {

    private static final JsonMapper JSON = JsonMapper.builder().build();
    private static final Map<String, Schema<?>> SCHEMAS = ScenarioOpenApi.schemas();
    private static final String REF = "#/components/schemas/";

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
            assertDocumented(normalized(document), "Scenario", "", written);
        }
        // and every object with each of its fields set, so an optional field added later is seen written too
        for (Section section : ScenarioReference.sections()) {
            String component = section.family() == null ? section.title() : section.family();
            ScenarioJson.object(section.schema(), sample(section.schema())).propertyNames()
                    .forEach(field -> written.add(component + "." + field));
        }

        Set<String> documented = new TreeSet<>();
        SCHEMAS.forEach((name, schema) -> schema.getProperties().keySet()
                .forEach(property -> documented.add(name + "." + property)));
        assertThat(written).isEqualTo(documented);
    }

    /** Each key of {@code json} is a property of {@code component}; nested objects and lists are checked the same way. */
    private static void assertDocumented(JsonNode json, String component, String pointer, Set<String> written) {
        for (Map.Entry<String, JsonNode> field : json.properties()) {
            Schema<?> property = SCHEMAS.get(component).getProperties().get(field.getKey());
            assertThat(property).as("%s/%s is documented in %s", pointer, field.getKey(), component).isNotNull();
            written.add(component + "." + field.getKey());
            String nested = nestedComponent(property);
            if (nested != null) {
                Stream<JsonNode> values = field.getValue().isArray() ? field.getValue().valueStream()
                        : Stream.of(field.getValue());
                values.forEach(value -> assertDocumented(value, nested, pointer + "/" + field.getKey(), written));
            }
        }
    }

    @Test
    void everyFieldHasADescription() {
        SCHEMAS.forEach((name, schema) -> {
            assertThat(schema.getDescription()).as(name).isNotBlank();
            schema.getProperties().forEach((property, value) ->
                    assertThat(value.getDescription()).as("%s.%s", name, property).isNotBlank());
        });
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
        ObjectNode fq = normalized("""
                {"durationS": 10, "link": {"type": "wired", "rateMbps": 10}, "stack": {"qdisc": {"type": "fq"}},
                 "flows": [{"name": "u", "type": "udp", "rateMbps": 1}]}""");
        ObjectNode airtime = normalized("""
                {"durationS": 10, "link": {"type": "wifi"}, "stations": [{"name": "a", "mcs": 0}],
                 "stack": {"scheduler": {"type": "airtime"}},
                 "flows": [{"name": "u", "type": "udp", "rateMbps": 1, "station": "a"}]}""");
        ObjectNode channels = normalized("""
                {"durationS": 10, "link": {"type": "wifi"},
                 "stations": [{"name": "a", "mcs": 0, "snrDb": 20, "snrSteps": [{"atS": 1, "snrDb": 10}]},
                              {"name": "b", "mcs": 0, "distanceM": 10}],
                 "flows": [{"name": "u", "type": "udp", "rateMbps": 1, "station": "a"}]}""");
        Map<String, List<JsonNode>> defaults = Map.ofEntries(
                Map.entry("Scenario", List.of(wired)), // a wifi document must give its stations
                Map.entry("Link", List.of(wired.get("link"), wifi.get("link"))),
                Map.entry("Ampdu", List.of(wifi.at("/link/ampdu"))),
                Map.entry("Amsdu", List.of(wifi.at("/link/amsdu"))),
                Map.entry("Station", List.of(wifi.at("/stations/0"), channels.at("/stations/0"),
                        channels.at("/stations/1"))),
                Map.entry("SnrStep", List.of(channels.at("/stations/0/snrSteps/0"))),
                Map.entry("Stack", List.of(wired.get("stack"), wifi.get("stack"))),
                Map.entry("Qdisc", List.of(wired.at("/stack/qdisc"), fq.at("/stack/qdisc"))),
                Map.entry("Txqs", List.of(wifi.at("/stack/txqs"))),
                Map.entry("Scheduler", List.of(wifi.at("/stack/scheduler"), airtime.at("/stack/scheduler"))),
                Map.entry("Aql", List.of(wifi.at("/stack/aql"))),
                Map.entry("Driver", List.of(wifi.at("/stack/driver"))),
                Map.entry("Flow", List.of(wired.at("/flows/0"), wifi.at("/flows/0"), tcp.at("/flows/0"))));
        assertThat(defaults.keySet()).containsExactlyInAnyOrderElementsOf(SCHEMAS.keySet());

        defaults.forEach((component, jsons) -> SCHEMAS.get(component).getProperties().forEach((name, property) -> {
            Object documented = property.getDefault();
            if (documented == null) {
                return;
            }
            List<JsonNode> actuals = jsons.stream().map(json -> json.get(name)).filter(value -> value != null).toList();
            assertThat(actuals).as("%s.%s in a minimal document", component, name).isNotEmpty();
            for (JsonNode actual : actuals) {
                assertThat(actual.isString() ? actual.stringValue() : actual.toString())
                        .as("default of %s.%s", component, name).isEqualTo(String.valueOf(documented));
            }
        }));
    }

    /** A record of {@code schema} with every field set: declared defaults, and a value for every other field. */
    private static Record sample(RecordSchema<?> schema) {
        RecordSchema.Builder<?> builder = schema.builder();
        for (Field field : schema.fields()) {
            Object value = switch (field.kind()) {
                case TYPE, FORBIDDEN -> null;
                case NUMBER -> field.numberRange() == null ? 1.0 : Math.max(field.numberRange().min(), 0) + 1;
                case INTEGER -> field.intRange() == null ? 1L : Math.max(field.intRange().min(), 0) + 1;
                case BOOLEAN -> true;
                case STRING -> "a";
                case ENUM -> field.enumConstants().getFirst();
                case OBJECT, FLAT -> sample(field.schema());
                case VARIANT, INLINE -> sample(field.variants().schemas().getFirst());
                case ARRAY -> List.of(sample(field.schema()));
            };
            if (value != null) {
                builder.set(field.component(), value);
            }
        }
        return builder.build();
    }

    /** The component a property refers to (directly or as its array's items), or null. */
    private static String nestedComponent(Schema<?> property) {
        String ref = property.get$ref() != null ? property.get$ref()
                : property.getItems() != null ? property.getItems().get$ref() : null;
        return ref == null ? null : ref.substring(REF.length());
    }
}
