package dev.fqlab.experiment;

import static dev.fqlab.support.TestScenarios.endless;
import static dev.fqlab.support.TestScenarios.request;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.fqlab.support.Api;
import dev.fqlab.support.ServiceTest;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/** Cancel and delete rules, and how fast a running simulation really stops. */
class CancelAndDeleteTest extends ServiceTest {

    private static final String JOB = "SELECT COUNT(*) FROM scheduled_tasks WHERE task_name = 'run-experiment' AND task_instance = ?";

    private final List<String> started = new ArrayList<>();

    @AfterEach
    void cancelLeftovers() {
        started.forEach(id -> api.post("/api/v1/experiments/" + id + "/cancel"));
    }

    @Test
    void cancellingARunningExperimentStopsItWithinASecondAndStoresNothing() {
        String id = startEndless();
        awaitRunningWithProgress(id);

        long cancelledAt = System.nanoTime();
        Api.Response response = api.post("/api/v1/experiments/" + id + "/cancel");

        assertThat(response.status()).isEqualTo(202);
        assertThat(response.json().get("status").asString()).isEqualTo("CANCELLED");
        // The worker has stopped once db-scheduler removed the finished job.
        await().atMost(Duration.ofSeconds(1)).pollInterval(Duration.ofMillis(20))
                .until(() -> jobRows(id) == 0);
        assertThat(Duration.ofNanos(System.nanoTime() - cancelledAt)).isLessThan(Duration.ofSeconds(1));
        JsonNode cancelled = experiment(id);
        assertThat(cancelled.get("status").asString()).isEqualTo("CANCELLED");
        assertThat(cancelled.get("finishedAt").isNull()).isFalse();
        assertThat(count("SELECT COUNT(*) FROM results WHERE experiment_id = ?", id)).isZero();

        Api.Response again = api.post("/api/v1/experiments/" + id + "/cancel");
        assertThat(again.status()).isEqualTo(200);
        Api.Response result = api.get("/api/v1/experiments/" + id + "/result");
        assertThat(result.status()).isEqualTo(409);
        assertThat(result.contentType()).startsWith("application/problem+json");
        assertThat(result.json().get("experimentStatus").asString()).isEqualTo("CANCELLED");
    }

    @Test
    void aCancelThroughAnotherInstanceStopsTheRunWithinASecond() {
        String id = startEndless();
        awaitRunningWithProgress(id);

        // What another instance's cancel does: the guarded UPDATE, with no event reaching this instance.
        long cancelledAt = System.nanoTime();
        int updated = jdbc.sql("UPDATE experiments SET status = 'CANCELLED', finished_at = CURRENT_TIMESTAMP "
                + "WHERE id = ? AND status IN ('QUEUED', 'RUNNING')").param(UUID.fromString(id)).update();
        assertThat(updated).isEqualTo(1);

        await().atMost(Duration.ofSeconds(1)).pollInterval(Duration.ofMillis(20)).until(() -> jobRows(id) == 0);
        assertThat(Duration.ofNanos(System.nanoTime() - cancelledAt)).isLessThan(Duration.ofSeconds(1));
        assertThat(count("SELECT COUNT(*) FROM results WHERE experiment_id = ?", id)).isZero();
    }

    @Test
    void resultIs409WhileNotSucceeded() {
        String id = startEndless();

        Api.Response response = api.get("/api/v1/experiments/" + id + "/result");

        assertThat(response.status()).isEqualTo(409);
        assertThat(response.contentType()).startsWith("application/problem+json");
        JsonNode problem = response.json();
        assertThat(problem.get("experimentStatus").asString()).isIn("QUEUED", "RUNNING");
        assertThat(problem.get("detail").asString()).contains("has no result");
        assertThat(api.get("/api/v1/experiments/" + id + "/result.csv").status()).isEqualTo(409);
        assertThat(api.get("/api/v1/experiments/" + id + "/series.csv", "text/csv").status()).isEqualTo(409);
    }

    @Test
    void aRunningExperimentCannotBeDeletedButACancelledOneCan() {
        String id = startEndless();
        awaitRunningWithProgress(id);

        Api.Response refused = api.delete("/api/v1/experiments/" + id);
        assertThat(refused.status()).isEqualTo(409);
        assertThat(refused.contentType()).startsWith("application/problem+json");
        assertThat(refused.json().get("experimentStatus").asString()).isEqualTo("RUNNING");

        api.post("/api/v1/experiments/" + id + "/cancel");
        Api.Response deleted = api.delete("/api/v1/experiments/" + id);
        assertThat(deleted.status()).isEqualTo(204);
        assertThat(deleted.body()).isEmpty();
        assertThat(api.get("/api/v1/experiments/" + id).status()).isEqualTo(404);
        assertThat(api.delete("/api/v1/experiments/" + id).status()).isEqualTo(404);
        assertThat(count("SELECT COUNT(*) FROM experiments WHERE id = ?", id)).isZero();
        assertThat(count("SELECT COUNT(*) FROM experiment_tags WHERE experiment_id = ?", id)).isZero();
    }

    @Test
    void deletingAQueuedExperimentAlsoRemovesItsJob() {
        // Two workers: the third endless experiment has to wait.
        List<String> ids = List.of(startEndless(), startEndless(), startEndless());
        String queued = await().atMost(Duration.ofSeconds(10)).until(
                () -> ids.stream().filter(id -> experiment(id).get("status").asString().equals("QUEUED")).findFirst()
                        .orElse(null), id -> id != null);
        assertThat(jobRows(queued)).isEqualTo(1);

        assertThat(api.delete("/api/v1/experiments/" + queued).status()).isEqualTo(204);

        assertThat(jobRows(queued)).isZero();
        assertThat(api.get("/api/v1/experiments/" + queued).status()).isEqualTo(404);
    }

    @Test
    void cancellingAQueuedExperimentRemovesItsJob() {
        List<String> ids = List.of(startEndless(), startEndless(), startEndless());
        String queued = await().atMost(Duration.ofSeconds(10)).until(
                () -> ids.stream().filter(id -> experiment(id).get("status").asString().equals("QUEUED")).findFirst()
                        .orElse(null), id -> id != null);

        Api.Response response = api.post("/api/v1/experiments/" + queued + "/cancel");

        assertThat(response.status()).isEqualTo(202);
        assertThat(response.json().get("status").asString()).isEqualTo("CANCELLED");
        assertThat(response.json().get("attempts").asInt()).isZero();
        assertThat(jobRows(queued)).isZero();
    }

    private String startEndless() {
        String id = submit(request(endless(), "endless", "cancel-test")).get("id").asString();
        started.add(id);
        return id;
    }

    private void awaitRunningWithProgress(String id) {
        await().atMost(Duration.ofSeconds(20)).pollInterval(Duration.ofMillis(50)).until(() -> {
            JsonNode e = experiment(id);
            return e.get("status").asString().equals("RUNNING") && e.get("progress").asDouble() > 0;
        });
    }

    private long jobRows(String id) {
        return jdbc.sql(JOB).param(id).query(Long.class).single();
    }
}
