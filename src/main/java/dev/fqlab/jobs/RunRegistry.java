package dev.fqlab.jobs;

import dev.fqlab.config.FqlabProperties;
import dev.fqlab.experiment.ExperimentCancelled;
import dev.fqlab.experiment.ExperimentRepository;
import dev.fqlab.web.RequestsInFlight;
import java.time.Duration;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.function.BooleanSupplier;
import org.springframework.stereotype.Component;
import org.springframework.transaction.event.TransactionalEventListener;

/** The runs in progress on this instance, so a local cancel or a shutdown reaches them at once. */
@Component
public class RunRegistry {

    private final ConcurrentMap<UUID, ExperimentRun> runs = new ConcurrentHashMap<>();
    private final ExperimentRepository experiments;
    private final Duration progressInterval;
    private volatile boolean stopping;

    private final BooleanSupplier requestsWaiting;

    public RunRegistry(ExperimentRepository experiments, FqlabProperties properties, RequestsInFlight requests) {
        this.experiments = experiments;
        this.progressInterval = properties.progressInterval();
        this.requestsWaiting = properties.yieldToRequests() ? requests::any : () -> false;
    }

    ExperimentRun open(UUID experimentId, int attempt) {
        ExperimentRun run = new ExperimentRun(experimentId, attempt, experiments::progress, progressInterval,
                requestsWaiting);
        runs.put(experimentId, run);
        if (stopping) {
            run.handBack();
        }
        return run;
    }

    void close(ExperimentRun run) {
        runs.remove(run.experimentId(), run);
    }

    /** After the cancel is committed, so the run cannot miss it and the canceller's answer is already true. */
    @TransactionalEventListener(fallbackExecution = true)
    void on(ExperimentCancelled cancelled) {
        ExperimentRun run = runs.get(cancelled.experimentId());
        if (run != null) {
            run.cancel();
        }
    }

    /** Stops every run here so it can be handed back to the queue; new runs are handed back as they open. */
    void handBackAll() {
        stopping = true;
        runs.values().forEach(ExperimentRun::handBack);
    }

    boolean stopping() {
        return stopping;
    }
}
