package dev.fqlab.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.fqlab.support.Api;
import dev.fqlab.support.TestScenarios;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.flywaydb.core.Flyway;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.simple.JdbcClient;
import tools.jackson.databind.JsonNode;

/**
 * The embedded default: the same Flyway migrations and job queue on H2 (PostgreSQL mode). This context also
 * exercises the settings the main test context leaves at their defaults: an API token, one worker and a tiny
 * queue.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT, properties = {
        "spring.datasource.url=jdbc:h2:mem:fqlab-h2-test;MODE=PostgreSQL;DATABASE_TO_LOWER=TRUE;DEFAULT_NULL_ORDERING=HIGH;DB_CLOSE_DELAY=-1",
        "spring.datasource.username=sa",
        "fqlab.api-token=" + H2ConfigurationTest.TOKEN,
        "fqlab.workers=1",
        "fqlab.queue-capacity=2",
        "fqlab.instance-name=h2-test",
        "db-scheduler.polling-interval=100ms"})
class H2ConfigurationTest {

    static final String TOKEN = "s3cret-token";

    @LocalServerPort
    int port;

    @Autowired
    JdbcClient jdbc;

    @Autowired
    Flyway flyway;

    private Api api;
    private final List<String> started = new ArrayList<>();

    @BeforeEach
    void connect() {
        api = new Api(port, TOKEN);
    }

    @AfterEach
    void cancelLeftovers() {
        started.forEach(id -> api.post("/api/v1/experiments/" + id + "/cancel"));
    }

    @Test
    void migrationsRunOnH2() {
        assertThat(flyway.info().pending()).isEmpty();
        assertThat(flyway.info().applied()).isNotEmpty().allSatisfy(m -> assertThat(m.getState().isFailed()).isFalse());
        assertThat(jdbc.sql("SELECT COUNT(*) FROM flyway_schema_history WHERE version IS NOT NULL").query(Long.class).single())
                .isEqualTo(flyway.info().all().length);
        assertThat(jdbc.sql("SELECT COUNT(*) FROM scheduled_tasks").query(Long.class).single()).isNotNegative();
    }

    @Test
    void aPresetExperimentRunsAndIsStoredOnH2() {
        Api.Response submitted = api.post("/api/v1/experiments", "{\"preset\": \"example-wired-fq-codel\"}");
        assertThat(submitted.status()).isEqualTo(202);
        String id = submitted.json().get("id").asString();

        await().atMost(Duration.ofSeconds(30)).until(() -> status(id), "SUCCEEDED"::equals);

        assertThat(api.get("/api/v1/experiments/" + id + "/result").json().get("flows")).hasSize(3);
        assertThat(jdbc.sql("SELECT COUNT(*) FROM result_series WHERE experiment_id = ?").param(UUID.fromString(id))
                .query(Long.class).single()).isEqualTo(110); // 10 intervals × (3 flows × 2 + 5 qdisc series)
        assertThat(api.get("/api/v1/experiments/" + id + "/series.csv").body().lines()).hasSize(11);
    }

    @Test
    void theApiNeedsTheTokenButHealthDoesNot() {
        Api anonymous = new Api(port);
        Api.Response refused = anonymous.get("/api/v1/experiments");
        assertThat(refused.status()).isEqualTo(401);
        assertThat(refused.contentType()).startsWith("application/problem+json");
        assertThat(refused.header("WWW-Authenticate")).hasValue("Bearer");
        assertThat(anonymous.withToken("wrong").get("/api/v1/presets").status()).isEqualTo(401);
        assertThat(anonymous.post("/api/v1/experiments", "{}").status()).isEqualTo(401);
        // Other spellings of the same paths that Spring MVC would route to the API's controllers.
        for (String path : List.of("/api;x=1/v1/presets", "/%61pi/v1/presets", "/api/v1;x/experiments", "//api/v1/presets",
                "/api/v1/%70resets")) {
            assertThat(anonymous.get(path).status()).as(path).isEqualTo(401);
        }
        assertThat(anonymous.post("/api;x/v1/experiments", TestScenarios.request(TestScenarios.quick())).status()).isEqualTo(401);

        assertThat(anonymous.get("/actuator/health").status()).isEqualTo(200);
        assertThat(api.get("/api/v1/presets").status()).isEqualTo(200);
    }

    @Test
    void aFullQueueAnswers429WithRetryAfter() {
        started.add(submitEndless());
        await().atMost(Duration.ofSeconds(20)).until(() -> status(started.getFirst()), "RUNNING"::equals);
        started.add(submitEndless());
        started.add(submitEndless());

        Api.Response refused = api.post("/api/v1/experiments", TestScenarios.request(TestScenarios.quick()));

        assertThat(refused.status()).isEqualTo(429);
        assertThat(refused.contentType()).startsWith("application/problem+json");
        assertThat(refused.header("Retry-After")).hasValueSatisfying(s -> assertThat(Long.parseLong(s)).isPositive());
        JsonNode problem = refused.json();
        assertThat(problem.get("detail").asString()).contains("2 waiting experiments");
        // The gauges say the same: one running (one worker here), two waiting (after the counts cache expires).
        await().atMost(Duration.ofSeconds(15)).pollInterval(Duration.ofMillis(250))
                .until(() -> gauge("fqlab_experiments_queued") == 2 && gauge("fqlab_experiments_running") == 1);
    }

    private double gauge(String name) {
        return api.get("/actuator/prometheus").body().lines().filter(l -> l.startsWith(name + " "))
                .mapToDouble(l -> Double.parseDouble(l.substring(name.length() + 1).trim())).findFirst().orElse(-1);
    }

    @Test
    void aSweepRunsIsReusedAndCancelledOnH2() {
        String body = """
                {"base": {"preset": "example-wired-fq-codel", "overrides": {"durationS": 0.5}},
                 "parameters": [{"pointer": "/seed", "values": [11, 12]}]}""";
        Api.Response submitted = api.post("/api/v1/sweeps", body);
        assertThat(submitted.status()).as(submitted.toString()).isEqualTo(202);
        String id = submitted.json().get("id").asString();
        await().atMost(Duration.ofSeconds(30))
                .until(() -> api.get("/api/v1/sweeps/" + id).json().get("status").asString(), "SUCCEEDED"::equals);

        JsonNode sweep = api.get("/api/v1/sweeps/" + id).json();
        assertThat(sweep.at("/rows/1/metrics/summary.throughputMbps/n").asInt()).isEqualTo(1);
        Api.Response again = api.post("/api/v1/sweeps", body);
        assertThat(again.json().get("reused").asInt()).isEqualTo(2);
        assertThat(api.get("/api/v1/sweeps/" + id + "/table.csv").body().lines()).hasSize(3);
        assertThat(api.get("/api/v1/sweeps?limit=1").json().get("items")).hasSize(1);
        assertThat(api.post("/api/v1/sweeps/" + id + "/cancel").status()).isEqualTo(200);
    }

    @Test
    void aSweepTheQueueCannotTakeNowAnswers429AndOneItNeverCanA400() {
        started.add(submitEndless());
        await().atMost(Duration.ofSeconds(20)).until(() -> status(started.getFirst()), "RUNNING"::equals);
        started.add(submitEndless());
        String sweep = """
                {"base": {"scenario": %s}, "parameters": [{"pointer": "/seed", "values": %s}]}""";

        Api.Response later = api.post("/api/v1/sweeps", sweep.formatted(TestScenarios.quick(), "[21, 22]"));
        assertThat(later.status()).isEqualTo(429);
        assertThat(later.header("Retry-After")).isPresent();

        Api.Response never = api.post("/api/v1/sweeps", sweep.formatted(TestScenarios.quick(), "[21, 22, 23]"));
        assertThat(never.status()).isEqualTo(400);
        assertThat(never.json().at("/errors/0/message").asString()).contains("more than the queue ever holds");
    }

    @Test
    void aSweepsExperimentsGoOnlyWithTheSweepOnH2() {
        Api.Response submitted = api.post("/api/v1/sweeps", """
                {"base": {"preset": "example-wired-fq-codel", "overrides": {"durationS": 0.5}},
                 "parameters": [{"pointer": "/seed", "values": [31, 32]}]}""");
        assertThat(submitted.status()).as(submitted.toString()).isEqualTo(202);
        String id = submitted.json().get("id").asString();
        await().atMost(Duration.ofSeconds(30))
                .until(() -> api.get("/api/v1/sweeps/" + id).json().get("status").asString(), "SUCCEEDED"::equals);
        JsonNode sweep = api.get("/api/v1/sweeps/" + id).json();
        List<String> members = sweep.get("rows").valueStream().flatMap(row -> row.get("experiments").valueStream())
                .map(JsonNode::asString).toList();

        Api.Response refused = api.delete("/api/v1/experiments/" + members.getFirst());
        assertThat(refused.status()).isEqualTo(409);
        assertThat(refused.json().get("type").asString()).endsWith("/member-of-sweep");
        assertThat(refused.json().get("sweepId").asString()).isEqualTo(id);
        assertThat(api.get("/api/v1/sweeps/" + id).json().get("rows")).isEqualTo(sweep.get("rows"));

        assertThat(api.delete("/api/v1/sweeps/" + id).status()).isEqualTo(204);
        assertThat(api.get("/api/v1/sweeps/" + id).status()).isEqualTo(404);
        members.forEach(m -> assertThat(api.get("/api/v1/experiments/" + m + "/result").status()).isEqualTo(404));
        assertThat(jdbc.sql("SELECT COUNT(*) FROM results WHERE experiment_id IN (?, ?)")
                .params(UUID.fromString(members.get(0)), UUID.fromString(members.get(1))).query(Long.class).single()).isZero();

        // One worker: one of these runs, the other waits. Running: 409 until cancelled.
        Api.Response running = api.post("/api/v1/sweeps", """
                {"base": {"scenario": %s}, "parameters": [{"pointer": "/seed", "values": [33, 34]}]}"""
                .formatted(TestScenarios.endless()));
        assertThat(running.status()).as(running.toString()).isEqualTo(202);
        String runningId = running.json().get("id").asString();
        try {
            await().atMost(Duration.ofSeconds(20)).until(
                    () -> api.get("/api/v1/sweeps/" + runningId).json().at("/counts/RUNNING").asInt(), n -> n == 1);
            Api.Response busy = api.delete("/api/v1/sweeps/" + runningId);
            assertThat(busy.status()).isEqualTo(409);
            assertThat(busy.json().get("sweepStatus").asString()).isEqualTo("RUNNING");
        } finally {
            api.post("/api/v1/sweeps/" + runningId + "/cancel");
        }
        assertThat(api.delete("/api/v1/sweeps/" + runningId).status()).isEqualTo(204);
    }

    @Test
    void sweepsNeedTheTokenToo() {
        Api anonymous = new Api(port);
        assertThat(anonymous.get("/api/v1/sweeps").status()).isEqualTo(401);
        assertThat(anonymous.post("/api/v1/sweeps", "{\"preset\": \"seed-003\"}").status()).isEqualTo(401);
        assertThat(anonymous.get("/api/v1/sweeps/" + UUID.randomUUID() + "/table.csv").status()).isEqualTo(401);
        assertThat(api.get("/api/v1/sweeps").status()).isEqualTo(200);
    }

    private String submitEndless() {
        Api.Response response = api.post("/api/v1/experiments", TestScenarios.request(TestScenarios.endless()));
        assertThat(response.status()).as(response.toString()).isEqualTo(202);
        return response.json().get("id").asString();
    }

    private String status(String id) {
        return api.get("/api/v1/experiments/" + id).json().get("status").asString();
    }
}
