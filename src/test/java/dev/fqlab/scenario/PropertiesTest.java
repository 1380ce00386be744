package dev.fqlab.scenario;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;

import dev.fqlab.sim.scenario.Scenario;
import dev.fqlab.sim.scenario.StationSpec;
import dev.fqlab.sim.scenario.WifiLinkSpec;
import dev.fqlab.sim.wifi.phy.PhyMode;
import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;
import tools.jackson.core.JsonPointer;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * Properties over thousands of seeded random documents (RandomDocuments): valid documents round-trip through the
 * normalized JSON, and no input, however broken, makes the parser throw or report a malformed error.
 */
class PropertiesTest {

    private static final JsonMapper JSON = JsonMapper.builder().build();
    private static final ScenarioParser PARSER = new ScenarioParser(ScenarioLimits.DEFAULTS);

    @Test
    void validDocumentsRoundTripThroughTheNormalizedJson() {
        RandomDocuments documents = new RandomDocuments(20240601);
        Set<String> standards = new HashSet<>();
        int wifi = 0;
        for (int i = 0; i < 3000; i++) {
            ObjectNode document = documents.valid();
            ParsedScenario parsed = PARSER.parse(document);
            assertThat(parsed.errors()).as("document %s", document).isEmpty();
            assertRoundTrip(parsed.scenario());
            if (parsed.scenario().link() instanceof WifiLinkSpec link) {
                wifi++;
                standards.add(link.standard().json());
                // whatever the parser accepts, the PHY model can build: every station has a PhyMode on its link
                for (StationSpec station : parsed.scenario().stations()) {
                    assertThatCode(() -> PhyMode.of(link, station)).as("%s on %s", station, link)
                            .doesNotThrowAnyException();
                }
            }
        }
        // both link types are exercised, wifi with every standard
        assertThat(wifi).isBetween(600, 1400);
        assertThat(standards).containsExactlyInAnyOrder("802.11a", "802.11n", "802.11ac");
    }

    @Test
    void randomJsonNeverThrowsAndIsReportedProperly() {
        RandomDocuments documents = new RandomDocuments(7);
        for (int i = 0; i < 3000; i++) {
            JsonNode document = documents.anyJson(4);
            ParsedScenario parsed = assertParsesWithoutThrowing(document);
            assertThat(parsed.valid()).as("document %s", document).isFalse();
        }
    }

    @Test
    void mutatedValidDocumentsNeverThrowAndValidOnesStillRoundTrip() {
        RandomDocuments documents = new RandomDocuments(42);
        int valid = 0;
        for (int i = 0; i < 6000; i++) {
            JsonNode document = documents.mutated();
            ParsedScenario parsed = assertParsesWithoutThrowing(document);
            if (parsed.valid()) {
                valid++;
                assertRoundTrip(parsed.scenario());
            }
        }
        // the mutations must mostly break documents, or this test would not test the error paths
        assertThat(valid).isBetween(1, 3000);
    }

    @Test
    void javaNullAndMissingNodeAreErrorsAtTheRoot() {
        assertThat(PARSER.parse(null).errors()).extracting(FieldError::pointer).containsExactly("");
        assertThat(PARSER.parse(JSON.missingNode()).errors()).extracting(FieldError::pointer).containsExactly("");
    }

    private static void assertRoundTrip(Scenario scenario) {
        ObjectNode json = ScenarioJson.toJson(scenario);
        String text = JSON.writeValueAsString(json);
        ParsedScenario again = PARSER.parse(JSON.readTree(text));

        assertThat(again.errors()).as("normalized %s", text).isEmpty();
        assertThat(again.scenario()).as("normalized %s", text).isEqualTo(scenario);
        assertThat(JSON.writeValueAsString(ScenarioJson.toJson(again.scenario()))).isEqualTo(text);
    }

    /** No exception; a scenario exactly when there is no error; each error well-formed and where it belongs. */
    private static ParsedScenario assertParsesWithoutThrowing(JsonNode document) {
        ParsedScenario[] parsed = new ParsedScenario[1];
        assertThatCode(() -> parsed[0] = PARSER.parse(document)).as("document %s", document)
                .doesNotThrowAnyException();
        ParsedScenario result = parsed[0];

        assertThat(result.scenario() == null).as("document %s", document).isEqualTo(!result.errors().isEmpty());
        Set<String> pointers = new HashSet<>();
        for (FieldError error : result.errors()) {
            assertThat(error.message()).isNotBlank();
            assertThat(pointers.add(error.pointer())).as("one message per pointer: %s in %s", error.pointer(),
                    result.errors()).isTrue();
            assertThat(error.pointer().isEmpty() || error.pointer().startsWith("/")).isTrue();
            if (!error.pointer().isEmpty()) {
                // the pointer names a field of an object (or an element) that exists, even when the field does not
                JsonPointer parent = JsonPointer.compile(error.pointer()).head();
                assertThat(document.at(parent).isMissingNode()).as("parent of %s in %s", error.pointer(), document)
                        .isFalse();
            }
        }
        return result;
    }
}
