package dev.fqlab.jobs;

import com.github.kagkarlsson.scheduler.Scheduler;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.event.ContextClosedEvent;
import org.springframework.context.event.EventListener;
import org.springframework.stereotype.Component;

/**
 * On a graceful shutdown, stops taking jobs and hands running experiments back to the queue at once, so
 * another instance resumes them in a second instead of waiting for the heartbeat timeout (a killed instance
 * still relies on that).
 */
@Component
class ShutdownHandover {

    private static final Logger log = LoggerFactory.getLogger(ShutdownHandover.class);

    private final Scheduler scheduler;
    private final RunRegistry runs;

    ShutdownHandover(Scheduler scheduler, RunRegistry runs) {
        this.scheduler = scheduler;
        this.runs = runs;
    }

    @EventListener(ContextClosedEvent.class)
    void handOver() {
        log.info("Shutting down: no new runs; running experiments go back to the queue");
        scheduler.pause();
        runs.handBackAll();
    }
}
