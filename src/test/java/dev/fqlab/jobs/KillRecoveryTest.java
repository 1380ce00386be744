package dev.fqlab.jobs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.fqlab.support.Api;
import dev.fqlab.support.ChildInstance;
import dev.fqlab.support.InProcessInstance;
import dev.fqlab.support.TestDatabase;
import dev.fqlab.support.TestScenarios;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.springframework.jdbc.core.simple.JdbcClient;
import tools.jackson.databind.JsonNode;

/**
 * kill -9 of an instance in the middle of a run, with the production heartbeat settings (application.properties:
 * a heartbeat every 5 s, dead after 6 missed, looked for every 10 s): another instance, started after the kill,
 * re-runs the killed instance's experiment within 60 s of the kill, every experiment succeeds, and nothing runs
 * twice to completion.
 */
class KillRecoveryTest {

    /** api.md: "A crashed instance's running experiments are picked up by another instance within 60 s." */
    static final Duration PROMISE = Duration.ofSeconds(60);
    private static final String[] PRODUCTION_HEARTBEAT = {
            "--db-scheduler.heartbeat-interval=5s", "--db-scheduler.missed-heartbeats-limit=6"};

    @Test
    void anotherInstanceReRunsAKilledInstancesExperimentWithinSixtySeconds() throws Exception {
        TestDatabase.Conn db = TestDatabase.fresh();
        String sweepId;
        UUID victim;
        Instant killedAt;
        try (ChildInstance doomed = ChildInstance.start(db, "doomed", PRODUCTION_HEARTBEAT)) {
            // Four runs of a few seconds each (1 Gbit/s for 4 s simulated); its one worker takes them in turn.
            Api.Response sweep = doomed.api().post("/api/v1/sweeps", """
                    {"base": {"scenario": %s}, "parameters": [{"pointer": "/seed", "values": [1, 2, 3, 4]}]}"""
                    .formatted(TestScenarios.wired(1000, 4)));
            assertThat(sweep.status()).as(sweep.toString()).isEqualTo(202);
            sweepId = sweep.json().get("id").asString();
            Api api = doomed.api();
            victim = await().atMost(Duration.ofSeconds(60)).pollInterval(Duration.ofMillis(20)).until(() -> {
                for (JsonNode row : api.get("/api/v1/sweeps/" + sweepId).json().get("rows")) {
                    JsonNode e = api.get("/api/v1/experiments/" + row.at("/experiments/0").asString()).json();
                    if (e.get("status").asString().equals("RUNNING") && e.get("progress").asDouble() > 0) {
                        return UUID.fromString(e.get("id").asString());
                    }
                }
                return null;
            }, id -> id != null);
            doomed.kill();
            killedAt = Instant.now();
        }
        // The survivor starts while the dead run's heartbeat goes stale: its start-up is part of the 60 s.
        try (InProcessInstance survivor = InProcessInstance.start(db, "survivor", "--fqlab.workers=2")) {
            JdbcClient jdbc = survivor.jdbc();
            Api api = survivor.api();
            await().atMost(PROMISE.plusSeconds(60)).pollInterval(Duration.ofMillis(250))
                    .until(() -> api.get("/api/v1/sweeps/" + sweepId).json().get("status").asString(), "SUCCEEDED"::equals);

            Map<String, Object> rerun = jdbc.sql("SELECT attempts, worker, started_at FROM experiments WHERE id = ?")
                    .param(victim).query().singleRow();
            assertThat(rerun.get("attempts")).isEqualTo(2);
            assertThat(rerun.get("worker")).isEqualTo("survivor");
            Duration recovery = Duration.between(killedAt, ((java.sql.Timestamp) rerun.get("started_at")).toInstant());
            System.out.println("[KillRecoveryTest] the killed instance's experiment started again on the survivor "
                    + recovery.toMillis() + " ms after kill -9");
            assertThat(recovery).isPositive().isLessThan(PROMISE);

            List<Integer> attempts = jdbc.sql("SELECT attempts FROM experiments ORDER BY seq").query(Integer.class).list();
            assertThat(attempts).hasSize(4).allSatisfy(n -> assertThat(n).isBetween(1, 2));
            assertThat(jdbc.sql("SELECT COUNT(*) FROM results").query(Long.class).single()).isEqualTo(4);
            // db-scheduler removes a finished execution after its handler returned, so the sweep can read SUCCEEDED
            // a moment before the last queue row is gone (seen on a loaded machine).
            await().atMost(Duration.ofSeconds(10)).pollInterval(Duration.ofMillis(100)).untilAsserted(() ->
                    assertThat(jdbc.sql("SELECT COUNT(*) FROM scheduled_tasks").query(Long.class).single()).isZero());
        }
    }
}
