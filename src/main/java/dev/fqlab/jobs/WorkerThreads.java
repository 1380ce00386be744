package dev.fqlab.jobs;

import com.github.kagkarlsson.scheduler.boot.config.DbSchedulerCustomizer;
import com.sun.management.HotSpotDiagnosticMXBean;
import dev.fqlab.config.FqlabProperties;
import java.lang.management.ManagementFactory;
import java.util.Optional;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;

/**
 * db-scheduler's worker pool: {@code fqlab.workers} threads named {@code fqlab-worker-N} that run simulations at
 * Java's lowest priority. A simulation is pure CPU and by default there are as many workers as cores, so without
 * this every HTTP request would queue behind them for its share of a core. Linux honours Java priorities only
 * when the JVM runs with {@code -XX:ThreadPriorityPolicy=1 -XX:JavaPriority1_To_OSPriority=19}: the workers then
 * run at nice 19 (any user may lower a thread's priority), and requests preempt them; without those flags this
 * changes nothing, and the service says so at startup.
 */
@Component
class WorkerThreads implements DbSchedulerCustomizer {

    static final String JVM_FLAGS = "-XX:ThreadPriorityPolicy=1 -XX:JavaPriority1_To_OSPriority=19";
    private static final Logger log = LoggerFactory.getLogger(WorkerThreads.class);

    private final ExecutorService pool;

    WorkerThreads(FqlabProperties properties) {
        AtomicInteger count = new AtomicInteger();
        // db-scheduler shuts this pool down when it stops.
        this.pool = Executors.newFixedThreadPool(properties.workers(), runnable -> {
            Thread thread = new Thread(runnable, "fqlab-worker-" + count.incrementAndGet());
            thread.setPriority(Thread.MIN_PRIORITY);
            return thread;
        });
        if (!prioritiesHonoured()) {
            log.info("Simulations run at the JVM's lowest thread priority, which Linux ignores unless the JVM starts "
                    + "with {}: add them so that HTTP answers stay fast while every worker is busy", JVM_FLAGS);
        }
    }

    @Override
    public Optional<ExecutorService> executorService() {
        return Optional.of(pool);
    }

    private static boolean prioritiesHonoured() {
        try {
            HotSpotDiagnosticMXBean hotspot = ManagementFactory.getPlatformMXBean(HotSpotDiagnosticMXBean.class);
            return "1".equals(hotspot.getVMOption("ThreadPriorityPolicy").getValue());
        } catch (RuntimeException notHotSpot) {
            return false;
        }
    }
}
