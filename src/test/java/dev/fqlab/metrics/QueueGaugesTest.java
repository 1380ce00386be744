package dev.fqlab.metrics;

import static org.assertj.core.api.Assertions.assertThat;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.springframework.dao.DataAccessResourceFailureException;

/** The queue gauges read a cached count; a failed count keeps the last one and the age says how old it is. */
class QueueGaugesTest {

    private final SimpleMeterRegistry registry = new SimpleMeterRegistry();
    private final AtomicLong nanos = new AtomicLong(5_000_000_000L);
    private final AtomicReference<ActiveExperiments.Counts> database = new AtomicReference<>();
    private final QueueGauges gauges = new QueueGauges(registry, () -> {
        ActiveExperiments.Counts counts = database.get();
        if (counts == null) {
            throw new DataAccessResourceFailureException("Connection refused");
        }
        return counts;
    }, nanos::get);

    private double gauge(String name) {
        return registry.get(name).gauge().value();
    }

    private void advance(Duration by) {
        nanos.addAndGet(by.toNanos());
    }

    @Test
    void readingTheGaugesNeverAsksTheDatabase() {
        assertThat(gauge("fqlab.experiments.queued")).isNaN();
        assertThat(gauge("fqlab.experiments.running")).isNaN();

        database.set(new ActiveExperiments.Counts(7, 2));
        // Not counted yet: only the background refresh asks.
        assertThat(gauge("fqlab.experiments.queued")).isNaN();
        gauges.refresh();
        database.set(new ActiveExperiments.Counts(8, 1));

        assertThat(gauge("fqlab.experiments.queued")).isEqualTo(7);
        assertThat(gauge("fqlab.experiments.running")).isEqualTo(2);
        assertThat(gauge("fqlab.experiments.counts.age")).isZero();
    }

    @Test
    void whileTheDatabaseIsDownTheLastCountsStayAndTheirAgeGrows() {
        database.set(new ActiveExperiments.Counts(3, 2));
        gauges.refresh();
        database.set(null);
        for (int i = 0; i < 10; i++) {
            advance(Duration.ofSeconds(5));
            gauges.refresh();
        }

        assertThat(gauge("fqlab.experiments.queued")).isEqualTo(3);
        assertThat(gauge("fqlab.experiments.running")).isEqualTo(2);
        assertThat(gauge("fqlab.experiments.counts.age")).isEqualTo(50);

        database.set(new ActiveExperiments.Counts(0, 1));
        advance(Duration.ofMillis(500));
        gauges.refresh();
        assertThat(gauge("fqlab.experiments.counts.age")).isZero();
        assertThat(gauge("fqlab.experiments.queued")).isZero();
    }

    @Test
    void beforeTheFirstCountTheAgeIsTheTimeSinceStartUp() {
        advance(Duration.ofSeconds(12));
        gauges.refresh();

        assertThat(gauge("fqlab.experiments.counts.age")).isEqualTo(12);
    }
}
