package dev.fqlab.jobs;

import com.github.kagkarlsson.scheduler.Scheduler;
import com.github.kagkarlsson.scheduler.exceptions.TaskInstanceException;
import com.github.kagkarlsson.scheduler.task.TaskInstance;
import com.github.kagkarlsson.scheduler.task.TaskInstanceId;
import com.github.kagkarlsson.scheduler.task.helper.OneTimeTask;
import dev.fqlab.experiment.ExperimentQueue;
import java.time.Clock;
import java.util.List;
import java.util.UUID;
import org.springframework.stereotype.Component;
import org.springframework.transaction.support.TransactionSynchronization;
import org.springframework.transaction.support.TransactionSynchronizationManager;

/**
 * The experiment queue on db-scheduler. Its starter hands db-scheduler a transaction-aware DataSource, so these
 * writes join the caller's Spring transaction: an experiment row and its job row commit or roll back together.
 */
@Component
class SchedulerExperimentQueue implements ExperimentQueue {

    private final Scheduler scheduler;
    private final OneTimeTask<Void> task;
    private final Clock clock;

    SchedulerExperimentQueue(Scheduler scheduler, OneTimeTask<Void> runExperimentTask, Clock clock) {
        this.scheduler = scheduler;
        this.task = runExperimentTask;
        this.clock = clock;
    }

    @Override
    public void enqueue(UUID experimentId) {
        scheduler.scheduleIfNotExists(task.instance(experimentId.toString()), clock.instant());
        wakeAfterCommit();
    }

    /** One batched INSERT for a sweep's experiments instead of a round trip each. */
    @Override
    public void enqueueAll(List<UUID> experimentIds) {
        List<TaskInstance<?>> instances = experimentIds.stream()
                .<TaskInstance<?>>map(id -> task.instance(id.toString())).toList();
        scheduler.scheduleBatch(instances, clock.instant());
        wakeAfterCommit();
    }

    /**
     * The job rows become visible to the pollers at commit: wake this instance's poller then, instead of letting
     * the experiments wait for the next polling interval (other instances find them at their next poll).
     */
    private void wakeAfterCommit() {
        if (TransactionSynchronizationManager.isSynchronizationActive()) {
            TransactionSynchronizationManager.registerSynchronization(new TransactionSynchronization() {
                @Override
                public void afterCommit() {
                    scheduler.triggerCheckForDueExecutions();
                }
            });
        } else {
            scheduler.triggerCheckForDueExecutions();
        }
    }

    @Override
    public void withdraw(UUID experimentId) {
        try {
            scheduler.cancel(TaskInstanceId.of(JobsConfiguration.RUN_EXPERIMENT, experimentId.toString()));
        } catch (TaskInstanceException e) {
            // Nothing waiting, or a worker holds it (or picked it between db-scheduler's read and its delete):
            // either way the worker's guarded start finds the experiment cancelled or gone and runs nothing.
            // These are logical outcomes, not SQL errors, so the surrounding transaction is still good.
        }
    }
}
