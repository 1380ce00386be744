package dev.fqlab.result;

import static org.assertj.core.api.Assertions.assertThat;

import dev.fqlab.support.Api;
import dev.fqlab.support.ServiceTest;
import dev.fqlab.support.TestScenarios;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/**
 * {@code outputs.series} (issue 17) over HTTP on PostgreSQL: what each setting keeps, what the links offer, the 404s
 * of what was not kept, and the storage behind it (one array row per series, the document without its series).
 */
class OutputsApiTest extends ServiceTest {

    /** 12 s of the quick wired scenario at the default 100 ms: 120 intervals, 11 series (2 UDP flows, 1 ping, qdisc). */
    private static final String SCENARIO = TestScenarios.wired(10, 12);

    private String run(String outputs) {
        String id = submit("{\"scenario\": " + SCENARIO + (outputs == null ? "" : ", \"outputs\": " + outputs) + "}")
                .get("id").asString();
        awaitStatus(id, "SUCCEEDED", Duration.ofSeconds(60));
        return id;
    }

    @Test
    void fullKeepsEveryIntervalAsOneArrayRowPerSeriesAndTheDocumentWithoutThem() {
        String id = run(null);
        JsonNode experiment = experiment(id);
        assertThat(experiment.at("/outputs/series").asString()).isEqualTo("full");
        assertThat(experiment.at("/links/seriesCsv").asString()).endsWith("/series.csv");
        assertThat(experiment.at("/links/plots").size()).isEqualTo(5);

        JsonNode series = api.get("/api/v1/experiments/" + id + "/result").json().get("series");
        assertThat(series.get("intervalMs").asDouble()).isEqualTo(100.0);
        assertThat(series.get("t").size()).isEqualTo(120);
        // 2 series per UDP or ping flow, 5 for the qdisc: 11 rows, none of them a row per point.
        assertThat(count("SELECT COUNT(*) FROM result_series_arrays WHERE experiment_id = ?", id)).isEqualTo(11);
        assertThat(count("SELECT COUNT(*) FROM result_series WHERE experiment_id = ?", id)).isEqualTo(11 * 120);
        assertThat(jdbc.sql("SELECT document FROM results WHERE experiment_id = ?").param(java.util.UUID.fromString(id))
                .query(String.class).single()).endsWith(",\"series\":null}");
        // The view gives the API's numbers: the 37th interval of udp1's throughput.
        double viewValue = jdbc.sql("""
                SELECT metric_value FROM result_series WHERE experiment_id = ? AND kind = 'flow' AND name = 'udp1'
                  AND metric = 'throughputMbps' AND step = 36""").param(java.util.UUID.fromString(id))
                .query(Double.class).single();
        assertThat(viewValue).isEqualTo(series.at("/flows/udp1/throughputMbps/36").asDouble());
        assertThat(jdbc.sql("""
                SELECT t_s FROM result_series WHERE experiment_id = ? AND kind = 'qdisc' AND metric = 'drops' AND step = 119""")
                .param(java.util.UUID.fromString(id)).query(Double.class).single()).isEqualTo(12.0);
    }

    @Test
    void coarseSamplesAtTheSmallestMultipleOfTheIntervalThatLeavesAtMostAHundredIntervals() {
        String id = run("{\"series\": \"coarse\"}");
        assertThat(experiment(id).at("/outputs/series").asString()).isEqualTo("coarse");
        JsonNode series = api.get("/api/v1/experiments/" + id + "/result").json().get("series");
        // 120 intervals of 100 ms are more than 100: twice the interval, 60 intervals of 200 ms.
        assertThat(series.get("intervalMs").asDouble()).isEqualTo(200.0);
        assertThat(series.get("t").size()).isEqualTo(60);
        assertThat(series.at("/t/0").asDouble()).isEqualTo(0.2);
        assertThat(series.at("/flows/udp1/throughputMbps").size()).isEqualTo(60);
        // The scenario as stored (and its hash) is the submitted one.
        assertThat(experiment(id).at("/scenario/sampleIntervalMs").asDouble()).isEqualTo(100.0);
        String csv = api.get("/api/v1/experiments/" + id + "/series.csv").body();
        assertThat(csv.split("\r\n")).hasSize(61);
    }

    @Test
    void noneKeepsNoSeriesAndAnswersWhatNeedsThemWithA404NamingOutputsSeries() {
        String id = run("{\"series\": \"none\"}");
        JsonNode experiment = experiment(id);
        assertThat(experiment.at("/outputs/series").asString()).isEqualTo("none");
        assertThat(experiment.at("/links/seriesCsv").isNull()).isTrue();
        assertThat(experiment.at("/links/flent").isNull()).isTrue();
        assertThat(experiment.at("/links/plots").size()).isZero();
        assertThat(experiment.at("/links/resultCsv").asString()).endsWith("/result.csv");

        assertThat(api.get("/api/v1/experiments/" + id + "/result").json().get("series").isNull()).isTrue();
        for (String path : List.of("/series.csv", "/flent", "/plots/throughput.svg", "/plots/latency-cdf.svg")) {
            Api.Response response = api.get("/api/v1/experiments/" + id + path);
            assertThat(response.status()).as(path).isEqualTo(404);
            assertThat(response.json().get("detail").asString()).as(path).contains("outputs.series");
        }
        assertThat(api.get("/api/v1/experiments/" + id + "/result.csv").status()).isEqualTo(200);
        assertThat(api.get("/api/v1/experiments/" + id + "/report").status()).isEqualTo(200);
        assertThat(count("SELECT COUNT(*) FROM result_series_arrays WHERE experiment_id = ?", id)).isZero();
        assertThat(count("SELECT COUNT(*) FROM results WHERE experiment_id = ? AND series_t IS NULL", id)).isEqualTo(1);
    }

    @Test
    void aBadOutputsIsA400NamingTheField() {
        Api.Response unknownValue = api.post("/api/v1/experiments",
                "{\"scenario\": " + SCENARIO + ", \"outputs\": {\"series\": \"some\"}}");
        assertThat(unknownValue.status()).isEqualTo(400);
        assertThat(unknownValue.json().at("/errors/0/pointer").asString()).isEqualTo("/outputs/series");
        assertThat(unknownValue.json().at("/errors/0/message").asString()).contains("\"coarse\"").contains("(got \"some\")");

        Api.Response unknownField = api.post("/api/v1/experiments",
                "{\"scenario\": " + SCENARIO + ", \"outputs\": {\"plots\": true}}");
        assertThat(unknownField.status()).isEqualTo(400);
        assertThat(unknownField.json().at("/errors/0/pointer").asString()).isEqualTo("/outputs/plots");

        Api.Response notAnObject = api.post("/api/v1/experiments", "{\"scenario\": " + SCENARIO + ", \"outputs\": \"none\"}");
        assertThat(notAnObject.status()).isEqualTo(400);
        assertThat(notAnObject.json().at("/errors/0/pointer").asString()).isEqualTo("/outputs");
    }

    @Test
    void aSweepKeepsNoSeriesUnlessItAsksAndReusesOnlyResultsThatKeptWhatItAsks() {
        String scenario = TestScenarios.wired(10, 1.5);
        String sweep = """
                {"base": {"scenario": %s}, "parameters": [{"pointer": "/link/rateMbps", "values": [7, 9]}]%s}""";
        String first = sweepOf(sweep.formatted(scenario, ""));
        JsonNode cell = api.get("/api/v1/sweeps/" + first).json().at("/rows/0/experiments/0");
        assertThat(experiment(cell.asString()).at("/outputs/series").asString()).isEqualTo("none");

        // The same cells with full series: the none results are not enough, so both run again...
        String full = sweepOf(sweep.formatted(scenario, ", \"outputs\": {\"series\": \"full\"}"));
        JsonNode fullSweep = api.get("/api/v1/sweeps/" + full).json();
        assertThat(fullSweep.get("reused").asInt()).isZero();
        // ... and a later sweep without series reuses them.
        String again = sweepOf(sweep.formatted(scenario, ", \"outputs\": {\"series\": \"none\"}"));
        assertThat(api.get("/api/v1/sweeps/" + again).json().get("reused").asInt()).isEqualTo(2);
    }

    private String sweepOf(String body) {
        Api.Response response = api.post("/api/v1/sweeps", body);
        assertThat(response.status()).as(response.toString()).isEqualTo(202);
        String id = response.json().get("id").asString();
        org.awaitility.Awaitility.await().atMost(Duration.ofSeconds(90)).pollInterval(Duration.ofMillis(100))
                .until(() -> api.get("/api/v1/sweeps/" + id).json().get("status").asString(), "SUCCEEDED"::equals);
        return id;
    }
}
