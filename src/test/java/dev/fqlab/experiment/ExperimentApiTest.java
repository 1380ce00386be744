package dev.fqlab.experiment;

import static dev.fqlab.support.TestScenarios.quick;
import static dev.fqlab.support.TestScenarios.request;
import static org.assertj.core.api.Assertions.assertThat;

import dev.fqlab.support.Api;
import dev.fqlab.support.FailingEngine;
import dev.fqlab.support.ServiceTest;
import dev.fqlab.support.TestScenarios;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/** The experiments API end to end: submit over HTTP, run on the real engine, read the result. */
class ExperimentApiTest extends ServiceTest {

    private static final List<String> RESOURCE_FIELDS = List.of("id", "name", "tags", "status", "progress",
            "submittedAt", "startedAt", "finishedAt", "error", "attempts", "worker", "scenario", "preset", "sweepId", "outputs",
            "links");

    @Test
    void submitAnswers202WithLocationAndTheExperiment() {
        Api.Response response = api.post("/api/v1/experiments", request(quick(), "first", "api-test", "quick"));

        assertThat(response.status()).isEqualTo(202);
        assertThat(response.contentType()).startsWith("application/json");
        JsonNode experiment = response.json();
        String id = experiment.get("id").asString();
        assertThat(UUID.fromString(id).toString()).isEqualTo(id);
        assertThat(response.header("Location")).hasValueSatisfying(
                location -> assertThat(location).isEqualTo("http://localhost:" + port + "/api/v1/experiments/" + id));
        assertThat(List.copyOf(experiment.propertyNames())).containsExactlyElementsOf(RESOURCE_FIELDS);
        assertThat(experiment.get("name").asString()).isEqualTo("first");
        assertThat(experiment.get("tags").valueStream().map(JsonNode::asString)).containsExactly("api-test", "quick");
        assertThat(experiment.get("status").asString()).isIn("QUEUED", "RUNNING");
        assertThat(Instant.parse(experiment.get("submittedAt").asString())).isBefore(Instant.now().plusSeconds(1));
        assertThat(experiment.get("submittedAt").asString()).endsWith("Z");
        assertThat(experiment.get("sweepId").isNull()).isTrue();
        assertThat(experiment.get("preset").isNull()).isTrue();
        // The normalized scenario: defaults filled in.
        JsonNode scenario = experiment.get("scenario");
        assertThat(scenario.get("seed").asLong()).isEqualTo(1);
        assertThat(scenario.get("warmupS").asDouble()).isZero();
        assertThat(scenario.get("flows").get(0).get("packetBytes").asInt()).isEqualTo(1500);
        JsonNode links = experiment.get("links");
        assertThat(links.get("self").asString()).isEqualTo("/api/v1/experiments/" + id);
        assertThat(links.get("result").asString()).isEqualTo("/api/v1/experiments/" + id + "/result");
        assertThat(links.get("resultCsv").asString()).isEqualTo("/api/v1/experiments/" + id + "/result.csv");
        assertThat(links.get("report").asString()).isEqualTo("/api/v1/experiments/" + id + "/report");
        assertThat(links.get("flent").asString()).isEqualTo("/api/v1/experiments/" + id + "/flent");
        assertThat(links.get("plots").get("latency-cdf").asString())
                .isEqualTo("/api/v1/experiments/" + id + "/plots/latency-cdf.svg");
    }

    @Test
    void anExperimentRunsOnTheEngineAndItsResultIsStored() {
        String id = submit(request(quick(), "runs")).get("id").asString();

        JsonNode done = awaitStatus(id, "SUCCEEDED", Duration.ofSeconds(30));
        assertThat(done.get("attempts").asInt()).isEqualTo(1);
        assertThat(done.get("worker").asString()).isEqualTo("test-main");
        assertThat(done.get("progress").asDouble()).isEqualTo(1.0);
        assertThat(done.get("error").isNull()).isTrue();
        Instant started = Instant.parse(done.get("startedAt").asString());
        Instant finished = Instant.parse(done.get("finishedAt").asString());
        assertThat(started).isAfterOrEqualTo(Instant.parse(done.get("submittedAt").asString()));
        assertThat(finished).isAfterOrEqualTo(started);

        Api.Response response = api.get("/api/v1/experiments/" + id + "/result");
        assertThat(response.status()).isEqualTo(200);
        assertThat(response.contentType()).startsWith("application/json");
        JsonNode result = response.json();
        assertThat(result.get("experimentId").asString()).isEqualTo(id);
        assertThat(result.get("engineVersion").asString()).matches("0\\.1\\.0\\+([0-9a-f]{7,}|unknown)(\\.dirty)?\\.engine-[0-9a-f]{12}");
        assertThat(result.get("scenarioSha256").asString())
                .isEqualTo(api.post("/api/v1/experiments/validate", request(quick())).json().get("scenarioSha256").asString())
                .matches("[0-9a-f]{64}");
        assertThat(result.get("simulatedS").asDouble()).isEqualTo(1.0);
        assertThat(result.get("flows")).hasSize(3);
        assertThat(result.get("summary").get("throughputMbps").asDouble()).isBetween(7.0, 10.0);

        assertThat(count("SELECT COUNT(*) FROM results WHERE experiment_id = ?", id)).isEqualTo(1);
        assertThat(count("SELECT COUNT(*) FROM result_flows WHERE experiment_id = ?", id)).isEqualTo(3);
        // 1 s at 100 ms: 10 intervals × (3 flows × 2 metrics + 5 qdisc metrics).
        assertThat(count("SELECT COUNT(*) FROM result_series WHERE experiment_id = ?", id)).isEqualTo(110);
        double udp1 = jdbc.sql("SELECT throughput_mbps FROM result_flows WHERE experiment_id = ? AND name = 'udp1'")
                .param(UUID.fromString(id)).query(Double.class).single();
        assertThat(udp1).isEqualTo(result.get("flows").get(0).get("throughputMbps").asDouble());
    }

    @Test
    void resultTablesAsCsv() {
        String id = submit(request(quick(), "csv")).get("id").asString();
        awaitStatus(id, "SUCCEEDED", Duration.ofSeconds(30));

        Api.Response flows = api.get("/api/v1/experiments/" + id + "/result.csv");
        assertThat(flows.status()).isEqualTo(200);
        assertThat(flows.contentType()).startsWith("text/csv");
        List<String> lines = flows.body().lines().toList();
        assertThat(lines).hasSize(4);
        assertThat(lines.getFirst()).startsWith("table,name,type,station,direction,sentPackets,deliveredPackets,"
                + "droppedPackets,ecnMarks,queuedPackets,reorderedPackets,sentBytes,deliveredBytes,throughputMbps,"
                + "latencyMs.p50,latencyMs.p90,latencyMs.p99,latencyMs.mean,latencyMs.max,latencyMs.samples,rttMs.p50");
        assertThat(lines.get(1)).startsWith("flow,udp1,udp,,down,");
        assertThat(lines.get(3)).startsWith("flow,ping,ping,,down,");
        int columns = lines.getFirst().split(",", -1).length;
        assertThat(lines).allSatisfy(line -> assertThat(line.split(",", -1)).hasSize(columns));

        Api.Response series = api.get("/api/v1/experiments/" + id + "/series.csv");
        assertThat(series.status()).isEqualTo(200);
        assertThat(series.contentType()).startsWith("text/csv");
        List<String> rows = series.body().lines().toList();
        assertThat(rows.getFirst()).isEqualTo("t_s,flow.udp1.throughputMbps,flow.udp1.latencyMs,"
                + "flow.udp2.throughputMbps,flow.udp2.latencyMs,flow.ping.throughputMbps,flow.ping.latencyMs,"
                + "qdisc.backlogPackets,qdisc.drops,qdisc.backlogBytes,qdisc.ecnMarks,qdisc.delayMs");
        assertThat(rows).hasSize(11);
        assertThat(rows.get(1)).startsWith("0.1,");
        assertThat(rows.get(10)).startsWith("1,");
    }

    @Test
    void presetWithOverrides() {
        JsonNode experiment = submit("""
                {"preset": "example-wired-fq-codel", "overrides": {"durationS": 0.5, "flows": [
                  {"name": "only", "type": "udp", "rateMbps": 20}]}, "tags": ["preset-test"]}""");

        assertThat(experiment.get("preset").asString()).isEqualTo("example-wired-fq-codel");
        assertThat(experiment.get("name").asString()).isEqualTo("example-wired-fq-codel");
        assertThat(experiment.get("scenario").get("durationS").asDouble()).isEqualTo(0.5);
        assertThat(experiment.get("scenario").get("flows")).hasSize(1);
        assertThat(experiment.get("scenario").get("link").get("rateMbps").asDouble()).isEqualTo(10);
        JsonNode done = awaitStatus(experiment.get("id").asString(), "SUCCEEDED", Duration.ofSeconds(30));
        assertThat(done.get("preset").asString()).isEqualTo("example-wired-fq-codel");
    }

    @Test
    void validateAnswersTheNormalizedScenarioWithoutStoringAnything() {
        String tag = "validate-" + UUID.randomUUID();
        Api.Response response = api.post("/api/v1/experiments/validate", request(quick(), "v", tag));

        assertThat(response.status()).isEqualTo(200);
        JsonNode body = response.json();
        assertThat(body.get("scenario").get("stack").get("qdisc").get("quantum").asInt()).isEqualTo(1514);
        assertThat(body.get("scenarioSha256").asString()).matches("[0-9a-f]{64}");
        assertThat(api.get("/api/v1/experiments?tag=" + tag).json().get("items")).isEmpty();

        Api.Response preset = api.post("/api/v1/experiments/validate", "{\"preset\": \"example-wired-fq-codel\"}");
        assertThat(preset.status()).isEqualTo(200);
        assertThat(preset.json().get("preset").asString()).isEqualTo("example-wired-fq-codel");
        assertThat(preset.json().get("scenario").get("seed").asLong()).isEqualTo(1);
    }

    @Test
    void listsNewestFirstWithFiltersAndCursorPaging() {
        String tag = "list-" + UUID.randomUUID();
        List<String> ids = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
            ids.add(submit(request(TestScenarios.wired(10, 0.2), "list " + i, tag, "n" + i)).get("id").asString());
        }
        List<String> newestFirst = ids.reversed();

        JsonNode first = page("/api/v1/experiments?limit=2&tag=" + tag);
        assertThat(idsOf(first)).containsExactlyElementsOf(newestFirst.subList(0, 2));
        JsonNode second = page("/api/v1/experiments?limit=2&tag=" + tag + "&cursor=" + first.get("next").asString());
        assertThat(idsOf(second)).containsExactlyElementsOf(newestFirst.subList(2, 4));
        JsonNode third = page("/api/v1/experiments?limit=2&tag=" + tag + "&cursor=" + second.get("next").asString());
        assertThat(idsOf(third)).containsExactly(newestFirst.get(4));
        assertThat(third.get("next").isNull()).isTrue();

        // Tags all match; statuses any match.
        assertThat(idsOf(page("/api/v1/experiments?tag=" + tag + "&tag=n3"))).containsExactly(ids.get(3));
        assertThat(idsOf(page("/api/v1/experiments?tag=" + tag + "&tag=n3&tag=" + tag))).as("a repeated tag").containsExactly(ids.get(3));
        ids.forEach(id -> awaitStatus(id, "SUCCEEDED", Duration.ofSeconds(30)));
        assertThat(idsOf(page("/api/v1/experiments?tag=" + tag + "&status=SUCCEEDED"))).hasSize(5);
        assertThat(idsOf(page("/api/v1/experiments?tag=" + tag + "&status=queued,running"))).isEmpty();
        JsonNode all = page("/api/v1/experiments");
        assertThat(all.get("items").size()).isBetween(5, 50);
    }

    @Test
    void listRejectsBadParametersWithAProblemNamingEach() {
        Api.Response response = api.get("/api/v1/experiments?limit=500&status=DONE&cursor=nonsense");

        assertThat(response.status()).isEqualTo(400);
        assertThat(response.contentType()).startsWith("application/problem+json");
        assertThat(response.json().get("errors").valueStream().map(e -> e.get("parameter").asString()))
                .containsExactlyInAnyOrder("status", "cursor", "limit");
        assertThat(api.get("/api/v1/experiments?limit=0").status()).isEqualTo(400);
        assertThat(api.get("/api/v1/experiments?limit=abc").status()).isEqualTo(400);
        assertThat(api.get("/api/v1/experiments?limit=200").status()).isEqualTo(200);
    }

    @Test
    void unknownExperimentsAre404Problems() {
        for (String path : List.of("/api/v1/experiments/" + UUID.randomUUID(), "/api/v1/experiments/not-a-uuid",
                "/api/v1/experiments/" + UUID.randomUUID() + "/result",
                "/api/v1/experiments/" + UUID.randomUUID() + "/result.csv",
                "/api/v1/experiments/" + UUID.randomUUID() + "/series.csv")) {
            Api.Response response = api.get(path);
            assertThat(response.status()).as(path).isEqualTo(404);
            assertThat(response.contentType()).as(path).startsWith("application/problem+json");
            assertThat(response.json().get("status").asInt()).isEqualTo(404);
        }
        assertThat(api.post("/api/v1/experiments/" + UUID.randomUUID() + "/cancel").status()).isEqualTo(404);
        assertThat(api.delete("/api/v1/experiments/" + UUID.randomUUID()).status()).isEqualTo(404);
    }

    @Test
    void anEngineFailureEndsAsFailedWithOneSentence() {
        String scenario = quick().replaceFirst("\\{", "{\"name\": \"" + FailingEngine.NAME + "\", ");
        String id = submit(request(scenario)).get("id").asString();

        JsonNode failed = awaitStatus(id, "FAILED", Duration.ofSeconds(30));
        assertThat(failed.get("error").asString())
                .isEqualTo("The simulation failed: injected engine failure for the test.")
                .doesNotContain("\n", "at some.Frame");
        assertThat(failed.get("attempts").asInt()).isEqualTo(1);
        Api.Response result = api.get("/api/v1/experiments/" + id + "/result");
        assertThat(result.status()).isEqualTo(409);
        assertThat(result.json().get("experimentStatus").asString()).isEqualTo("FAILED");
    }

    private JsonNode page(String path) {
        Api.Response response = api.get(path);
        assertThat(response.status()).as(response.toString()).isEqualTo(200);
        assertThat(List.copyOf(response.json().propertyNames())).containsExactly("items", "next");
        return response.json();
    }

    private static List<String> idsOf(JsonNode page) {
        return page.get("items").valueStream().map(e -> e.get("id").asString()).toList();
    }
}
