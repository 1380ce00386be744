package dev.fqlab.jobs;

import dev.fqlab.sim.core.RunControl;
import java.time.Duration;
import java.util.UUID;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.dao.DataAccessException;

/**
 * The engine's {@link RunControl} for one attempt of one experiment. The engine calls it every few thousand
 * events from the simulation thread; at most every {@code syncInterval} it writes the progress with a guarded
 * UPDATE, and 0 rows updated means this run no longer owns the experiment (cancelled or deleted through any
 * instance, or superseded), so {@link #cancelled()} turns true and the engine stops. A cancel on this
 * instance sets the flag at once.
 */
final class ExperimentRun implements RunControl {

    /** Writes progress; false when the experiment is no longer RUNNING under this attempt. */
    @FunctionalInterface
    interface ProgressSink {
        boolean record(UUID experimentId, int attempt, double fraction);
    }

    private static final Logger log = LoggerFactory.getLogger(ExperimentRun.class);

    private final UUID experimentId;
    private final int attempt;
    private final ProgressSink sink;
    private final long syncIntervalNanos;
    private volatile boolean cancelled;
    private volatile boolean handedBack;
    private double fraction;
    private long nextSyncAt;

    ExperimentRun(UUID experimentId, int attempt, ProgressSink sink, Duration syncInterval) {
        this.experimentId = experimentId;
        this.attempt = attempt;
        this.sink = sink;
        this.syncIntervalNanos = syncInterval.toNanos();
        this.nextSyncAt = System.nanoTime() + syncIntervalNanos;
    }

    UUID experimentId() {
        return experimentId;
    }

    @Override
    public boolean cancelled() {
        syncIfDue();
        return cancelled || handedBack;
    }

    @Override
    public void progress(double fraction, long simulatedNs, long events) {
        this.fraction = Math.clamp(fraction, 0.0, 1.0);
        syncIfDue();
    }

    /** A user cancelled (or deleted) it: stop. */
    void cancel() {
        cancelled = true;
    }

    /** This instance is shutting down: stop, and let another worker run it again. */
    void handBack() {
        handedBack = true;
    }

    /** Whether the run stopped to be handed back rather than because a user cancelled it. */
    boolean handedBack() {
        return handedBack && !cancelled;
    }

    private void syncIfDue() {
        long now = System.nanoTime();
        if (now - nextSyncAt < 0) {
            return;
        }
        nextSyncAt = now + syncIntervalNanos;
        try {
            if (!sink.record(experimentId, attempt, Math.round(fraction * 10_000) / 10_000.0)) {
                cancelled = true;
            }
        } catch (DataAccessException e) {
            // A database hiccup must not kill a long simulation; storing the result will tell if it persists.
            log.warn("Cannot record progress of experiment {}: {}", experimentId, e.getMessage());
        }
    }
}
