package dev.fqlab.jobs;

import com.github.kagkarlsson.scheduler.boot.config.DbSchedulerCustomizer;
import dev.fqlab.config.FqlabProperties;
import java.util.Optional;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import org.springframework.stereotype.Component;

/**
 * db-scheduler's worker pool: {@code fqlab.workers} threads named {@code fqlab-worker-N}, so logs, thread dumps and
 * {@code top -H} say which threads are simulating. db-scheduler shuts the pool down when it stops.
 */
@Component
class WorkerThreads implements DbSchedulerCustomizer {

    private final ExecutorService pool;

    WorkerThreads(FqlabProperties properties) {
        AtomicInteger count = new AtomicInteger();
        this.pool = Executors.newFixedThreadPool(properties.workers(),
                runnable -> new Thread(runnable, "fqlab-worker-" + count.incrementAndGet()));
    }

    @Override
    public Optional<ExecutorService> executorService() {
        return Optional.of(pool);
    }
}
