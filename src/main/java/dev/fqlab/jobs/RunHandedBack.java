package dev.fqlab.jobs;

import java.util.UUID;

/**
 * Thrown out of a job when this instance stops before the run finished: the experiment is QUEUED again and
 * the job's failure handler reschedules it at once, for another instance (or this one after its restart).
 */
final class RunHandedBack extends RuntimeException {

    RunHandedBack(UUID experimentId) {
        super("run of experiment " + experimentId + " handed back: this instance is shutting down", null, false, false);
    }
}
