package dev.fqlab.jobs;

import java.util.UUID;

/**
 * Thrown out of a job whose run finished but could not store its result because the database stayed unavailable:
 * the experiment is still RUNNING under this attempt, and the job's failure handler (or, if the database is still
 * down then, the dead-execution check) has it run again.
 */
final class ResultNotStored extends RuntimeException {

    ResultNotStored(UUID experimentId, Throwable cause) {
        super("the result of experiment " + experimentId + " could not be stored: the database is unavailable", cause);
    }
}
