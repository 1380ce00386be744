package dev.fqlab.experiment;

import java.util.List;
import java.util.UUID;

/**
 * The job queue as experiments see it. Both calls join the caller's transaction, so an experiment and its
 * queue entry are stored (or removed) together.
 */
public interface ExperimentQueue {

    /** Queues a run of the experiment. */
    void enqueue(UUID experimentId);

    /** Queues a run of each experiment (new ones: none of them may be queued already). */
    void enqueueAll(List<UUID> experimentIds);

    /** Removes the experiment's queue entry unless a worker is already running it; no-op when there is none. */
    void withdraw(UUID experimentId);
}
