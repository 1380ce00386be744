package dev.fqlab.jobs;

import com.github.kagkarlsson.scheduler.task.ExecutionComplete;
import com.github.kagkarlsson.scheduler.task.ExecutionOperations;
import com.github.kagkarlsson.scheduler.task.FailureHandler;
import com.github.kagkarlsson.scheduler.task.helper.OneTimeTask;
import com.github.kagkarlsson.scheduler.task.helper.Tasks;
import dev.fqlab.sim.ScenarioRunner;
import java.time.Duration;
import java.util.UUID;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * The one job: {@code run-experiment}, one instance per experiment (instance id = experiment id). db-scheduler
 * stores it in {@code scheduled_tasks}, lets exactly one instance pick it, keeps its heartbeat while it runs
 * and revives it when that heartbeat stops (the instance died; see {@link DeadRunRevival} for after an outage).
 */
@Configuration(proxyBeanMethods = false)
class JobsConfiguration {

    static final String RUN_EXPERIMENT = "run-experiment";

    /**
     * A failed job (the database was unreachable, or a finished run could not store its result) is tried again after
     * this long; a handed-back one at once.
     */
    static final Duration RETRY_DELAY = Duration.ofSeconds(10);

    @Bean
    OneTimeTask<Void> runExperimentTask(ExperimentRunner runner, DeadRunRevival revival) {
        return Tasks.oneTime(RUN_EXPERIMENT)
                .onFailure(new RetryFailureHandler())
                .onDeadExecution(revival)
                .execute((instance, context) -> runner.run(UUID.fromString(instance.getId())));
    }

    @Bean
    SimulationEngine simulationEngine() {
        return ScenarioRunner::run;
    }

    /** Reschedules a failed job: at once when it was handed back by a stopping instance, else after a delay. */
    static final class RetryFailureHandler implements FailureHandler<Void> {
        @Override
        public void onFailure(ExecutionComplete complete, ExecutionOperations<Void> operations) {
            boolean handedBack = complete.getCause().filter(RunHandedBack.class::isInstance).isPresent();
            operations.reschedule(complete, complete.getTimeDone().plus(handedBack ? Duration.ZERO : RETRY_DELAY));
        }
    }
}
