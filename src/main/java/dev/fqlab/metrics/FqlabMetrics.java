package dev.fqlab.metrics;

import dev.fqlab.config.FqlabProperties;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import java.time.Duration;
import org.springframework.stereotype.Component;

/**
 * fqlab's own meters (api.md Operations). Names avoid the suffixes Prometheus reserves ({@code .total},
 * {@code .created}, ...): the registry adds {@code _total} to counters and {@code _seconds} to timers itself,
 * giving {@code fqlab_experiments_submitted_total}, {@code fqlab_experiment_run_seconds_bucket}, ...
 * Counters count what this instance did (sum them over instances); the queued/running gauges ({@link QueueGauges})
 * count the shared database, so every instance reports the same, correct number.
 */
@Component
public class FqlabMetrics {

    private final Counter submitted;
    private final Counter succeeded;
    private final Counter failed;
    private final Counter cancelled;
    private final Timer runTime;
    private final Counter simEvents;
    private final Counter simPackets;
    private final Counter simSeconds;

    public FqlabMetrics(MeterRegistry registry, FqlabProperties properties) {
        submitted = Counter.builder("fqlab.experiments.submitted")
                .description("Experiments accepted by POST /experiments and POST /sweeps").register(registry);
        // Tagged with the experiment's final status (ExperimentStatus), in that enum's order.
        succeeded = finished(registry, "SUCCEEDED");
        failed = finished(registry, "FAILED");
        cancelled = finished(registry, "CANCELLED");
        runTime = Timer.builder("fqlab.experiment.run")
                .description("Wall time of one simulation run, start to stored result")
                .publishPercentileHistogram()
                .minimumExpectedValue(Duration.ofMillis(10))
                .maximumExpectedValue(Duration.ofHours(2))
                .register(registry);
        simEvents = Counter.builder("fqlab.sim.events").description("Simulation events processed").register(registry);
        simPackets = Counter.builder("fqlab.sim.packets").description("Packets simulated").register(registry);
        simSeconds = Counter.builder("fqlab.sim.simulated.seconds").description("Simulated time")
                .register(registry);
        Gauge.builder("fqlab.workers", properties::workers)
                .description("Simulations this instance runs in parallel").register(registry);
    }

    private static Counter finished(MeterRegistry registry, String status) {
        return Counter.builder("fqlab.experiments.finished").tag("status", status)
                .description("Experiments that reached a final status").register(registry);
    }

    public void submitted() {
        submitted.increment();
    }

    /** Several experiments accepted at once (a sweep's). */
    public void submitted(int count) {
        submitted.increment(count);
    }

    /** An experiment reached SUCCEEDED. */
    public void succeeded() {
        succeeded.increment();
    }

    /** An experiment reached FAILED. */
    public void failed() {
        failed.increment();
    }

    /** An experiment reached CANCELLED. */
    public void cancelled() {
        cancelled.increment();
    }

    /** The wall time of one run that ended in SUCCEEDED or FAILED. */
    public void ran(Duration wallTime) {
        runTime.record(wallTime);
    }

    /** The engine's totals of one succeeded run. */
    public void simulated(long events, long packets, double simulatedSeconds) {
        simEvents.increment(events);
        simPackets.increment(packets);
        simSeconds.increment(simulatedSeconds);
    }
}
