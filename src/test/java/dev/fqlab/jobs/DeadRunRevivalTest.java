package dev.fqlab.jobs;

import static org.assertj.core.api.Assertions.assertThat;

import com.github.kagkarlsson.scheduler.event.SchedulerListener.SchedulerEventType;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/**
 * When a stale heartbeat may be revived: at once normally; only after a whole dead-after period (here 1 s × 5) of a
 * working database once this instance has seen it fail. db-scheduler searches for dead executions every 2 heartbeat
 * intervals, so a search that comes much later than that means one failed in between.
 */
class DeadRunRevivalTest {

    private final AtomicLong nanos = new AtomicLong(1_000_000_000_000L);
    private final DeadRunRevival revival = new DeadRunRevival(Duration.ofSeconds(1), 5, nanos::get);

    private void advance(Duration by) {
        nanos.addAndGet(by.toNanos());
    }

    private void search() {
        revival.onSchedulerEvent(SchedulerEventType.RAN_DETECT_DEAD);
    }

    @Test
    void searchesOnScheduleReviveAtOnce() {
        assertThat(revival.wouldRevive()).isTrue();
        for (int i = 0; i < 10; i++) {
            search();
            assertThat(revival.wouldRevive()).isTrue();
            advance(Duration.ofMillis(2_100));
        }
    }

    @Test
    void aSearchThatCouldNotRunHoldsRevivalBackForTheDeadAfterPeriod() {
        search();
        // One search failed (the database refused connections for 1.5 s), the next comes 2 s after that.
        advance(Duration.ofMillis(5_500));
        search();
        assertThat(revival.wouldRevive()).isFalse();
        advance(Duration.ofMillis(2_000));
        search();
        advance(Duration.ofMillis(2_000));
        search();
        assertThat(revival.wouldRevive()).isFalse();
        advance(Duration.ofMillis(1_000));
        assertThat(revival.wouldRevive()).isTrue();
    }

    @Test
    void aFailedHeartbeatHoldsRevivalBackToo() {
        search();
        advance(Duration.ofMillis(1_000));
        revival.onSchedulerEvent(SchedulerEventType.FAILED_HEARTBEAT);
        advance(Duration.ofMillis(1_000));
        search();
        assertThat(revival.wouldRevive()).isFalse();
        advance(Duration.ofMillis(4_000));
        assertThat(revival.wouldRevive()).isTrue();
    }

    @Test
    void theFirstSearchAfterStartUpRevivesAtOnce() {
        // An instance started after another one was killed takes over its runs without waiting (KillRecoveryTest).
        advance(Duration.ofMinutes(1));
        search();
        assertThat(revival.wouldRevive()).isTrue();
    }
}
