package dev.fqlab.metrics;

/**
 * Counts the experiments that are waiting and running, in the shared database, so that every instance reports the
 * same numbers. Implemented where experiments are stored; {@link QueueGauges} calls it from its own thread.
 */
public interface ActiveExperiments {

    /**
     * One count of both.
     *
     * @throws RuntimeException (a {@code DataAccessException}) when the database does not answer in time
     */
    Counts count();

    record Counts(long queued, long running) {
    }
}
