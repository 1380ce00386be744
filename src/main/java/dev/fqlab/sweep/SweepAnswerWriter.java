package dev.fqlab.sweep;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.DisposableBean;
import org.springframework.stereotype.Component;

/**
 * One background thread that stores settled sweeps' default answers ({@link SweepAnswerStore}) after the request or
 * the experiment that settled them, so neither waits for the write. A task already waiting for the same key is not
 * queued twice; when 1 000 tasks wait, more are dropped: nothing is lost but time, since a sweep without its stored
 * answer renders it on its next read and stores it then. Each store is one transaction, so a task stopped by
 * shutdown leaves nothing half-written.
 */
@Component
class SweepAnswerWriter implements DisposableBean {

    private static final Logger log = LoggerFactory.getLogger(SweepAnswerWriter.class);

    private final Set<Object> waiting = ConcurrentHashMap.newKeySet();
    private final ThreadPoolExecutor executor = new ThreadPoolExecutor(1, 1, 0, TimeUnit.MILLISECONDS,
            new LinkedBlockingQueue<>(1000), runnable -> {
                Thread thread = new Thread(runnable, "sweep-answers");
                thread.setDaemon(true);
                thread.setPriority(Thread.MIN_PRIORITY);
                return thread;
            });

    /** Runs {@code task} on the writer's thread, unless a task for {@code key} is waiting already. */
    void store(Object key, Runnable task) {
        if (!waiting.add(key)) {
            return;
        }
        try {
            executor.execute(() -> {
                waiting.remove(key);
                try {
                    task.run();
                } catch (RuntimeException e) {
                    // The next read renders the answer again and stores it then.
                    log.warn("A sweep answer was not stored ({}): {}", key, e.toString());
                }
            });
        } catch (RejectedExecutionException full) {
            waiting.remove(key);
        }
    }

    /** Blocks until every task queued so far has run (tests). */
    void drain() throws InterruptedException {
        java.util.concurrent.CountDownLatch done = new java.util.concurrent.CountDownLatch(1);
        executor.execute(done::countDown);
        done.await(30, TimeUnit.SECONDS);
    }

    @Override
    public void destroy() {
        executor.shutdownNow();
    }
}
