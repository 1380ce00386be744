package dev.fqlab.jobs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.fqlab.experiment.ExperimentRepository;
import dev.fqlab.result.ResultRepository;
import dev.fqlab.scenario.ScenarioLimits;
import dev.fqlab.scenario.ScenarioParser;
import dev.fqlab.sim.ScenarioRunner;
import dev.fqlab.sim.core.RunControl;
import dev.fqlab.sim.result.SimulationResult;
import dev.fqlab.support.Api;
import dev.fqlab.support.ServiceTest;
import dev.fqlab.support.TestScenarios;
import java.time.Duration;
import java.time.Instant;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * A cancel that arrives while a run's result is being written (seconds, for a large result) answers at once and
 * wins: {@link ResultCommit} writes the rows before it changes the experiment's row, so nothing holds that row's
 * lock during the write, and its final UPDATE then finds the experiment cancelled and rolls the rows back. On real
 * PostgreSQL, step by step as ResultCommit does it, with the cancel in between.
 */
class CancelDuringResultWriteTest extends ServiceTest {

    @Autowired
    ResultRepository results;
    @Autowired
    ExperimentRepository experiments;
    @Autowired
    PlatformTransactionManager transactions;

    @Test
    void aCancelDuringTheWriteAnswersAtOnceAndNothingIsStored() throws Exception {
        String id = submit(TestScenarios.request(TestScenarios.endless(), "cancel-during-write")).get("id").asString();
        awaitStatus(id, "RUNNING", Duration.ofSeconds(30));
        UUID uuid = UUID.fromString(id);
        int attempt = experiment(id).get("attempts").asInt();
        SimulationResult result = ScenarioRunner.run(new ScenarioParser(ScenarioLimits.DEFAULTS)
                .parse(Api.JSON.readTree(TestScenarios.wired(10, 1))).scenario(), RunControl.NONE)
                .identified(id, "0".repeat(64), "0.1.0+test");

        Boolean stored = new TransactionTemplate(transactions).execute(status -> {
            assertThat(experiments.owns(uuid, attempt)).isTrue();
            results.insert(uuid, result, "{}", Instant.now());
            // The rows are written, not committed: a client cancels now.
            long start = System.nanoTime();
            Api.Response cancel = CompletableFuture.supplyAsync(() -> api.post("/api/v1/experiments/" + id + "/cancel"))
                    .orTimeout(10, TimeUnit.SECONDS).join();
            assertThat(cancel.status()).isEqualTo(202);
            assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofSeconds(2));
            boolean succeeded = experiments.succeed(uuid, attempt, Instant.now());
            if (!succeeded) {
                status.setRollbackOnly();
            }
            return succeeded;
        });

        assertThat(stored).isFalse();
        assertThat(experiment(id).get("status").asString()).isEqualTo("CANCELLED");
        assertThat(count("SELECT COUNT(*) FROM results WHERE experiment_id = ?", id)).isZero();
        assertThat(count("SELECT COUNT(*) FROM result_series WHERE experiment_id = ?", id)).isZero();
        await().atMost(Duration.ofSeconds(10)).until(() -> api.get("/api/v1/experiments/" + id + "/result").status() == 409);
    }
}
