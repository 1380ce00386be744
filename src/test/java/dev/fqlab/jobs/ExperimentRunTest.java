package dev.fqlab.jobs;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.springframework.dao.DataAccessResourceFailureException;

/** The engine's run control: throttled progress writes, and cancellation from the database or locally. */
class ExperimentRunTest {

    private final UUID id = UUID.randomUUID();
    private final List<Double> written = new ArrayList<>();
    private final AtomicBoolean owned = new AtomicBoolean(true);
    /** The runs' clock, driven by hand: no test depends on how fast this machine is. */
    private final AtomicLong nanos = new AtomicLong();

    private ExperimentRun run(ExperimentRun.ProgressSink sink, Duration syncInterval) {
        return new ExperimentRun(id, 1, sink, syncInterval, () -> false, nanos::get);
    }

    private void advance(Duration by) {
        nanos.addAndGet(by.toNanos());
    }

    @Test
    void progressIsWrittenAtMostOncePerInterval() {
        ExperimentRun run = run(this::record, Duration.ofMillis(50));

        for (int i = 0; i < 1000; i++) {
            run.progress(i / 1000.0, 0, i);
            advance(Duration.ofNanos(49_000)); // 1000 calls in 49 ms: still within the first interval
        }
        assertThat(written).isEmpty();
        advance(Duration.ofMillis(1));
        run.progress(0.123456, 0, 0);
        run.progress(0.2, 0, 0);

        assertThat(written).containsExactly(0.1235);
        assertThat(run.cancelled()).isFalse();
    }

    @Test
    void zeroRowsUpdatedMeansCancelled() {
        ExperimentRun run = run(this::record, Duration.ofMillis(20));
        owned.set(false);

        assertThat(run.cancelled()).isFalse();
        advance(Duration.ofMillis(20));

        assertThat(run.cancelled()).isTrue();
        assertThat(run.handedBack()).isFalse();
    }

    @Test
    void aLocalCancelIsImmediateAndWinsOverAHandBack() {
        ExperimentRun run = new ExperimentRun(id, 1, this::record, Duration.ofHours(1));

        run.handBack();
        assertThat(run.cancelled()).isTrue();
        assertThat(run.handedBack()).isTrue();
        run.cancel();
        assertThat(run.handedBack()).isFalse();
    }

    @Test
    void aDatabaseHiccupDoesNotStopTheRun() {
        ExperimentRun run = run((experiment, attempt, fraction) -> {
            throw new DataAccessResourceFailureException("connection refused");
        }, Duration.ofMillis(10));
        advance(Duration.ofMillis(20));

        run.progress(0.5, 0, 0);

        assertThat(run.cancelled()).isFalse();
    }

    @Test
    void afterAFailedWriteTheNextWaitsFiveSecondsSoAnOutageDoesNotStallTheSimulation() {
        java.util.concurrent.atomic.AtomicInteger tries = new java.util.concurrent.atomic.AtomicInteger();
        java.util.concurrent.atomic.AtomicBoolean down = new java.util.concurrent.atomic.AtomicBoolean(true);
        ExperimentRun run = run((experiment, attempt, fraction) -> {
            tries.incrementAndGet();
            if (down.get()) {
                throw new DataAccessResourceFailureException("connection refused");
            }
            return true;
        }, Duration.ofMillis(100));

        advance(Duration.ofMillis(100));
        run.progress(0.1, 0, 0);
        assertThat(tries).hasValue(1);
        // Each failed write costs the pool's connection timeout: during an outage only one every 5 s.
        for (int i = 0; i < 49; i++) {
            advance(Duration.ofMillis(100));
            run.progress(0.2, 0, 0);
        }
        assertThat(tries).hasValue(1);
        advance(Duration.ofMillis(100));
        run.progress(0.3, 0, 0);
        assertThat(tries).hasValue(2);
        // Back to every interval once a write succeeds.
        down.set(false);
        advance(Duration.ofSeconds(5));
        run.progress(0.4, 0, 0);
        advance(Duration.ofMillis(100));
        run.progress(0.5, 0, 0);
        assertThat(tries).hasValue(4);
    }

    @Test
    void failuresReadAsOneSentence() {
        assertThat(ExperimentRunner.failureSentence(new IllegalArgumentException("only wired links.\nat x.Y")))
                .isEqualTo("The simulation failed: only wired links.");
        assertThat(ExperimentRunner.failureSentence(new NullPointerException()))
                .isEqualTo("The simulation failed: NullPointerException.");
        assertThat(ExperimentRunner.failureSentence(new IllegalStateException("x".repeat(500)))).hasSizeLessThan(340);
    }

    private boolean record(UUID experiment, int attempt, double fraction) {
        written.add(fraction);
        return owned.get();
    }

    @Test
    void aRunStepsAsideWhileRequestsAreAnsweredButAlwaysGoesOn() {
        java.util.concurrent.atomic.AtomicInteger asked = new java.util.concurrent.atomic.AtomicInteger();
        ExperimentRun busy = new ExperimentRun(id, 1, this::record, Duration.ofHours(1), () -> {
            asked.incrementAndGet();
            return true;
        });

        long started = System.nanoTime();
        assertThat(busy.cancelled()).isFalse();

        // Requests never stop here, yet the run goes on after its longest pause.
        assertThat(System.nanoTime() - started).isGreaterThanOrEqualTo(ExperimentRun.MAX_YIELD);
        assertThat(asked.get()).isGreaterThan(1);

        java.util.concurrent.atomic.AtomicInteger left = new java.util.concurrent.atomic.AtomicInteger(3);
        ExperimentRun brief = new ExperimentRun(id, 1, this::record, Duration.ofHours(1), () -> left.decrementAndGet() > 0);
        long before = System.nanoTime();
        assertThat(brief.cancelled()).isFalse();
        long waited = System.nanoTime() - before;
        // It waits while requests are answered and goes on when they end (left reaches 0) — unless a loaded machine
        // oversleeps the 100 µs parks so that the cap comes first; it never stops asking early otherwise.
        assertThat(left.get() == 0 || waited >= ExperimentRun.MAX_YIELD)
                .as("left %d after %d ns", left.get(), waited).isTrue();
        assertThat(left.get()).isLessThanOrEqualTo(1);
    }
}
