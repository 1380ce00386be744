package dev.fqlab.jobs;

import com.github.kagkarlsson.scheduler.boot.config.DbSchedulerProperties;
import com.github.kagkarlsson.scheduler.event.AbstractSchedulerListener;
import com.github.kagkarlsson.scheduler.task.DeadExecutionHandler;
import com.github.kagkarlsson.scheduler.task.ExecutionComplete;
import com.github.kagkarlsson.scheduler.task.ExecutionOperations;
import java.time.Duration;
import java.util.function.LongSupplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.stereotype.Component;

/**
 * What becomes of a run whose heartbeat went stale (db-scheduler's dead execution): it is revived, i.e. put back in
 * the queue for any worker, unless this instance has itself just come back from a database outage.
 *
 * <p>A stale heartbeat means "its instance died" only if that instance could have written it. While the database is
 * down nobody can, so when it comes back every running experiment looks dead, and reviving them would start each a
 * second time while its first run goes on. So once this instance has seen the database fail — one of its heartbeat
 * writes failed, or its own search for dead executions could not run on schedule (db-scheduler searches every two
 * heartbeat intervals; a search that fails leaves a longer gap) — it revives nothing until it has seen the database
 * work for a whole dead-after period (heartbeat interval × missed-heartbeats limit): time enough for every live
 * instance to write its heartbeats again. The runs of an instance that really died are revived that much later.
 * The search also runs while a run's owner heartbeats normally, so nothing else changes.
 */
@Component
class DeadRunRevival extends AbstractSchedulerListener implements DeadExecutionHandler<Void> {

    private static final Logger log = LoggerFactory.getLogger(DeadRunRevival.class);

    private final DeadExecutionHandler<Void> revive = new ReviveDeadExecution<>();
    private final long deadAfterNanos;
    private final long searchGapNanos;
    private final LongSupplier nanoTime;
    private boolean searched;
    private long lastSearch;
    private boolean outageSeen;
    private long outageSeenAt;

    @Autowired
    DeadRunRevival(DbSchedulerProperties scheduler) {
        this(scheduler.getHeartbeatInterval(), scheduler.getMissedHeartbeatsLimit(), System::nanoTime);
    }

    DeadRunRevival(Duration heartbeatInterval, int missedHeartbeatsLimit, LongSupplier nanoTime) {
        this.deadAfterNanos = heartbeatInterval.multipliedBy(missedHeartbeatsLimit).toNanos();
        // db-scheduler searches every 2 heartbeat intervals (fixed delay); half as long again means one failed.
        this.searchGapNanos = heartbeatInterval.multipliedBy(3).toNanos();
        this.nanoTime = nanoTime;
    }

    @Override
    public void onSchedulerEvent(SchedulerEventType type) {
        switch (type) {
            case RAN_DETECT_DEAD -> searched(nanoTime.getAsLong());
            case FAILED_HEARTBEAT -> outage(nanoTime.getAsLong());
            default -> {
                // other events say nothing about whether heartbeats could be written
            }
        }
    }

    @Override
    public void deadExecution(ExecutionComplete complete, ExecutionOperations<Void> operations) {
        long now = nanoTime.getAsLong();
        long upFor;
        synchronized (this) {
            searched(now);
            upFor = outageSeen ? now - outageSeenAt : Long.MAX_VALUE;
        }
        if (upFor < deadAfterNanos) {
            log.info("Execution {} looks dead (heartbeat {}), but this instance could reach the database again only "
                            + "{} ms ago: not reviving it before the database has been reachable for {} ms",
                    complete.getExecution().taskInstance, complete.getExecution().lastHeartbeat,
                    upFor / 1_000_000, deadAfterNanos / 1_000_000);
            return;
        }
        revive.deadExecution(complete, operations);
    }

    /** Whether a dead execution found now would be revived. */
    synchronized boolean wouldRevive() {
        return !outageSeen || nanoTime.getAsLong() - outageSeenAt >= deadAfterNanos;
    }

    private synchronized void searched(long now) {
        if (searched && now - lastSearch > searchGapNanos) {
            outage(now);
        }
        searched = true;
        lastSearch = now;
    }

    private synchronized void outage(long now) {
        outageSeen = true;
        outageSeenAt = now;
    }
}
