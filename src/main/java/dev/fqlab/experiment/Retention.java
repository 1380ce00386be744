package dev.fqlab.experiment;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Set;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.context.event.ApplicationReadyEvent;
import org.springframework.context.event.EventListener;
import org.springframework.stereotype.Component;

/**
 * Deletes finished experiments once they are older than {@code fqlab.retention.max-age} (by submission time),
 * every {@code fqlab.retention.interval}: the bulk delete's rules, so never a running experiment nor one that fills a
 * sweep's cell (sweeps and their experiments stay until the sweep is deleted). Off unless max-age is set.
 */
@Component
public class Retention {

    private static final Logger log = LoggerFactory.getLogger(Retention.class);
    static final Set<ExperimentStatus> FINISHED =
            Set.of(ExperimentStatus.SUCCEEDED, ExperimentStatus.FAILED, ExperimentStatus.CANCELLED);

    private final ExperimentService service;
    private final RetentionProperties properties;
    private ScheduledExecutorService thread;

    public Retention(ExperimentService service, RetentionProperties properties) {
        this.service = service;
        this.properties = properties;
    }

    @EventListener(ApplicationReadyEvent.class)
    void start() {
        if (properties.maxAge() == null) {
            return;
        }
        thread = Executors.newSingleThreadScheduledExecutor(runnable -> {
            Thread t = new Thread(runnable, "fqlab-retention");
            t.setDaemon(true);
            return t;
        });
        long every = properties.interval().toMillis();
        thread.scheduleWithFixedDelay(this::runOnce, every, every, TimeUnit.MILLISECONDS);
        log.info("Retention: finished experiments older than {} are deleted every {} (sweeps' experiments stay with "
                + "their sweeps)", properties.maxAge(), properties.interval());
    }

    /** One pass; a database outage only postpones it to the next. */
    BulkDeletion runOnce() {
        try {
            Instant before = service.now().minus(properties.maxAge());
            BulkDeletion done = service.deleteMatching(new DeletionFilter(FINISHED, List.of(), before), false);
            if (done.deleted() > 0) {
                log.info("Retention deleted {} experiments submitted before {}", done.deleted(), before);
            }
            return done;
        } catch (RuntimeException e) {
            log.warn("Retention pass failed, trying again in {}: {}", properties.interval(), e.toString());
            return null;
        }
    }

    @jakarta.annotation.PreDestroy
    void stop() {
        if (thread != null) {
            thread.shutdownNow();
        }
    }
}
