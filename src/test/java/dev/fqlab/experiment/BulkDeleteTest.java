package dev.fqlab.experiment;

import static org.assertj.core.api.Assertions.assertThat;

import dev.fqlab.support.Api;
import dev.fqlab.support.ServiceTest;
import dev.fqlab.support.TestScenarios;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import tools.jackson.databind.JsonNode;

/**
 * Bulk delete by filter and retention: finished and waiting experiments go with their results; running ones and the
 * cells of sweeps stay, and the answer counts them; a delete without a filter, or with a bad one, is a 400 naming
 * each bad parameter.
 */
class BulkDeleteTest extends ServiceTest {

    @Autowired
    ExperimentService service;

    /** Three finished experiments, one running, and a two-cell sweep, all carrying {@code tag}. */
    private List<String> populate(String tag) {
        List<String> finished = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            finished.add(submit(TestScenarios.request(TestScenarios.wired(10, 0.5), "bulk-" + i, tag)).get("id").asString());
        }
        String running = submit(TestScenarios.request(TestScenarios.endless(), "bulk-running", tag)).get("id").asString();
        Api.Response sweep = api.post("/api/v1/sweeps", """
                {"name": "bulk sweep", "tags": ["%s"], "base": {"scenario": %s},
                 "parameters": [{"pointer": "/link/rateMbps", "values": [5, 10]}]}"""
                .formatted(tag, "{\"name\": \"" + tag + "\", " + TestScenarios.wired(10, 0.5).substring(1)));
        assertThat(sweep.status()).as(sweep.toString()).isEqualTo(202);
        String sweepId = sweep.json().get("id").asString();
        finished.forEach(id -> awaitStatus(id, "SUCCEEDED", Duration.ofSeconds(60)));
        awaitStatus(running, "RUNNING", Duration.ofSeconds(60));
        Awaitility.await().atMost(Duration.ofSeconds(60)).pollInterval(Duration.ofMillis(100))
                .until(() -> api.get("/api/v1/sweeps/" + sweepId).json().get("status").asString(), "SUCCEEDED"::equals);
        List<String> all = new ArrayList<>(finished);
        all.add(running);
        return all;
    }

    private long tagged(String tag) {
        return jdbc.sql("SELECT COUNT(*) FROM experiment_tags WHERE tag = :tag").param("tag", tag).query(Long.class).single();
    }

    @Test
    void deletesWhatMatchesAndKeepsRunningExperimentsAndSweepCells() {
        String tag = "bulk-" + UUID.randomUUID();
        List<String> ids = populate(tag);
        String running = ids.get(3);
        try {
            JsonNode dry = api.delete("/api/v1/experiments?tag=" + tag + "&dryRun=true").json();
            assertThat(dry.get("dryRun").asBoolean()).isTrue();
            assertThat(dry.get("matched").asLong()).isEqualTo(6);
            assertThat(dry.get("deleted").asLong()).isEqualTo(3);
            assertThat(dry.get("keptRunning").asLong()).isEqualTo(1);
            assertThat(dry.get("keptSweepMembers").asLong()).isEqualTo(2);
            assertThat(tagged(tag)).isEqualTo(6);

            Api.Response done = api.delete("/api/v1/experiments?tag=" + tag);

            assertThat(done.status()).as(done.toString()).isEqualTo(200);
            assertThat(done.json().get("deleted").asLong()).isEqualTo(3);
            assertThat(tagged(tag)).isEqualTo(3);
            for (String id : ids.subList(0, 3)) {
                assertThat(api.get("/api/v1/experiments/" + id).status()).isEqualTo(404);
                assertThat(count("SELECT COUNT(*) FROM results WHERE experiment_id = ?", id)).isZero();
            }
            assertThat(experiment(running).get("status").asString()).isEqualTo("RUNNING");
        } finally {
            api.post("/api/v1/experiments/" + running + "/cancel", "");
        }
    }

    @Test
    void theAgeFilterTakesOnlyOlderExperiments() {
        String tag = "bulk-age-" + UUID.randomUUID();
        String id = submit(TestScenarios.request(TestScenarios.wired(10, 0.5), "bulk-age", tag)).get("id").asString();
        awaitStatus(id, "SUCCEEDED", Duration.ofSeconds(60));

        assertThat(api.delete("/api/v1/experiments?tag=" + tag + "&olderThan=PT1H").json().get("deleted").asLong()).isZero();
        assertThat(api.delete("/api/v1/experiments?tag=" + tag + "&submittedBefore=" + Instant.now().minusSeconds(3600))
                .json().get("deleted").asLong()).isZero();
        assertThat(api.delete("/api/v1/experiments?tag=" + tag + "&submittedBefore=" + Instant.now().plusSeconds(60))
                .json().get("deleted").asLong()).isEqualTo(1);
        assertThat(api.get("/api/v1/experiments/" + id).status()).isEqualTo(404);
    }

    @Test
    void retentionDeletesOldFinishedExperimentsButNotRunningOnesNorSweepCells() {
        String tag = "bulk-retention-" + UUID.randomUUID();
        List<String> ids = populate(tag);
        String running = ids.get(3);
        try {
            // A year and a bit ago, for these only: the shared database's other experiments are younger than the limit.
            jdbc.sql("UPDATE experiments SET submitted_at = submitted_at - INTERVAL '400' DAY "
                    + "WHERE id IN (SELECT experiment_id FROM experiment_tags WHERE tag = :tag)").param("tag", tag).update();

            BulkDeletion pass = new Retention(service, new RetentionProperties(Duration.ofDays(365), Duration.ofHours(1)))
                    .runOnce();

            assertThat(pass.deleted()).isGreaterThanOrEqualTo(3);
            assertThat(tagged(tag)).isEqualTo(3);
            assertThat(experiment(running).get("status").asString()).isEqualTo("RUNNING");
        } finally {
            api.post("/api/v1/experiments/" + running + "/cancel", "");
        }
    }

    @Test
    void aDeleteWithoutAFilterOrWithABadOneNamesEachParameter() {
        assertProblem("/api/v1/experiments", "status");
        assertProblem("/api/v1/experiments?status=running", "status");
        assertProblem("/api/v1/experiments?status=lost", "status");
        assertProblem("/api/v1/experiments?olderThan=30%20days", "olderThan");
        assertProblem("/api/v1/experiments?olderThan=-P1D", "olderThan");
        assertProblem("/api/v1/experiments?submittedBefore=yesterday", "submittedBefore");
        assertProblem("/api/v1/experiments?submittedBefore=2026-01-01T00:00:00Z&olderThan=P1D", "olderThan");
        assertProblem("/api/v1/experiments?tag=x&dryRun=maybe", "dryRun");
    }

    private void assertProblem(String path, String parameter) {
        Api.Response response = api.delete(path);
        assertThat(response.status()).as(response.toString()).isEqualTo(400);
        assertThat(response.header("Content-Type")).hasValueSatisfying(t -> assertThat(t).startsWith("application/problem+json"));
        assertThat(response.json().get("errors").findValuesAsString("parameter")).as(response.toString()).contains(parameter);
    }
}
