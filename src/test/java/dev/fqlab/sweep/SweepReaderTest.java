package dev.fqlab.sweep;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.fqlab.config.FqlabProperties;
import dev.fqlab.experiment.SubmissionReader;
import dev.fqlab.preset.Preset;
import dev.fqlab.preset.PresetCatalog;
import dev.fqlab.preset.PresetKind;
import dev.fqlab.scenario.ScenarioJson;
import dev.fqlab.scenario.ScenarioLimits;
import dev.fqlab.scenario.ScenarioParser;
import dev.fqlab.web.ApiError;
import dev.fqlab.web.ApiProblem;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.springframework.util.unit.DataSize;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/** How a sweep request becomes its cells, and where its problems are pointed at. */
class SweepReaderTest {

    private static final JsonMapper JSON = JsonMapper.builder().build();
    private static final String SCENARIO = """
            {"durationS": 1, "link": {"type": "wired", "rateMbps": 10},
             "flows": [{"name": "a", "type": "udp", "rateMbps": 5}, {"name": "p", "type": "ping"}]}""";

    private final SweepReader reader = reader(50);

    private static SweepReader reader(int maxSweepSize) {
        FqlabProperties properties = new FqlabProperties(1, 10_000, null, "test", new FqlabProperties.Limits(600, 128,
                1024, DataSize.ofMegabytes(1), maxSweepSize), Duration.ofMillis(300), Duration.ofSeconds(5), true,
                Duration.ofSeconds(1), Duration.ofMinutes(10), DataSize.ofMegabytes(64), true);
        return new SweepReader(new ScenarioParser(ScenarioLimits.DEFAULTS), new PresetCatalog(JSON), JSON, properties);
    }

    private SweepPlan read(String body) {
        return reader.read(JSON.readTree(body));
    }

    private List<ApiError> errors(SweepReader sweepReader, String body) {
        ApiProblem problem = catchThrowableOfType(ApiProblem.class, () -> sweepReader.read(JSON.readTree(body)));
        assertThat(problem).as("a 400 for %s", body).isNotNull();
        @SuppressWarnings("unchecked")
        List<ApiError> errors = (List<ApiError>) problem.getBody().getProperties().get("errors");
        return errors;
    }

    private List<String> pointers(String body) {
        return errors(reader, body).stream().map(ApiError::pointer).toList();
    }

    @Test
    void cellsAreCombinationsTimesRepetitionsWithSeedsFromTheBase() {
        SweepPlan plan = read("""
                {"base": {"scenario": %s},
                 "parameters": [{"pointer": "/seed", "values": [100, 200]}, {"pointer": "/link/rateMbps", "values": [1, 2, 3]}],
                 "repetitions": 2}""".formatted(SCENARIO));

        assertThat(plan.combinations()).isEqualTo(6);
        assertThat(plan.cells()).hasSize(12);
        SweepPlan.Cell cell = plan.cells().get(7); // combination 3 = (seed 200, rate 1), repetition 1
        assertThat(cell.combination()).isEqualTo(3);
        assertThat(cell.repetition()).isEqualTo(1);
        JsonNode scenario = JSON.readTree(cell.scenarioJson());
        assertThat(scenario.get("seed").asLong()).isEqualTo(201);
        assertThat(scenario.at("/link/rateMbps").asDouble()).isEqualTo(1);
        assertThat(plan.cells()).extracting(SweepPlan.Cell::scenarioSha256).doesNotHaveDuplicates();
        assertThat(cell.experimentName()).isEqualTo("sweep /seed=200 /link/rateMbps=1 #2");
    }

    @Test
    void aPointerMayNameAnObjectTheBaseLeavesToItsDefault() {
        // The base has no "stack": it is created on the way to /stack/qdisc.
        SweepPlan plan = read("""
                {"base": {"scenario": %s},
                 "parameters": [{"name": "qdisc", "pointer": "/stack/qdisc", "values": [{"type": "codel"}, {"type": "fq_codel", "quantum": 600}]}]}"""
                .formatted(SCENARIO));

        assertThat(JSON.readTree(plan.cells().get(0).scenarioJson()).at("/stack/qdisc/type").asString()).isEqualTo("codel");
        assertThat(JSON.readTree(plan.cells().get(1).scenarioJson()).at("/stack/qdisc/quantum").asInt()).isEqualTo(600);
    }

    @Test
    void wholeObjectsAreValuesToo() {
        SweepPlan plan = read("""
                {"base": {"scenario": %s},
                 "parameters": [{"pointer": "/stack/qdisc", "values": [{"type": "pfifo", "limit": 100}, {"type": "codel"}],
                                 "labels": ["fifo", "codel"]}]}""".formatted(SCENARIO));

        assertThat(JSON.readTree(plan.cells().get(0).scenarioJson()).at("/stack/qdisc/limit").asInt()).isEqualTo(100);
        assertThat(plan.cells().get(1).experimentName()).isEqualTo("sweep /stack/qdisc=codel");
    }

    @Test
    void problemsPointIntoTheRequest() {
        // under a parameter's pointer: that value
        assertThat(pointers("""
                {"base": {"scenario": %s}, "parameters": [{"pointer": "/link/rateMbps", "values": [1, -1, 0]}]}""".formatted(SCENARIO)))
                .containsExactly("/parameters/0/values/1", "/parameters/0/values/2");
        // in every combination: the base
        assertThat(pointers("""
                {"base": {"scenario": %s}, "parameters": [{"pointer": "/link/rateMbps", "values": [1, 2]}]}"""
                .formatted(SCENARIO.replace("\"durationS\": 1", "\"durationS\": -1"))))
                .containsExactly("/base/scenario/durationS");
        // elsewhere, in some combinations only: the value all of them share (warmupS 0.8 must stay below durationS)
        assertThat(pointers("""
                {"base": {"scenario": %s}, "parameters": [{"pointer": "/durationS", "values": [1, 0.5]},
                                                          {"pointer": "/link/rateMbps", "values": [1, 2]}]}"""
                .formatted(SCENARIO.replace("\"durationS\": 1", "\"durationS\": 1, \"warmupS\": 0.8"))))
                .containsExactly("/parameters/0/values/1");
        // an unknown field at the pointer: the pointer
        assertThat(pointers("""
                {"base": {"scenario": %s}, "parameters": [{"pointer": "/link/speed", "values": [1]}]}""".formatted(SCENARIO)))
                .containsExactly("/parameters/0/pointer");
        // through a number
        assertThat(pointers("""
                {"base": {"scenario": %s}, "parameters": [{"pointer": "/durationS/x", "values": [1]}]}""".formatted(SCENARIO)))
                .containsExactly("/parameters/0/pointer");
        // a preset's overrides
        assertThat(pointers("""
                {"preset": "seed-003", "overrides": {"durationS": 0}}"""))
                .containsExactly("/overrides/durationS");
    }

    @Test
    void aPresetSweepTakesOverridesAndRepetitions() {
        SweepPlan plan = read("{\"preset\": \"seed-003\", \"overrides\": {\"durationS\": 5}, \"repetitions\": 2, \"tags\": [\"t\"]}");

        assertThat(plan.preset()).isEqualTo("seed-003");
        assertThat(plan.cells()).hasSize(8);
        assertThat(plan.metrics()).contains("flows.probe.latencyMs.p50");
        JsonNode packets = JSON.readTree(plan.cells().get(5).scenarioJson());
        assertThat(packets.at("/stack/qdisc/quantumMode").asString()).isEqualTo("packets");
        assertThat(packets.get("durationS").asDouble()).isEqualTo(5);
        assertThat(packets.get("seed").asLong()).isEqualTo(2);
        assertThat(packets.get("name").asString()).isEqualTo("seed-003");
        assertThat(plan.cells().get(5).experimentName()).isEqualTo("seed-003 qdisc=packets #2");
    }

    @Test
    void everyAvailableSweepPresetRunsExactlyItsVariantPresets() {
        PresetCatalog catalog = new PresetCatalog(JSON);
        ScenarioParser parser = new ScenarioParser(ScenarioLimits.DEFAULTS);
        List<Preset> sweeps = catalog.all().stream().filter(p -> p.kind() == PresetKind.SWEEP && p.available()).toList();
        assertThat(sweeps).extracting(Preset::name).contains("seed-003");
        for (Preset sweep : sweeps) {
            SweepPlan plan = read("{\"preset\": \"" + sweep.name() + "\"}");
            List<String> variants = sweep.sweep().variants();
            assertThat(plan.combinations()).as(sweep.name()).isEqualTo(variants.size());
            assertThat(plan.cells()).hasSize(variants.size() * plan.repetitions());
            for (int c = 0; c < variants.size(); c++) {
                // Repetition 0 runs the variant preset's own scenario (and seed); only the scenario's name differs.
                ObjectNode ran = (ObjectNode) JSON.readTree(plan.cells().get(c * plan.repetitions()).scenarioJson());
                Preset variant = catalog.find(variants.get(c)).orElseThrow();
                ObjectNode expected = dev.fqlab.scenario.ScenarioJson.toJson(parser.parse(variant.document()).scenario());
                assertThat(ran.get("name").asString()).isEqualTo(sweep.name());
                ran.remove("name");
                expected.remove("name");
                // As text: the stored scenario's numbers were read back from JSON, the expected ones were built.
                assertThat(JSON.writeValueAsString(ran)).as("%s combination %d", sweep.name(), c)
                        .isEqualTo(JSON.writeValueAsString(expected));
            }
        }
    }

    @Test
    void aRepetitionIsStoredExactlyAsParsingItsVariantWithItsSeedWouldStoreIt() {
        ScenarioParser parser = new ScenarioParser(ScenarioLimits.DEFAULTS);
        List<Preset> sweeps = new PresetCatalog(JSON).all().stream()
                .filter(p -> p.kind() == PresetKind.SWEEP && p.available()).toList();
        for (Preset sweep : sweeps) {
            SweepPlan plan = read("{\"preset\": \"" + sweep.name() + "\", \"repetitions\": 3}");
            for (SweepPlan.Cell cell : plan.cells()) {
                ObjectNode variant = (ObjectNode) JSON.readTree(plan.cells().get(cell.combination() * 3).scenarioJson());
                variant.put("seed", variant.get("seed").asLong() + cell.repetition());
                String parsed = JSON.writeValueAsString(ScenarioJson.toJson(parser.parse(variant).scenario()));
                assertThat(cell.scenarioJson()).as("%s cell %d", sweep.name(), cell.position()).isEqualTo(parsed);
                assertThat(cell.scenarioSha256()).isEqualTo(SubmissionReader.sha256(parsed));
            }
        }
    }

    @Test
    void theSizeIsCappedBeforeAnythingIsExpanded() {
        List<ApiError> errors = errors(reader(10), """
                {"base": {"scenario": %s}, "parameters": [{"pointer": "/seed", "values": [1, 2, 3, 4]}], "repetitions": 3}"""
                .formatted(SCENARIO));

        assertThat(errors).singleElement().satisfies(e -> {
            assertThat(e.pointer()).isEqualTo("/parameters");
            assertThat(e.message()).contains("4 values × 3 repetitions = more than 10", "at most 10");
        });
    }

    @Test
    void aThousandBadCellsAnswerAtMostAHundredProblems() {
        StringBuilder values = new StringBuilder();
        for (int i = 0; i < 500; i++) {
            values.append(i == 0 ? "" : ",").append(-i - 1);
        }
        List<ApiError> errors = errors(reader(1000), """
                {"base": {"scenario": %s}, "parameters": [{"pointer": "/link/rateMbps", "values": [%s]}]}"""
                .formatted(SCENARIO, values));

        assertThat(errors).hasSize(SweepReader.MAX_ERRORS);
        assertThat(errors.getLast().message()).contains("more problems");
    }
}
