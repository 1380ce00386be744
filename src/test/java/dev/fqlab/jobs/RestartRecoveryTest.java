package dev.fqlab.jobs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.fqlab.support.Api;
import dev.fqlab.support.ChildInstance;
import dev.fqlab.support.TestDatabase;
import dev.fqlab.support.TestScenarios;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.time.Duration;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/**
 * No experiment is lost when its instance dies: a run killed with kill -9 is found dead by its stale heartbeat
 * and run again (attempt 2) once an instance is back, and succeeds.
 */
class RestartRecoveryTest {

    @Test
    void anExperimentRunningWhenItsInstanceIsKilledSucceedsAfterARestart() throws Exception {
        TestDatabase.Conn db = TestDatabase.fresh();
        String id;
        try (ChildInstance first = ChildInstance.start(db, "restart-first")) {
            Api api = first.api();
            // A few seconds of engine time at 1 Gbit/s: long enough to be caught running.
            Api.Response submitted = api.post("/api/v1/experiments", TestScenarios.request(TestScenarios.wired(1000, 120)));
            assertThat(submitted.status()).isEqualTo(202);
            id = submitted.json().get("id").asString();
            await().atMost(Duration.ofSeconds(30)).pollInterval(Duration.ofMillis(50)).until(() -> {
                JsonNode e = api.get("/api/v1/experiments/" + id).json();
                return e.get("status").asString().equals("RUNNING") && e.get("progress").asDouble() > 0;
            });

            first.kill();
        }
        assertThat(status(db, id)).isEqualTo("RUNNING");

        try (ChildInstance second = ChildInstance.start(db, "restart-second")) {
            Api api = second.api();
            JsonNode done = await().atMost(Duration.ofSeconds(90)).pollInterval(Duration.ofMillis(250))
                    .until(() -> api.get("/api/v1/experiments/" + id).json(),
                            e -> e.get("status").asString().equals("SUCCEEDED"));

            assertThat(done.get("attempts").asInt()).isEqualTo(2);
            assertThat(done.get("worker").asString()).isEqualTo("restart-second");
            assertThat(api.get("/api/v1/experiments/" + id + "/result").status()).isEqualTo(200);
        }
    }

    @Test
    void aGracefulStopHandsTheRunningExperimentBackToTheQueue() throws Exception {
        TestDatabase.Conn db = TestDatabase.fresh();
        try (ChildInstance instance = ChildInstance.start(db, "graceful")) {
            Api api = instance.api();
            String id = api.post("/api/v1/experiments", TestScenarios.request(TestScenarios.endless())).json()
                    .get("id").asString();
            await().atMost(Duration.ofSeconds(30)).pollInterval(Duration.ofMillis(50))
                    .until(() -> api.get("/api/v1/experiments/" + id).json().get("status").asString(), "RUNNING"::equals);

            instance.stop();

            assertThat(status(db, id)).isEqualTo("QUEUED");
            try (Connection c = db.open(); PreparedStatement s = c.prepareStatement(
                    "SELECT picked, execution_time <= CURRENT_TIMESTAMP FROM scheduled_tasks WHERE task_instance = ?")) {
                s.setString(1, id);
                try (ResultSet rs = s.executeQuery()) {
                    assertThat(rs.next()).as("the job is still queued").isTrue();
                    assertThat(rs.getBoolean(1)).as("picked").isFalse();
                    assertThat(rs.getBoolean(2)).as("due at once").isTrue();
                }
            }
        }
    }

    private static String status(TestDatabase.Conn db, String id) throws Exception {
        try (Connection c = db.open();
             PreparedStatement s = c.prepareStatement("SELECT status FROM experiments WHERE id = ?")) {
            s.setObject(1, UUID.fromString(id));
            try (ResultSet rs = s.executeQuery()) {
                rs.next();
                return rs.getString(1);
            }
        }
    }
}
