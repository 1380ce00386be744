package dev.fqlab.jobs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.fqlab.support.Api;
import dev.fqlab.support.InProcessInstance;
import dev.fqlab.support.TcpProxy;
import dev.fqlab.support.TestDatabase;
import dev.fqlab.support.TestScenarios;
import java.sql.Timestamp;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.jdbc.datasource.DriverManagerDataSource;
import tools.jackson.databind.JsonNode;

/**
 * PostgreSQL refusing connections for 12–16 s, simulated by cutting the TCP proxies between the
 * service's two instances and their database (the shared test server stays up): requests answer 503 problem+json
 * with Retry-After within 2 s, readiness says DOWN within 2 s, the Prometheus scrape answers at once with a growing
 * staleness gauge, and every experiment — two running through the outage, one finishing during it, three waiting —
 * runs exactly once, and nothing is stored from a request the outage refused.
 *
 * <p>The heartbeat is short (1 s, dead after 18 missed) so that the outage outlasts it, as a three-minute outage
 * outlasts the production 30 s: the running experiments' heartbeats are stale when the database comes back. It comes
 * back for instance b (after 20 s) 9 s before it does for instance a, which runs the two long experiments: b, with a
 * free worker, then searches for dead executions before a can write its heartbeats again — the race that, lost, would
 * run a's experiments a second time. After an outage every instance's pool reconnects at its own moment (Hikari
 * retries with a backoff of up to 5 s), so the race is real; 9 s = those 5 s + a search interval (2 s) + margin makes
 * it certain here.
 */
class DatabaseOutageTest {

    /** The bound for a request, and for readiness, while the database is down. */
    private static final Duration FAIL_FAST = Duration.ofSeconds(2);
    private static final Duration OUTAGE_B = Duration.ofSeconds(20);
    private static final Duration OUTAGE_A = Duration.ofSeconds(29);
    private static final String[] SETTINGS = {"--fqlab.progress-interval=100ms", "--fqlab.counts-cache-ttl=250ms",
            "--db-scheduler.heartbeat-interval=1s", "--db-scheduler.missed-heartbeats-limit=18",
            "--fqlab.limits.max-duration-s=100000"};

    @Test
    void requestsFailFastScrapesAnswerAndNoRunIsLostOrDuplicatedAcrossAnOutage() throws Exception {
        TestDatabase.Conn db = TestDatabase.fresh();
        JdbcClient direct = JdbcClient.create(new DriverManagerDataSource(db.url(), db.user(), db.password()));
        try (TcpProxy proxyA = TcpProxy.to(db);
             TcpProxy proxyB = TcpProxy.to(db);
             InProcessInstance a = InProcessInstance.start(proxyA.through(db), "outage-a", with(SETTINGS, "--fqlab.workers=2"))) {
            Api api = a.api();
            // How fast this machine simulates 1 Gbit/s today (the engine's own speedup, measured on a second run, after
            // the JIT has compiled the engine), to size the runs below.
            List<String> calibrations = new ArrayList<>();
            for (int i = 0; i < 2; i++) {
                String id = submit(api, TestScenarios.request(TestScenarios.wired(1000, 5), "calibration", "outage"));
                await().atMost(Duration.ofSeconds(60)).pollInterval(Duration.ofMillis(50))
                        .until(() -> status(api, id).equals("SUCCEEDED"));
                calibrations.add(id);
            }
            double speedup = api.get("/api/v1/experiments/" + calibrations.getLast() + "/result").json()
                    .at("/engine/speedup").asDouble();
            double shortS = Math.ceil(4 * speedup);
            System.out.println("[DatabaseOutageTest] the engine runs 1 Gbit/s at " + speedup + " × real time: the short "
                    + "run simulates " + shortS + " s");

            // Two long runs on a's two workers, running through the outage: four minutes of wall time alone at the
            // calibrated speed (a fixed half hour simulated took only ~30 s on a quiet machine and ended before the
            // test cancelled them).
            double longS = Math.max(1800, Math.ceil(240 * speedup));
            String longRun = TestScenarios.request(TestScenarios.wired(1000, longS)
                    .replaceFirst("\\{", "{\"sampleIntervalMs\": 0, "), "long", "outage");   // no series: too long
            List<String> running = new ArrayList<>(List.of(submit(api, longRun), submit(api, longRun)));
            await().atMost(Duration.ofSeconds(30)).pollInterval(Duration.ofMillis(50))
                    .until(() -> running.stream().allMatch(id -> status(api, id).equals("RUNNING")));
            try (InProcessInstance b = InProcessInstance.start(proxyB.through(db), "outage-b", with(SETTINGS, "--fqlab.workers=1"))) {
                await().atMost(Duration.ofSeconds(10)).pollInterval(Duration.ofMillis(100)).until(() -> api
                        .get("/actuator/prometheus"), scrape -> gauge(scrape, "fqlab_experiments_running") == 2);
                // A short run (~4 s alone) on b's one worker, cut off half way: it finishes during the outage.
                String shortRun = submit(api, TestScenarios.request(TestScenarios.wired(1000, shortS), "short", "outage"));
                await().atMost(Duration.ofSeconds(30)).pollInterval(Duration.ofMillis(20))
                        .until(() -> status(api, shortRun).equals("RUNNING"));
                // Every worker is busy: these three wait in the queue through the outage.
                List<String> waiting = new ArrayList<>();
                for (int i = 0; i < 3; i++) {
                    waiting.add(submit(api, TestScenarios.request(TestScenarios.quick(), "waiting " + i, "outage")));
                }
                JsonNode halfWay = await().atMost(Duration.ofSeconds(30)).pollInterval(Duration.ofMillis(10))
                        .until(() -> experiment(api, shortRun), e -> e.get("progress").asDouble() >= 0.5);
                Map<String, Double> progressBefore = new java.util.HashMap<>();
                running.forEach(id -> progressBefore.put(id, ((Number) row(direct, id).get("progress")).doubleValue()));

                proxyA.cut();
                proxyB.cut();
                Instant cutAt = Instant.now();
                assertThat(halfWay.get("status").asString()).isEqualTo("RUNNING");
                assertThat(halfWay.get("worker").asString()).isEqualTo("outage-b");
                assertThat(running).allSatisfy(id -> assertThat(row(direct, id).get("worker")).isEqualTo("outage-a"));
                assertThat(waiting).allSatisfy(id -> assertThat(row(direct, id).get("status")).isEqualTo("QUEUED"));

                Timed<Api.Response> read = timed(() -> api.get("/api/v1/experiments/" + running.getFirst()));
                assertUnavailable(read);
                Timed<Api.Response> submit = timed(() -> api.post("/api/v1/experiments",
                        TestScenarios.request(TestScenarios.quick(), "during the outage", "outage")));
                assertUnavailable(submit);
                Timed<Api.Response> list = timed(() -> api.get("/api/v1/experiments?tag=outage"));
                assertUnavailable(list);

                // What needs no database goes on working.
                assertThat(api.get("/api/v1/presets").status()).isEqualTo(200);
                assertThat(api.post("/api/v1/experiments/validate", TestScenarios.request(TestScenarios.quick())).status())
                        .isEqualTo(200);

                Timed<Api.Response> readiness = timed(() -> api.get("/actuator/health/readiness"));
                assertThat(readiness.answer().status()).as(readiness.toString()).isEqualTo(503);
                assertThat(readiness.answer().json().get("status").asString()).isEqualTo("DOWN");
                assertThat(readiness.took()).isLessThan(FAIL_FAST);
                assertThat(api.get("/actuator/health/liveness").status()).isEqualTo(200);

                Timed<Api.Response> scrape = timed(() -> api.get("/actuator/prometheus"));
                assertThat(scrape.answer().status()).isEqualTo(200);
                assertThat(scrape.took()).isLessThan(Duration.ofSeconds(1));
                double staleness = gauge(scrape.answer(), "fqlab_experiments_counts_age_seconds");
                Thread.sleep(3_000);
                Timed<Api.Response> later = timed(() -> api.get("/actuator/prometheus"));
                assertThat(later.took()).isLessThan(Duration.ofSeconds(1));
                double laterStaleness = gauge(later.answer(), "fqlab_experiments_counts_age_seconds");
                assertThat(laterStaleness).isGreaterThanOrEqualTo(staleness + 2.5)
                        .isGreaterThanOrEqualTo(Duration.between(cutAt, Instant.now()).toMillis() / 1000.0 - 1);
                // The queue gauges keep their last counts (3 running; the waiting ones if counted before the cut).
                assertThat(gauge(later.answer(), "fqlab_experiments_running")).isEqualTo(3);
                assertThat(gauge(later.answer(), "fqlab_experiments_queued")).isBetween(0.0, 3.0);

                sleepUntil(cutAt.plus(OUTAGE_B).minusMillis(300));
                // The short run's result was not stored while the database was down (checked past the proxy).
                assertThat(row(direct, shortRun).get("status")).isEqualTo("RUNNING");
                assertThat(results(direct, shortRun)).isZero();
                sleepUntil(cutAt.plus(OUTAGE_B));
                proxyB.restore();
                Instant restoredB = Instant.now();
                sleepUntil(cutAt.plus(OUTAGE_A));
                proxyA.restore();
                Instant restoredA = Instant.now();
                System.out.println("[DatabaseOutageTest] outage " + Duration.between(cutAt, restoredB).toMillis() + " ms (b), "
                        + Duration.between(cutAt, restoredA).toMillis() + " ms (a); while down: read "
                        + read.took().toMillis() + " ms, submit " + submit.took().toMillis() + " ms, list "
                        + list.took().toMillis() + " ms, readiness " + readiness.took().toMillis() + " ms, scrapes "
                        + scrape.took().toMillis() + " and " + later.took().toMillis() + " ms, staleness " + staleness
                        + " → " + laterStaleness + " s");

                await().atMost(Duration.ofSeconds(20)).pollInterval(Duration.ofMillis(100))
                        .until(() -> api.get("/actuator/health/readiness").status() == 200);
                System.out.println("[DatabaseOutageTest] a ready again "
                        + Duration.between(restoredA, Instant.now()).toMillis() + " ms after its database came back");
                await().atMost(Duration.ofSeconds(10)).pollInterval(Duration.ofMillis(100))
                        .until(() -> gauge(api, "fqlab_experiments_counts_age_seconds") < 1);
                // b's worker is free again (the short run stored, the waiting ones run): a revived long run would
                // start there.
                await().atMost(Duration.ofSeconds(30)).pollInterval(Duration.ofMillis(100)).until(() -> direct
                        .sql("SELECT COUNT(*) FROM experiments WHERE status = 'SUCCEEDED' AND name <> 'long'")
                        .query(Long.class).single() == 6);
                // Past the point where b would have found their stale heartbeats (its first search once it reaches the
                // database again, at most 5 + 2 s after its outage ended) and run them again (its worker free at most
                // 5 s after that), the long runs still run their first attempt, and have gone on since the outage.
                sleepUntil(later(restoredA.plusSeconds(5), cutAt.plus(OUTAGE_B).plusSeconds(16)));
                for (String id : running) {
                    Map<String, Object> row = row(direct, id);
                    assertThat(row.get("status")).as("status of %s after the outage", id).isEqualTo("RUNNING");
                    assertThat(row.get("attempts")).as("attempts of %s after the outage", id).isEqualTo(1);
                }
                await().atMost(Duration.ofSeconds(15)).pollInterval(Duration.ofMillis(100)).untilAsserted(() -> {
                    for (String id : running) {
                        assertThat(((Number) row(direct, id).get("progress")).doubleValue()).as("progress of %s", id)
                                .isGreaterThan(progressBefore.get(id));
                    }
                });
                // They would run for minutes more: cancelled, they stop within a second and store nothing.
                running.forEach(id -> assertThat(api.post("/api/v1/experiments/" + id + "/cancel").status()).isEqualTo(202));

                List<String> done = new ArrayList<>(calibrations);
                done.add(shortRun);
                done.addAll(waiting);
                await().atMost(Duration.ofSeconds(30)).pollInterval(Duration.ofMillis(100))
                        .until(() -> direct.sql("SELECT COUNT(*) FROM scheduled_tasks").query(Long.class).single() == 0);

                // Nothing submitted while the database was down was stored; everything else ran once.
                assertThat(direct.sql("SELECT COUNT(*) FROM experiments").query(Long.class).single())
                        .isEqualTo(done.size() + running.size());
                for (String id : done) {
                    Map<String, Object> row = row(direct, id);
                    assertThat(row.get("status")).as(id).isEqualTo("SUCCEEDED");
                    assertThat(row.get("attempts")).as("attempts of %s", id).isEqualTo(1);
                    assertThat(results(direct, id)).as("results of %s", id).isEqualTo(1);
                }
                for (String id : running) {
                    Map<String, Object> row = row(direct, id);
                    assertThat(row.get("status")).as(id).isEqualTo("CANCELLED");
                    assertThat(row.get("attempts")).as("attempts of %s", id).isEqualTo(1);
                    assertThat(results(direct, id)).as("results of %s", id).isZero();
                }
                // The short run finished before the database came back; its worker kept the result and stored it after.
                Instant shortFinished = ((Timestamp) row(direct, shortRun).get("finished_at")).toInstant();
                assertThat(shortFinished).isBefore(restoredB);
            }
        }
    }

    private static Instant later(Instant one, Instant other) {
        return one.isAfter(other) ? one : other;
    }

    private static void sleepUntil(Instant when) throws InterruptedException {
        Thread.sleep(Math.max(0, Duration.between(Instant.now(), when).toMillis()));
    }

    private static String[] with(String[] settings, String more) {
        String[] all = java.util.Arrays.copyOf(settings, settings.length + 1);
        all[settings.length] = more;
        return all;
    }

    private static void assertUnavailable(Timed<Api.Response> timed) {
        Api.Response answer = timed.answer();
        assertThat(answer.status()).as(timed.toString()).isEqualTo(503);
        assertThat(answer.contentType()).startsWith("application/problem+json");
        assertThat(answer.header("Retry-After")).hasValueSatisfying(s -> assertThat(Long.parseLong(s)).isPositive());
        assertThat(answer.json().get("type").asString()).isEqualTo("https://fqlab.dev/problems/database-unavailable");
        assertThat(answer.json().get("detail").asString()).containsIgnoringCase("database");
        assertThat(timed.took()).as(timed.toString()).isLessThan(FAIL_FAST);
    }

    private static String submit(Api api, String body) {
        Api.Response response = api.post("/api/v1/experiments", body);
        assertThat(response.status()).as(response.toString()).isEqualTo(202);
        return response.json().get("id").asString();
    }

    private static JsonNode experiment(Api api, String id) {
        return api.get("/api/v1/experiments/" + id).json();
    }

    private static String status(Api api, String id) {
        return experiment(api, id).get("status").asString();
    }

    private static Map<String, Object> row(JdbcClient jdbc, String id) {
        return jdbc.sql("SELECT status, attempts, worker, progress, finished_at FROM experiments WHERE id = ?")
                .param(UUID.fromString(id)).query().singleRow();
    }

    private static long results(JdbcClient jdbc, String id) {
        return jdbc.sql("SELECT COUNT(*) FROM results WHERE experiment_id = ?").param(UUID.fromString(id))
                .query(Long.class).single();
    }

    private static double gauge(Api api, String name) {
        return gauge(api.get("/actuator/prometheus"), name);
    }

    private static double gauge(Api.Response scrape, String name) {
        return scrape.body().lines().filter(l -> l.startsWith(name + " "))
                .mapToDouble(l -> Double.parseDouble(l.substring(name.length() + 1).trim())).findFirst()
                .orElseThrow(() -> new AssertionError(name + " is not in the scrape"));
    }

    private record Timed<T>(T answer, Duration took) {
    }

    private static <T> Timed<T> timed(Supplier<T> call) {
        long start = System.nanoTime();
        T answer = call.get();
        return new Timed<>(answer, Duration.ofNanos(System.nanoTime() - start));
    }
}
