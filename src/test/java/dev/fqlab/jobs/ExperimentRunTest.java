package dev.fqlab.jobs;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;
import org.springframework.dao.DataAccessResourceFailureException;

/** The engine's run control: throttled progress writes, and cancellation from the database or locally. */
class ExperimentRunTest {

    private final UUID id = UUID.randomUUID();
    private final List<Double> written = new ArrayList<>();
    private final AtomicBoolean owned = new AtomicBoolean(true);

    @Test
    void progressIsWrittenAtMostOncePerInterval() throws InterruptedException {
        ExperimentRun run = new ExperimentRun(id, 1, this::record, Duration.ofMillis(50));

        for (int i = 0; i < 1000; i++) {
            run.progress(i / 1000.0, 0, i);
        }
        assertThat(written).isEmpty();
        Thread.sleep(60);
        run.progress(0.123456, 0, 0);
        run.progress(0.2, 0, 0);

        assertThat(written).containsExactly(0.1235);
        assertThat(run.cancelled()).isFalse();
    }

    @Test
    void zeroRowsUpdatedMeansCancelled() throws InterruptedException {
        ExperimentRun run = new ExperimentRun(id, 1, this::record, Duration.ofMillis(20));
        owned.set(false);

        assertThat(run.cancelled()).isFalse();
        Thread.sleep(30);

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
    void aDatabaseHiccupDoesNotStopTheRun() throws InterruptedException {
        ExperimentRun run = new ExperimentRun(id, 1, (experiment, attempt, fraction) -> {
            throw new DataAccessResourceFailureException("connection refused");
        }, Duration.ofMillis(10));
        Thread.sleep(20);

        run.progress(0.5, 0, 0);

        assertThat(run.cancelled()).isFalse();
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
        assertThat(brief.cancelled()).isFalse();
        assertThat(left.get()).isZero();
    }
}
