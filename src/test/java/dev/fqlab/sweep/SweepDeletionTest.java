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
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/**
 * Issue 15 item 6: a sweep's experiments go only with the sweep. Deleting one of them is a 409 member-of-sweep naming
 * the sweep, and the sweep's table stays as it was; DELETE /sweeps/{id} removes the sweep, the experiments it ran and
 * their results in one go (204), refuses while one of them runs (409, like an experiment), and leaves experiments
 * that another sweep still uses to that sweep. On PostgreSQL here; H2ConfigurationTest repeats the core on H2.
 */
class SweepDeletionTest extends ServiceTest {

    private static final String SWEEPS = "/api/v1/sweeps/";
    private static final String EXPERIMENTS = "/api/v1/experiments/";

    private final List<String> toCancel = new ArrayList<>();

    @AfterEach
    void cancelLeftovers() {
        toCancel.forEach(path -> api.post(path + "/cancel"));
    }

    /** Two seeds × two repetitions of a tiny scenario named after {@code tag}, so nothing else's results are reused. */
    /** Two seeds × two repetitions, keeping full series (a sweep keeps none by default), so deletion has rows to take. */
    private static String twoByTwo(String tag) {
        return """
                {"name": "deletion", "tags": ["%s"], "base": {"scenario": %s},
                 "parameters": [{"pointer": "/seed", "values": [1, 100]}], "repetitions": 2,
                 "outputs": {"series": "full"}}"""
                .formatted(tag, SweepApiTest.tinyScenario(tag));
    }

    @Test
    void aMemberCannotBeDeletedAndTheSweepsStatisticsStayAsTheyWere() {
        JsonNode sweep = awaitSweep(submitSweep(twoByTwo("member-" + UUID.randomUUID())), "SUCCEEDED");
        String sweepId = sweep.get("id").asString();
        List<String> members = experimentsOf(sweep);
        assertThat(members).hasSize(4);

        for (String member : members) {
            Api.Response refused = api.delete(EXPERIMENTS + member);

            assertThat(refused.status()).as(refused.toString()).isEqualTo(409);
            assertThat(refused.contentType()).startsWith("application/problem+json");
            JsonNode problem = refused.json();
            assertThat(problem.get("type").asString()).isEqualTo("https://fqlab.dev/problems/member-of-sweep");
            assertThat(problem.get("sweepId").asString()).isEqualTo(sweepId);
            assertThat(problem.get("detail").asString()).contains("DELETE /api/v1/sweeps/" + sweepId);
            assertThat(api.get(EXPERIMENTS + member + "/result").status()).isEqualTo(200);
        }

        JsonNode after = api.get(SWEEPS + sweepId).json();
        assertThat(after.get("status").asString()).isEqualTo("SUCCEEDED");
        assertThat(after.get("experiments").asInt()).isEqualTo(4);
        assertThat(after.get("rows")).isEqualTo(sweep.get("rows"));
        assertThat(after.at("/rows/0/metrics/summary.throughputMbps/n").asInt()).isEqualTo(2);
    }

    @Test
    void aStandaloneExperimentASweepReusedIsAMemberOfThatSweep() {
        String scenario = SweepApiTest.tinyScenario("standalone-" + UUID.randomUUID());
        String experiment = submit(TestScenarios.request(scenario)).get("id").asString();
        awaitStatus(experiment, "SUCCEEDED", Duration.ofSeconds(30));
        JsonNode sweep = submitSweep("{\"base\": {\"scenario\": " + scenario + "}}");
        assertThat(sweep.get("reused").asInt()).isEqualTo(1);
        String sweepId = sweep.get("id").asString();

        Api.Response refused = api.delete(EXPERIMENTS + experiment);
        assertThat(refused.status()).isEqualTo(409);
        assertThat(refused.json().get("sweepId").asString()).isEqualTo(sweepId);

        // Deleting the sweep leaves what it only reused; then the experiment is free to go.
        assertThat(api.delete(SWEEPS + sweepId).status()).isEqualTo(204);
        assertThat(experiment(experiment).get("sweepId").isNull()).isTrue();
        assertThat(api.get(EXPERIMENTS + experiment + "/result").status()).isEqualTo(200);
        assertThat(api.delete(EXPERIMENTS + experiment).status()).isEqualTo(204);
    }

    @Test
    void deletingASweepDeletesItsExperimentsAndTheirResults() {
        JsonNode sweep = awaitSweep(submitSweep(twoByTwo("delete-" + UUID.randomUUID())), "SUCCEEDED");
        String sweepId = sweep.get("id").asString();
        List<String> members = experimentsOf(sweep);
        assertThat(members).hasSize(4);
        assertThat(rows("SELECT COUNT(*) FROM result_series WHERE experiment_id IN (%s)", members)).isPositive();

        Api.Response deleted = api.delete(SWEEPS + sweepId);

        assertThat(deleted.status()).as(deleted.toString()).isEqualTo(204);
        assertThat(deleted.body()).isEmpty();
        assertThat(api.get(SWEEPS + sweepId).status()).isEqualTo(404);
        assertThat(api.get(SWEEPS + sweepId + "/table.csv").status()).isEqualTo(404);
        for (String member : members) {
            assertThat(api.get(EXPERIMENTS + member).status()).isEqualTo(404);
            assertThat(api.get(EXPERIMENTS + member + "/result").status()).isEqualTo(404);
        }
        for (String table : List.of("experiments WHERE id", "results WHERE experiment_id",
                "result_flows WHERE experiment_id", "result_series WHERE experiment_id",
                "experiment_tags WHERE experiment_id", "sweep_experiments WHERE experiment_id")) {
            assertThat(rows("SELECT COUNT(*) FROM " + table + " IN (%s)", members)).as(table).isZero();
        }
        assertThat(count("SELECT COUNT(*) FROM sweeps WHERE id = ?", sweepId)).isZero();
        assertThat(listedSweeps()).doesNotContain(sweepId);
        assertThat(api.delete(SWEEPS + sweepId).status()).isEqualTo(404);
        Api.Response unknown = api.delete(SWEEPS + UUID.randomUUID());
        assertThat(unknown.status()).isEqualTo(404);
        assertThat(unknown.contentType()).startsWith("application/problem+json");
        assertThat(api.delete(SWEEPS + "not-a-uuid").status()).isEqualTo(404);
    }

    @Test
    void aRunningSweepCannotBeDeletedUntilItIsCancelled() {
        JsonNode sweep = submitSweep("""
                {"base": {"scenario": %s}, "parameters": [{"pointer": "/seed", "values": [1, 2, 3]}]}"""
                .formatted(TestScenarios.endless()));
        String sweepId = sweep.get("id").asString();
        toCancel.add(SWEEPS + sweepId);
        List<String> members = experimentsOf(sweep);
        await().atMost(Duration.ofSeconds(20)).pollInterval(Duration.ofMillis(50))
                .until(() -> api.get(SWEEPS + sweepId).json().at("/counts/RUNNING").asInt() > 0);

        Api.Response refused = api.delete(SWEEPS + sweepId);

        assertThat(refused.status()).as(refused.toString()).isEqualTo(409);
        assertThat(refused.contentType()).startsWith("application/problem+json");
        assertThat(refused.json().get("type").asString()).isEqualTo("https://fqlab.dev/problems/wrong-status");
        assertThat(refused.json().get("sweepStatus").asString()).isEqualTo("RUNNING");
        assertThat(refused.json().get("detail").asString()).contains("/api/v1/sweeps/" + sweepId + "/cancel");
        assertThat(api.get(SWEEPS + sweepId).json().get("experiments").asInt()).isEqualTo(3);
        assertThat(rows("SELECT COUNT(*) FROM experiments WHERE id IN (%s)", members)).isEqualTo(3);

        assertThat(api.post(SWEEPS + sweepId + "/cancel").status()).isEqualTo(202);
        assertThat(api.delete(SWEEPS + sweepId).status()).isEqualTo(204);
        assertThat(rows("SELECT COUNT(*) FROM experiments WHERE id IN (%s)", members)).isZero();
        // The cancelled runs stop and their jobs go, as after deleting a cancelled experiment.
        await().atMost(Duration.ofSeconds(5)).pollInterval(Duration.ofMillis(50)).until(() -> jobs(members) == 0);
    }

    @Test
    void aWaitingSweepIsDeletedWithItsQueueEntries() {
        // Both workers busy, so the sweep's experiments wait in the queue.
        List<String> busy = List.of(submit(TestScenarios.request(TestScenarios.endless())).get("id").asString(),
                submit(TestScenarios.request(TestScenarios.endless())).get("id").asString());
        busy.forEach(id -> toCancel.add(EXPERIMENTS + id));
        busy.forEach(id -> awaitStatus(id, "RUNNING", Duration.ofSeconds(20)));
        JsonNode sweep = submitSweep(twoByTwo("waiting-" + UUID.randomUUID()));
        String sweepId = sweep.get("id").asString();
        List<String> members = experimentsOf(sweep);
        assertThat(api.get(SWEEPS + sweepId).json().get("status").asString()).isEqualTo("QUEUED");
        assertThat(jobs(members)).isEqualTo(4);

        assertThat(api.delete(SWEEPS + sweepId).status()).isEqualTo(204);

        assertThat(jobs(members)).isZero();
        assertThat(rows("SELECT COUNT(*) FROM experiments WHERE id IN (%s)", members)).isZero();
    }

    @Test
    void experimentsALaterSweepReusedStayWithThatSweep() {
        String body = twoByTwo("heir-" + UUID.randomUUID());
        JsonNode first = awaitSweep(submitSweep(body), "SUCCEEDED");
        JsonNode second = submitSweep(body);
        assertThat(second.get("reused").asInt()).isEqualTo(4);
        String firstId = first.get("id").asString();
        String secondId = second.get("id").asString();
        List<String> members = experimentsOf(first);

        // Used by two sweeps: the problem names both, the one that ran it first.
        Api.Response refused = api.delete(EXPERIMENTS + members.getFirst());
        assertThat(refused.status()).isEqualTo(409);
        assertThat(refused.json().get("sweepId").asString()).isEqualTo(firstId);
        assertThat(refused.json().get("sweepIds").valueStream().map(JsonNode::asString).toList())
                .containsExactly(firstId, secondId);

        assertThat(api.delete(SWEEPS + firstId).status()).isEqualTo(204);

        JsonNode kept = api.get(SWEEPS + secondId).json();
        assertThat(kept.get("status").asString()).isEqualTo("SUCCEEDED");
        assertThat(kept.get("rows")).isEqualTo(second.get("rows"));
        for (String member : members) {
            assertThat(experiment(member).get("sweepId").asString()).isEqualTo(secondId);
        }
        Api.Response nowSecond = api.delete(EXPERIMENTS + members.getFirst());
        assertThat(nowSecond.status()).isEqualTo(409);
        assertThat(nowSecond.json().get("sweepIds").valueStream().map(JsonNode::asString).toList()).containsExactly(secondId);

        assertThat(api.delete(SWEEPS + secondId).status()).isEqualTo(204);
        assertThat(rows("SELECT COUNT(*) FROM experiments WHERE id IN (%s)", members)).isZero();
    }

    /**
     * A settled sweep's answers are kept (SweepAnswers): asked again they are the same bytes, their numbers are
     * still those of the experiments' own results, and after DELETE the sweep is a 404, not a kept answer.
     */
    @Test
    void aSettledSweepsKeptAnswersEqualItsResultsAndGoWithIt() {
        JsonNode sweep = awaitSweep(submitSweep(twoByTwo("kept-" + UUID.randomUUID())), "SUCCEEDED");
        String id = sweep.get("id").asString();
        String table = SWEEPS + id + "/table.csv?metric=summary.throughputMbps&stats=mean,n";

        Api.Response rendered = api.get(table);
        Api.Response kept = api.get(table);
        assertThat(rendered.status()).isEqualTo(200);
        assertThat(kept.body()).isEqualTo(rendered.body());
        assertThat(kept.contentType()).isEqualTo(rendered.contentType());
        List<String> lines = kept.body().lines().toList();
        assertThat(lines).hasSize(3);
        for (int row = 0; row < 2; row++) {
            // The outside numbers: each repetition's own result, averaged here.
            double mean = sweep.at("/rows/" + row + "/experiments").valueStream()
                    .mapToDouble(e -> api.get(EXPERIMENTS + e.asString() + "/result").json()
                            .at("/summary/throughputMbps").asDouble())
                    .average().orElseThrow();
            String[] fields = lines.get(row + 1).split(",");
            assertThat(fields[1]).isEqualTo("2");
            assertThat(Double.parseDouble(fields[2])).isCloseTo(mean, org.assertj.core.data.Offset.offset(
                    Math.abs(mean) * 1e-5));
            assertThat(fields[3]).isEqualTo("2");
        }
        Api.Response json = api.get(SWEEPS + id);
        assertThat(api.get(SWEEPS + id).body()).isEqualTo(json.body());
        assertThat(json.json().get("rows")).isEqualTo(sweep.get("rows"));

        assertThat(api.delete(SWEEPS + id).status()).isEqualTo(204);

        assertThat(api.get(SWEEPS + id).status()).isEqualTo(404);
        assertThat(api.get(table).status()).isEqualTo(404);
    }

    private JsonNode submitSweep(String body) {
        Api.Response response = api.post(SWEEPS.substring(0, SWEEPS.length() - 1), body);
        assertThat(response.status()).as(response.toString()).isEqualTo(202);
        return response.json();
    }

    private JsonNode awaitSweep(JsonNode sweep, String status) {
        String id = sweep.get("id").asString();
        await().atMost(Duration.ofSeconds(60)).pollInterval(Duration.ofMillis(100))
                .until(() -> api.get(SWEEPS + id).json().get("status").asString(), status::equals);
        return api.get(SWEEPS + id).json();
    }

    private static List<String> experimentsOf(JsonNode sweep) {
        return sweep.get("rows").valueStream().flatMap(row -> row.get("experiments").valueStream())
                .map(JsonNode::asString).toList();
    }

    /** Every sweep id the list shows, page by page. */
    private List<String> listedSweeps() {
        List<String> ids = new ArrayList<>();
        String cursor = null;
        do {
            JsonNode page = api.get("/api/v1/sweeps?limit=200" + (cursor == null ? "" : "&cursor=" + cursor)).json();
            page.get("items").forEach(item -> ids.add(item.get("id").asString()));
            cursor = page.get("next").isNull() ? null : page.get("next").asString();
        } while (cursor != null);
        return ids;
    }

    private long rows(String sql, List<String> ids) {
        return jdbc.sql(sql.formatted(String.join(", ", ids.stream().map(id -> "'" + UUID.fromString(id) + "'").toList())))
                .query(Long.class).single();
    }

    private long jobs(List<String> ids) {
        return jdbc.sql("SELECT COUNT(*) FROM scheduled_tasks WHERE task_instance IN (%s)".formatted(
                String.join(", ", ids.stream().map(id -> "'" + UUID.fromString(id) + "'").toList())))
                .query(Long.class).single();
    }
}
