package dev.fqlab.jobs;

import dev.fqlab.sim.core.RunControl;
import java.time.Duration;
import java.util.UUID;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;
import java.util.function.LongSupplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.dao.DataAccessException;

/**
 * The engine's {@link RunControl} for one attempt of one experiment. The engine calls it every few thousand
 * events from the simulation thread; at most every {@code syncInterval} it writes the progress with a guarded
 * UPDATE, and 0 rows updated means this run no longer owns the experiment (cancelled or deleted through any
 * instance, or superseded), so {@link #cancelled()} turns true and the engine stops. A cancel on this
 * instance sets the flag at once.
 *
 * <p>It also makes the simulation step aside for HTTP: while this instance is answering requests, each call parks
 * the simulation thread for up to {@link #MAX_YIELD} before it goes on. A simulation is pure CPU and by default
 * there are as many workers as cores, so without this every request queues behind them for a share of a core.
 * Lowering the workers' OS priority instead (nice 19) was tried and is worse: a JVM safepoint (every GC) then waits
 * until a starved low-priority worker reaches it, stalling every request of the instance for tens of milliseconds.
 */
final class ExperimentRun implements RunControl {

    /** Writes progress; false when the experiment is no longer RUNNING under this attempt. */
    @FunctionalInterface
    interface ProgressSink {
        boolean record(UUID experimentId, int attempt, double fraction);
    }

    private static final Logger log = LoggerFactory.getLogger(ExperimentRun.class);
    /** The longest a simulation waits per call for requests to finish, so that it always makes progress. */
    static final long MAX_YIELD = 2_000_000;
    /**
     * After a progress write failed (the database is unreachable, and the write waited for the pool's connection
     * timeout), the next one waits at least this long, so that a simulation keeps most of its speed during an outage.
     */
    static final long FAILED_SYNC_BACKOFF = 5_000_000_000L;
    private static final long YIELD_SLICE = 100_000;

    private final UUID experimentId;
    private final int attempt;
    private final ProgressSink sink;
    private final long syncIntervalNanos;
    private final BooleanSupplier requestsWaiting;
    /** Nanoseconds for the progress throttle: System.nanoTime, or a test's hand-driven clock. */
    private final LongSupplier clock;
    private volatile boolean cancelled;
    private volatile boolean handedBack;
    private double fraction;
    private long nextSyncAt;

    ExperimentRun(UUID experimentId, int attempt, ProgressSink sink, Duration syncInterval) {
        this(experimentId, attempt, sink, syncInterval, () -> false);
    }

    /** With {@code requestsWaiting}: whether HTTP requests are being answered, to step aside for. */
    ExperimentRun(UUID experimentId, int attempt, ProgressSink sink, Duration syncInterval,
            BooleanSupplier requestsWaiting) {
        this(experimentId, attempt, sink, syncInterval, requestsWaiting, System::nanoTime);
    }

    ExperimentRun(UUID experimentId, int attempt, ProgressSink sink, Duration syncInterval,
            BooleanSupplier requestsWaiting, LongSupplier clock) {
        this.experimentId = experimentId;
        this.attempt = attempt;
        this.sink = sink;
        this.syncIntervalNanos = syncInterval.toNanos();
        this.clock = clock;
        this.nextSyncAt = clock.getAsLong() + syncIntervalNanos;
        this.requestsWaiting = requestsWaiting;
    }

    UUID experimentId() {
        return experimentId;
    }

    @Override
    public boolean cancelled() {
        yieldToRequests();
        syncIfDue();
        return cancelled || handedBack;
    }

    /** Parks while requests are being answered, at most {@link #MAX_YIELD}; the engine calls in every ~4096 events. */
    private void yieldToRequests() {
        if (!requestsWaiting.getAsBoolean()) {
            return;
        }
        long until = System.nanoTime() + MAX_YIELD;
        do {
            LockSupport.parkNanos(YIELD_SLICE);
        } while (requestsWaiting.getAsBoolean() && System.nanoTime() - until < 0 && !cancelled && !handedBack);
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
        long now = clock.getAsLong();
        if (now - nextSyncAt < 0) {
            return;
        }
        nextSyncAt = now + syncIntervalNanos;
        try {
            if (!sink.record(experimentId, attempt, Math.round(fraction * 10_000) / 10_000.0)) {
                cancelled = true;
            }
        } catch (DataAccessException e) {
            // A database hiccup must not kill a long simulation; storing the result retries if it persists.
            log.warn("Cannot record progress of experiment {}: {}", experimentId, e.getMessage());
            nextSyncAt = clock.getAsLong() + Math.max(syncIntervalNanos, FAILED_SYNC_BACKOFF);
        }
    }
}
