package dev.fqlab.metrics;

import dev.fqlab.config.FqlabProperties;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.LongSupplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.DisposableBean;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.stereotype.Component;

/**
 * The queued and running gauges, counted in the database by a background thread every {@code fqlab.counts-cache-ttl},
 * so that a Prometheus scrape never waits for the database: it reads the last count, and
 * {@code fqlab_experiments_counts_age_seconds} says how old that count is. While the database is unreachable the
 * gauges keep their last values and the age grows; before the first count they are NaN.
 */
@Component
public class QueueGauges implements DisposableBean {

    private static final Logger log = LoggerFactory.getLogger(QueueGauges.class);

    private final ActiveExperiments active;
    private final LongSupplier nanoTime;
    private final ScheduledExecutorService thread;
    private final long startedAt;
    private volatile ActiveExperiments.Counts counts;
    private volatile long countedAt;
    private boolean failing;

    @Autowired
    public QueueGauges(MeterRegistry registry, ActiveExperiments active, FqlabProperties properties) {
        this(registry, active, System::nanoTime);
        long everyMs = properties.countsCacheTtl().toMillis();
        thread.scheduleWithFixedDelay(this::refresh, 0, everyMs, TimeUnit.MILLISECONDS);
    }

    /** Without the background thread: a test calls {@link #refresh()} and drives the clock. */
    QueueGauges(MeterRegistry registry, ActiveExperiments active, LongSupplier nanoTime) {
        this.active = active;
        this.nanoTime = nanoTime;
        this.startedAt = nanoTime.getAsLong();
        this.thread = Executors.newSingleThreadScheduledExecutor(runnable -> {
            Thread t = new Thread(runnable, "fqlab-queue-gauges");
            t.setDaemon(true);
            return t;
        });
        Gauge.builder("fqlab.experiments.queued", this, g -> g.counts == null ? Double.NaN : g.counts.queued())
                .description("Experiments waiting for a worker (all instances), as last counted").register(registry);
        Gauge.builder("fqlab.experiments.running", this, g -> g.counts == null ? Double.NaN : g.counts.running())
                .description("Experiments being simulated (all instances), as last counted").register(registry);
        Gauge.builder("fqlab.experiments.counts.age", this, QueueGauges::ageSeconds).baseUnit("seconds")
                .description("Seconds since the queued and running gauges were last counted in the database; it "
                        + "grows while the database is unreachable").register(registry);
    }

    /** Counts once; a failure leaves the last counts in place (and is logged once per outage). */
    void refresh() {
        try {
            ActiveExperiments.Counts fresh = active.count();
            counts = fresh;
            countedAt = nanoTime.getAsLong();
            if (failing) {
                log.info("The queue gauges are counted again");
                failing = false;
            }
        } catch (RuntimeException e) {
            if (!failing) {
                log.warn("Cannot count experiments for the queue gauges (they keep their last values): {}", e.getMessage());
                failing = true;
            }
        }
    }

    /** Since the last successful count; since start-up before the first. */
    double ageSeconds() {
        long since = counts == null ? startedAt : countedAt;
        return (nanoTime.getAsLong() - since) / 1e9;
    }

    @Override
    public void destroy() {
        thread.shutdownNow();
    }
}
