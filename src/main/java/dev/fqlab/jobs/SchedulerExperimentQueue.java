package dev.fqlab.jobs;

import com.github.kagkarlsson.scheduler.SchedulerClient;
import com.github.kagkarlsson.scheduler.exceptions.TaskInstanceCurrentlyExecutingException;
import com.github.kagkarlsson.scheduler.exceptions.TaskInstanceNotFoundException;
import com.github.kagkarlsson.scheduler.task.TaskInstanceId;
import com.github.kagkarlsson.scheduler.task.helper.OneTimeTask;
import dev.fqlab.experiment.ExperimentQueue;
import java.time.Clock;
import java.util.UUID;
import org.springframework.stereotype.Component;

/**
 * The experiment queue on db-scheduler. Its starter hands db-scheduler a transaction-aware DataSource, so these
 * writes join the caller's Spring transaction: an experiment row and its job row commit or roll back together.
 */
@Component
class SchedulerExperimentQueue implements ExperimentQueue {

    private final SchedulerClient scheduler;
    private final OneTimeTask<Void> task;
    private final Clock clock;

    SchedulerExperimentQueue(SchedulerClient scheduler, OneTimeTask<Void> runExperimentTask, Clock clock) {
        this.scheduler = scheduler;
        this.task = runExperimentTask;
        this.clock = clock;
    }

    @Override
    public void enqueue(UUID experimentId) {
        scheduler.scheduleIfNotExists(task.instance(experimentId.toString()), clock.instant());
    }

    @Override
    public void withdraw(UUID experimentId) {
        try {
            scheduler.cancel(TaskInstanceId.of(JobsConfiguration.RUN_EXPERIMENT, experimentId.toString()));
        } catch (TaskInstanceNotFoundException | TaskInstanceCurrentlyExecutingException e) {
            // Nothing waiting, or a worker holds it: the worker's guarded start finds the experiment gone.
        }
    }
}
