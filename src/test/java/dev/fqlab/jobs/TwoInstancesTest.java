package dev.fqlab.jobs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.fqlab.support.Api;
import dev.fqlab.support.InProcessInstance;
import dev.fqlab.support.TestDatabase;
import dev.fqlab.support.TestScenarios;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;
import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * Two instances on one PostgreSQL share the queue: 200 experiments (100 submitted one by one through both
 * instances, 100 as one sweep) each run exactly once — one attempt, one result, no job left — and both instances
 * did some of the work.
 */
class TwoInstancesTest {

    private static final int SINGLES = 100;
    private static final int SWEEP = 100;

    @Test
    void twoHundredExperimentsRunExactlyOnceAcrossTwoInstances() {
        TestDatabase.Conn db = TestDatabase.fresh();
        // Started side by side: two start-ups in parallel take less wall time than one after the other.
        CompletableFuture<InProcessInstance> starting = CompletableFuture.supplyAsync(
                () -> InProcessInstance.start(db, "twin-b", "--fqlab.workers=3"));
        try (InProcessInstance a = InProcessInstance.start(db, "twin-a", "--fqlab.workers=3");
             InProcessInstance b = starting.join()) {
            List<Api> apis = List.of(a.api(), b.api());
            String scenario = TestScenarios.wired(10, 0.2);
            Api.Response sweep = apis.get(1).post("/api/v1/sweeps", """
                    {"name": "twins", "tags": ["twins"], "base": {"scenario": %s},
                     "parameters": [{"pointer": "/link/rateMbps", "values": [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]}],
                     "repetitions": 10}""".formatted(scenario));
            assertThat(sweep.status()).as(sweep.toString()).isEqualTo(202);
            assertThat(sweep.json().get("experiments").asInt()).isEqualTo(SWEEP);
            List<String> ids = new ArrayList<>();
            for (int i = 0; i < SINGLES; i++) {
                // Each its own scenario (its seed), so none is reused by the other.
                Api.Response response = apis.get(i % 2).post("/api/v1/experiments",
                        TestScenarios.request(scenario.replace("{\"durationS\"", "{\"seed\": " + (1000 + i) + ", \"durationS\""),
                                "twin " + i, "twins"));
                assertThat(response.status()).isEqualTo(202);
                ids.add(response.json().get("id").asString());
            }
            JdbcClient jdbc = a.jdbc();

            await().atMost(Duration.ofSeconds(180)).pollInterval(Duration.ofMillis(250)).until(() -> jdbc
                    .sql("SELECT COUNT(*) FROM experiments WHERE status = 'SUCCEEDED'").query(Long.class).single(),
                    n -> n == SINGLES + SWEEP);

            assertThat(jdbc.sql("SELECT COUNT(*) FROM experiments").query(Long.class).single()).isEqualTo(SINGLES + SWEEP);
            assertThat(jdbc.sql("SELECT COUNT(*) FROM experiments WHERE attempts <> 1").query(Long.class).single()).isZero();
            assertThat(jdbc.sql("SELECT COUNT(*) FROM results").query(Long.class).single()).isEqualTo(SINGLES + SWEEP);
            assertThat(jdbc.sql("SELECT DISTINCT worker FROM experiments").query(String.class).list())
                    .containsExactlyInAnyOrder("twin-a", "twin-b");
            // db-scheduler removes a finished execution just after its handler returned: wait for the last one.
            await().atMost(Duration.ofSeconds(10)).pollInterval(Duration.ofMillis(100)).untilAsserted(() ->
                    assertThat(jdbc.sql("SELECT COUNT(*) FROM scheduled_tasks").query(Long.class).single()).isZero());
            assertThat(ids).doesNotHaveDuplicates().hasSize(SINGLES);
            String sweepId = sweep.json().get("id").asString();
            Api.Response done = apis.get(0).get("/api/v1/sweeps/" + sweepId);
            assertThat(done.json().get("status").asString()).isEqualTo("SUCCEEDED");
            assertThat(done.json().at("/counts/SUCCEEDED").asInt()).isEqualTo(SWEEP);
        }
    }
}
