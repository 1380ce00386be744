package dev.fqlab.sweep;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.fqlab.support.Api;
import dev.fqlab.support.ServiceTest;
import dev.fqlab.support.TestScenarios;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/** Sweeps through the API as a researcher uses them: submit, poll, read rows and the table, re-submit, cancel. */
class SweepApiTest extends ServiceTest {

    static final String PATH = "/api/v1/sweeps";

    /** 0.5 s of two UDP flows and a ping at 10 Mbit/s: a few milliseconds of engine time. */
    static String tinyScenario() {
        return TestScenarios.wired(10, 0.5);
    }

    /** A tiny scenario of its own: its name makes its hash, so no other test's results are reused for it. */
    static String tinyScenario(String name) {
        return "{\"name\": \"" + name + "\", " + tinyScenario().substring(1);
    }

    /** Two quanta × two rates, three repetitions: 12 tiny experiments (a scenario named after the tag). */
    static String twoByTwo(String tag) {
        return """
                {"name": "quantum x rate", "tags": ["%s"],
                 "base": {"scenario": %s},
                 "parameters": [
                   {"name": "quantum", "pointer": "/stack/qdisc/quantum", "values": [300, 1514], "labels": ["q300", "q1514"]},
                   {"pointer": "/link/rateMbps", "values": [5, 10]}],
                 "repetitions": 3}""".formatted(tag, tinyScenario(tag));
    }

    protected JsonNode submitSweep(String body) {
        Api.Response response = api.post(PATH, body);
        assertThat(response.status()).as(response.toString()).isEqualTo(202);
        assertThat(response.header("Location")).hasValueSatisfying(l -> assertThat(l).endsWith(PATH + "/" + response.json().get("id").asString()));
        return response.json();
    }

    protected JsonNode awaitSweep(String id, String status) {
        await().atMost(Duration.ofSeconds(90)).pollInterval(Duration.ofMillis(100))
                .until(() -> api.get(PATH + "/" + id).json().get("status").asString(), status::equals);
        return api.get(PATH + "/" + id).json();
    }

    @Test
    void aSweepRunsEveryCombinationAndRepetitionAndAggregatesThem() {
        String tag = "sweep-" + UUID.randomUUID();
        JsonNode submitted = submitSweep(twoByTwo(tag));

        assertThat(submitted.get("combinations").asInt()).isEqualTo(4);
        assertThat(submitted.get("repetitions").asInt()).isEqualTo(3);
        assertThat(submitted.get("experiments").asInt()).isEqualTo(12);
        assertThat(submitted.get("reused").asInt()).isZero();
        assertThat(submitted.get("status").asString()).isIn("QUEUED", "RUNNING", "SUCCEEDED");

        JsonNode sweep = awaitSweep(submitted.get("id").asString(), "SUCCEEDED");

        assertThat(sweep.get("progress").asDouble()).isEqualTo(1.0);
        assertThat(sweep.at("/counts/SUCCEEDED").asInt()).isEqualTo(12);
        assertThat(sweep.get("finishedAt").isNull()).isFalse();
        JsonNode rows = sweep.get("rows");
        assertThat(rows).hasSize(4);
        // The first parameter varies slowest.
        assertThat(rows.get(1).at("/values/~1stack~1qdisc~1quantum").asInt()).isEqualTo(300);
        assertThat(rows.get(1).at("/values/~1link~1rateMbps").asInt()).isEqualTo(10);
        assertThat(rows.get(1).at("/labels/~1stack~1qdisc~1quantum").asString()).isEqualTo("q300");
        assertThat(rows.get(2).at("/labels/~1stack~1qdisc~1quantum").asString()).isEqualTo("q1514");
        for (JsonNode row : rows) {
            assertThat(row.get("experiments")).hasSize(3);
            assertThat(row.get("succeeded").asInt()).isEqualTo(3);
            JsonNode throughput = row.at("/metrics/summary.throughputMbps");
            assertThat(throughput.get("n").asInt()).isEqualTo(3);
            assertThat(throughput.get("min").asDouble()).isLessThanOrEqualTo(throughput.get("mean").asDouble());
            assertThat(throughput.get("max").asDouble()).isGreaterThanOrEqualTo(throughput.get("mean").asDouble());
            assertThat(row.get("metrics").propertyNames()).contains("flows.udp1.throughputMbps",
                    "flows.udp1.latencyMs.p50", "flows.udp1.latencyMs.p99", "flows.ping.rttMs.p50", "flows.ping.rttMs.p99");
        }

        // Each experiment carries the sweep, its tags, its seed base.seed + r and a name that says where it sits.
        JsonNode first = experiment(rows.get(1).get("experiments").get(2).asString());
        assertThat(first.get("sweepId").asString()).isEqualTo(sweep.get("id").asString());
        assertThat(first.get("tags").get(0).asString()).isEqualTo(tag);
        assertThat(first.at("/scenario/seed").asLong()).isEqualTo(3);
        assertThat(first.at("/scenario/stack/qdisc/quantum").asInt()).isEqualTo(300);
        assertThat(first.get("name").asString()).isEqualTo("quantum x rate quantum=q300 /link/rateMbps=10 #3");
        assertThat(api.get("/api/v1/experiments?tag=" + tag + "&limit=200").json().get("items")).hasSize(12);

        // Settled: the list shows the counts of its 12 cells, stored once and read back the same.
        String id = sweep.get("id").asString();
        JsonNode listed = listed(id);
        assertThat(listed.at("/counts/SUCCEEDED").asInt()).isEqualTo(12);
        assertThat(listed.get("experiments").asInt()).isEqualTo(12);
        assertThat(listed.get("finishedAt")).isEqualTo(sweep.get("finishedAt"));
        assertThat(settled(id)).containsExactly(12, 0, 0);
        assertThat(listed(id)).isEqualTo(listed);
    }

    @Test
    void tableCsvNeverHandsASpreadsheetAFormula() {
        // OWASP "CSV Injection": a cell starting with = + - @ (or tab, CR) is evaluated by Excel and LibreOffice.
        String tag = "formula-" + UUID.randomUUID();
        JsonNode submitted = submitSweep("""
                {"tags": ["%s"], "base": {"scenario": %s},
                 "parameters": [{"name": "=cmd|' /C calc'!A0", "pointer": "/link/rateMbps", "values": [5, 10, 20, 40],
                                 "labels": ["=1+1", "@SUM(A1:A9)", "+2", "-3-3"]}]}"""
                .formatted(tag, tinyScenario(tag)));
        String id = submitted.get("id").asString();
        awaitSweep(id, "SUCCEEDED");

        Api.Response table = api.get(PATH + "/" + id + "/table.csv?metric=summary.throughputMbps&stats=mean");
        assertThat(table.status()).isEqualTo(200);
        List<List<String>> cells = table.body().lines().map(SweepApiTest::cells).toList();
        assertThat(cells.getFirst()).containsExactly("'=cmd|' /C calc'!A0", "n", "summary.throughputMbps mean");
        assertThat(cells.subList(1, 5)).extracting(row -> row.getFirst())
                .containsExactly("'=1+1", "'@SUM(A1:A9)", "'+2", "'-3-3");
        for (List<String> row : cells) {
            for (String cell : row) {
                assertThat(cell).as("a cell a spreadsheet would evaluate").doesNotMatch("(?s)[=+@\t\r].*");
                assertThat(cell.startsWith("-") && !cell.matches("-[0-9.]+")).as(cell).isFalse();
            }
        }
        // The numbers stay numbers.
        assertThat(Double.parseDouble(cells.get(1).get(2))).isPositive();
    }

    /** The cells of one RFC 4180 line (quotes removed, "" unescaped). */
    static List<String> cells(String line) {
        List<String> cells = new ArrayList<>();
        StringBuilder cell = new StringBuilder();
        boolean quoted = false;
        for (int i = 0; i < line.length(); i++) {
            char c = line.charAt(i);
            if (quoted && c == '"' && i + 1 < line.length() && line.charAt(i + 1) == '"') {
                cell.append('"');
                i++;
            } else if (c == '"') {
                quoted = !quoted;
            } else if (c == ',' && !quoted) {
                cells.add(cell.toString());
                cell.setLength(0);
            } else {
                cell.append(c);
            }
        }
        cells.add(cell.toString());
        return cells;
    }

    @Test
    void theRowsAreTheMeanAndSampleStandardDeviationOfTheRepetitionsResults() {
        JsonNode sweep = awaitSweep(submitSweep(twoByTwo("hand-" + UUID.randomUUID())).get("id").asString(), "SUCCEEDED");

        for (JsonNode row : sweep.get("rows")) {
            List<Double> values = new ArrayList<>();
            for (JsonNode id : row.get("experiments")) {
                JsonNode result = api.get("/api/v1/experiments/" + id.asString() + "/result").json();
                values.add(result.at("/flows/0/latencyMs/p99").asDouble());
            }
            // By hand: mean = Σx/n, s = √(Σ(x − mean)² / (n − 1)).
            double mean = (values.get(0) + values.get(1) + values.get(2)) / 3;
            double s = Math.sqrt((Math.pow(values.get(0) - mean, 2) + Math.pow(values.get(1) - mean, 2)
                    + Math.pow(values.get(2) - mean, 2)) / 2);
            JsonNode stats = row.at("/metrics/flows.udp1.latencyMs.p99");
            assertThat(stats.get("mean").asDouble()).isCloseTo(mean, org.assertj.core.data.Percentage.withPercentage(0.001));
            assertThat(stats.get("stddev").asDouble()).isCloseTo(s, org.assertj.core.data.Offset.offset(Math.max(1e-9, s * 1e-5)));
            assertThat(stats.get("min").asDouble()).isEqualTo(values.stream().mapToDouble(Double::doubleValue).min().orElseThrow());
            assertThat(stats.get("max").asDouble()).isEqualTo(values.stream().mapToDouble(Double::doubleValue).max().orElseThrow());
        }
    }

    @Test
    void reSubmittingASweepReusesEveryResultAndRunsNothing() {
        String body = twoByTwo("reuse-" + UUID.randomUUID());
        JsonNode first = awaitSweep(submitSweep(body).get("id").asString(), "SUCCEEDED");
        long experimentsBefore = jdbc.sql("SELECT COUNT(*) FROM experiments").query(Long.class).single();

        JsonNode again = submitSweep(body);

        assertThat(again.get("id").asString()).isNotEqualTo(first.get("id").asString());
        assertThat(again.get("reused").asInt()).isEqualTo(12);
        assertThat(again.get("status").asString()).isEqualTo("SUCCEEDED");
        assertThat(jdbc.sql("SELECT COUNT(*) FROM experiments").query(Long.class).single()).isEqualTo(experimentsBefore);
        assertThat(again.get("rows")).isEqualTo(first.get("rows"));

        // One more repetition: only the new one runs.
        JsonNode extended = submitSweep(body.replace("\"repetitions\": 3", "\"repetitions\": 4"));
        assertThat(extended.get("experiments").asInt()).isEqualTo(16);
        assertThat(extended.get("reused").asInt()).isEqualTo(12);
        JsonNode done = awaitSweep(extended.get("id").asString(), "SUCCEEDED");
        assertThat(done.at("/rows/0/metrics/summary.throughputMbps/n").asInt()).isEqualTo(4);

        // reuse: false runs everything again.
        JsonNode fresh = submitSweep(body.replace("\"repetitions\": 3", "\"repetitions\": 3, \"reuse\": false"));
        assertThat(fresh.get("reused").asInt()).isZero();
    }

    @Test
    void resultsOfAnotherEngineAreNotReusedAndOnlyTheEngineFingerprintDecides() {
        String body = twoByTwo("engine-" + UUID.randomUUID());
        JsonNode first = awaitSweep(submitSweep(body).get("id").asString(), "SUCCEEDED");
        String version = jdbc.sql("SELECT engine_version FROM results WHERE experiment_id = :id")
                .param("id", UUID.fromString(first.at("/rows/0/experiments/0").asString())).query(String.class).single();
        assertThat(version).matches("[^+]+\\+[0-9a-f]{7,}(\\.dirty)?\\.engine-[0-9a-f]{12}");
        String fingerprint = version.substring(version.indexOf(".engine-"));

        // Another commit (or version) with the same engine code: still reused.
        jdbc.sql("UPDATE results SET engine_version = :v WHERE experiment_id IN (SELECT experiment_id FROM sweep_experiments WHERE sweep_id = :s)")
                .param("v", "0.0.9+0000000" + fingerprint).param("s", UUID.fromString(first.get("id").asString())).update();
        assertThat(submitSweep(body).get("reused").asInt()).isEqualTo(12);

        // The same commit name but other engine code (a dirty build, say): nothing reused.
        jdbc.sql("UPDATE results SET engine_version = :v WHERE experiment_id IN (SELECT experiment_id FROM sweep_experiments WHERE sweep_id = :s)")
                .param("v", version.replace(fingerprint, ".engine-0123456789ab")).param("s", UUID.fromString(first.get("id").asString())).update();
        assertThat(submitSweep(body).get("reused").asInt()).isZero();
    }

    @Test
    void aValueThatMakesAScenarioInvalidIsNamedAndNothingIsStored() {
        long sweeps = jdbc.sql("SELECT COUNT(*) FROM sweeps").query(Long.class).single();
        long experiments = jdbc.sql("SELECT COUNT(*) FROM experiments").query(Long.class).single();

        Api.Response response = api.post(PATH, """
                {"base": {"scenario": %s},
                 "parameters": [{"pointer": "/stack/qdisc/quantum", "values": [300, 100, 1514]},
                                {"pointer": "/durationS", "values": [0.5, 1]}],
                 "repetitions": 2}""".formatted(tinyScenario()));

        assertThat(response.status()).as(response.toString()).isEqualTo(400);
        assertThat(response.contentType()).startsWith("application/problem+json");
        assertThat(pointers(response)).containsExactly("/parameters/0/values/1");
        assertThat(response.json().at("/errors/0/message").asString()).contains("/stack/qdisc/quantum");
        assertThat(jdbc.sql("SELECT COUNT(*) FROM sweeps").query(Long.class).single()).isEqualTo(sweeps);
        assertThat(jdbc.sql("SELECT COUNT(*) FROM experiments").query(Long.class).single()).isEqualTo(experiments);
    }

    @Test
    void requestProblemsArePointedAt() {
        Api.Response response = api.post(PATH, """
                {"base": {"scenario": %s, "preset": "example-wired-fq-codel"}, "colour": 1,
                 "parameters": [{"pointer": "stack", "values": []}, {"pointer": "/seed", "values": [1, 2], "labels": ["a"]}],
                 "repetitions": 0, "reuse": "yes", "tags": "x"}""".formatted(tinyScenario()));

        assertThat(response.status()).isEqualTo(400);
        assertThat(pointers(response)).containsExactlyInAnyOrder("/colour", "/base/preset", "/parameters/0/pointer",
                "/parameters/0/values", "/parameters/1/labels", "/repetitions", "/reuse", "/tags");
    }

    @Test
    void aProblemEveryCombinationHasIsNamedInTheBase() {
        Api.Response response = api.post(PATH, """
                {"base": {"preset": "example-wired-fq-codel", "overrides": {"durationS": -1}},
                 "parameters": [{"pointer": "/link/rateMbps", "values": [1, 2]}, {"pointer": "/flows/5/rateMbps", "values": [1]}]}""");

        assertThat(response.status()).isEqualTo(400);
        assertThat(pointers(response)).containsExactlyInAnyOrder("/base/overrides/durationS", "/parameters/1/pointer");
    }

    @Test
    void aSweepLargerThanTheCapIsRefused() {
        Api.Response response = api.post(PATH, """
                {"base": {"scenario": %s},
                 "parameters": [{"pointer": "/seed", "values": [%s]}], "repetitions": 11}"""
                .formatted(tinyScenario(), String.join(",", java.util.Collections.nCopies(100, "1"))));

        assertThat(response.status()).isEqualTo(400);
        assertThat(pointers(response)).containsExactly("/parameters");
        assertThat(response.json().at("/errors/0/message").asString()).contains("at most 1000");
    }

    @Test
    void cancellingASweepCancelsWhatWaitsOrRuns() {
        JsonNode sweep = submitSweep("""
                {"base": {"scenario": %s}, "parameters": [{"pointer": "/seed", "values": [1, 2, 3]}]}"""
                .formatted(TestScenarios.endless()));
        String id = sweep.get("id").asString();

        Api.Response cancelled = api.post(PATH + "/" + id + "/cancel");

        assertThat(cancelled.status()).isEqualTo(202);
        assertThat(cancelled.json().get("status").asString()).isEqualTo("CANCELLED");
        assertThat(cancelled.json().at("/counts/CANCELLED").asInt()).isEqualTo(3);
        assertThat(api.post(PATH + "/" + id + "/cancel").status()).isEqualTo(200);
        await().atMost(Duration.ofSeconds(10)).until(() -> jdbc.sql(
                "SELECT COUNT(*) FROM experiments WHERE sweep_id = ? AND status <> 'CANCELLED'")
                .param(UUID.fromString(id)).query(Long.class).single() == 0);

        // Every cell final: the list stores the counts once (V16) and reads them from then on, the same answer.
        JsonNode listed = listed(id);
        assertThat(listed.get("status").asString()).isEqualTo("CANCELLED");
        assertThat(listed.at("/counts/CANCELLED").asInt()).isEqualTo(3);
        assertThat(listed.get("experiments").asInt()).isEqualTo(3);
        assertThat(listed.get("progress").asDouble()).isEqualTo(1.0);
        assertThat(settled(id)).containsExactly(0, 0, 3);
        assertThat(listed(id)).isEqualTo(listed);
        JsonNode one = api.get(PATH + "/" + id).json();
        assertThat(listed.get("counts")).isEqualTo(one.get("counts"));
        assertThat(listed.get("finishedAt")).isEqualTo(one.get("finishedAt"));
    }

    /** The sweep as the first page of GET /sweeps lists it. */
    private JsonNode listed(String id) {
        return api.get(PATH + "?limit=100").json().get("items").valueStream()
                .filter(item -> item.get("id").asString().equals(id)).findFirst().orElseThrow();
    }

    /** The sweep's settled counts (SUCCEEDED, FAILED, CANCELLED); nulls while unsettled. */
    private List<Integer> settled(String id) {
        return jdbc.sql("SELECT settled_succeeded, settled_failed, settled_cancelled FROM sweeps WHERE id = ?")
                .param(UUID.fromString(id))
                .query((rs, n) -> java.util.Arrays.asList((Integer) rs.getObject(1), (Integer) rs.getObject(2),
                        (Integer) rs.getObject(3)))
                .single();
    }

    @Test
    void listsSweepsNewestFirstWithACursor() {
        List<String> ids = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            ids.add(submitSweep("""
                    {"name": "list %d", "base": {"scenario": %s}}""".formatted(i, tinyScenario())).get("id").asString());
        }
        JsonNode page = api.get(PATH + "?limit=2").json();
        assertThat(page.get("items")).hasSize(2);
        assertThat(page.at("/items/0/id").asString()).isEqualTo(ids.get(2));
        assertThat(page.at("/items/1/id").asString()).isEqualTo(ids.get(1));
        assertThat(page.at("/items/0/counts").propertyNames()).contains("QUEUED", "RUNNING", "SUCCEEDED", "FAILED", "CANCELLED");
        JsonNode next = api.get(PATH + "?limit=2&cursor=" + page.get("next").asString()).json();
        assertThat(next.at("/items/0/id").asString()).isEqualTo(ids.get(0));

        assertThat(api.get(PATH + "?limit=0").status()).isEqualTo(400);
        assertThat(api.get(PATH + "?cursor=nope").status()).isEqualTo(400);
        assertThat(api.get(PATH + "/" + UUID.randomUUID()).status()).isEqualTo(404);
        assertThat(api.get(PATH + "/not-a-uuid").status()).isEqualTo(404);
    }

    @Test
    void anIdempotencyKeyMakesRetriesSafe() {
        String key = UUID.randomUUID().toString();
        String body = twoByTwo("idem-" + UUID.randomUUID());
        long sweeps = jdbc.sql("SELECT COUNT(*) FROM sweeps").query(Long.class).single();

        Api.Response first = api.post(PATH, body, "Idempotency-Key", key);
        Api.Response again = api.post(PATH, body, "Idempotency-Key", key);
        Api.Response other = api.post(PATH, body.replace("\"repetitions\": 3", "\"repetitions\": 2"), "Idempotency-Key", key);

        assertThat(first.status()).isEqualTo(202);
        assertThat(again.status()).isEqualTo(200);
        assertThat(again.json().get("id").asString()).isEqualTo(first.json().get("id").asString());
        assertThat(again.header("Location")).isEqualTo(first.header("Location"));
        assertThat(other.status()).isEqualTo(409);
        assertThat(other.json().get("type").asString()).endsWith("/idempotency-key-reused");
        assertThat(jdbc.sql("SELECT COUNT(*) FROM sweeps").query(Long.class).single()).isEqualTo(sweeps + 1);
        // The experiments' key space is another one: the same key there creates an experiment.
        assertThat(api.post("/api/v1/experiments", TestScenarios.request(tinyScenario()), "Idempotency-Key", key).status())
                .isEqualTo(202);
    }

    @Test
    void concurrentFirstRequestsWithOneKeyCreateOneSweep() throws Exception {
        String key = UUID.randomUUID().toString();
        String tag = "idem-race-" + UUID.randomUUID();
        String body = twoByTwo(tag);
        java.util.concurrent.ExecutorService pool = java.util.concurrent.Executors.newFixedThreadPool(6);
        try {
            List<java.util.concurrent.Future<Api.Response>> futures = new ArrayList<>();
            for (int i = 0; i < 6; i++) {
                futures.add(pool.submit(() -> api.post(PATH, body, "Idempotency-Key", key)));
            }
            List<Api.Response> responses = new ArrayList<>();
            for (java.util.concurrent.Future<Api.Response> future : futures) {
                responses.add(future.get());
            }
            assertThat(responses).extracting(Api.Response::status).containsOnly(200, 202).containsOnlyOnce(202);
            assertThat(responses).extracting(r -> r.json().get("id").asString()).containsOnly(
                    responses.getFirst().json().get("id").asString());
            // The losers rolled back whole: their experiments and queue entries are gone with their sweeps.
            assertThat(api.get("/api/v1/experiments?limit=200&tag=" + tag).json().get("items")).hasSize(12);
            assertThat(jdbc.sql("SELECT COUNT(*) FROM scheduled_tasks t WHERE NOT EXISTS "
                    + "(SELECT 1 FROM experiments e WHERE CAST(e.id AS VARCHAR) = t.task_instance)")
                    .query(Long.class).single()).as("queue entries without an experiment").isZero();
        } finally {
            pool.shutdownNow();
        }
    }

    static List<String> pointers(Api.Response response) {
        return response.json().get("errors").valueStream().map(e -> e.get("pointer").asString()).toList();
    }
}
