package dev.fqlab.sweep;

import dev.fqlab.config.FqlabProperties;
import dev.fqlab.web.RequestsInFlight;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.DisposableBean;
import org.springframework.boot.context.event.ApplicationReadyEvent;
import org.springframework.context.event.EventListener;
import org.springframework.stereotype.Component;

/**
 * After start-up, stores the default answers ({@link SweepAnswerStore}) of every settled sweep that has none from this
 * build — those settled before this build was deployed, or whose answer was not stored (queue full, instance stopped)
 * — so that their first reader gets a stored answer instead of waiting for a render (issue 17: a 1 000-cell sweep
 * renders in tens of milliseconds, stored it is one primary-key fetch).
 *
 * <p>Newest sweeps first (most likely to be read), on a thread of its own (the writer's, {@link SweepAnswerWriter},
 * stores the answers of sweeps settling meanwhile without waiting for it). Before each sweep it waits until this
 * instance has answered no HTTP request for {@value #QUIET_MS} ms ({@link RequestsInFlight}; however long that takes:
 * a busy instance renders on the reads, as without it), and after rendering one it rests as long as that took: a
 * render takes a core for tens of milliseconds, and a request arriving meanwhile should find the machine as idle as
 * possible. Sweeps still running are skipped
 * ({@link SweepService#storeDefaults}); they store their answers when they settle. Several instances of one build
 * share the work: each skips a sweep another has stored meanwhile (the check is made again just before rendering).
 * Two builds side by side during a rolling deployment each store their own rows, replacing the other's
 * ({@link SweepAnswerStore#save}): harmless, it ends with the old build. {@code fqlab.sweep-answers-on-start=false}
 * turns it off: then the first read renders, as before.
 */
@Component
class SweepAnswersOnStart implements DisposableBean {

    private static final Logger log = LoggerFactory.getLogger(SweepAnswersOnStart.class);
    static final int PAGE = 20;
    /** How long this instance must have answered no HTTP request before a sweep is rendered. */
    static final long QUIET_MS = 250;
    /** The longest rest after a render. */
    private static final long MAX_REST_MS = 1000;

    private final boolean enabled;
    private final SweepRepository sweeps;
    private final SweepAnswerStore stored;
    private final SweepService service;
    private final RequestsInFlight requests;
    /** Its own thread: waiting for a lull must not hold up the writer's stores of sweeps settling now. */
    private final ExecutorService thread = Executors.newSingleThreadExecutor(runnable -> {
        Thread t = new Thread(runnable, "sweep-answers-on-start");
        t.setDaemon(true);
        t.setPriority(Thread.MIN_PRIORITY);
        return t;
    });

    SweepAnswersOnStart(FqlabProperties properties, SweepRepository sweeps, SweepAnswerStore stored,
            SweepService service, RequestsInFlight requests) {
        this.enabled = properties.sweepAnswersOnStart();
        this.sweeps = sweeps;
        this.stored = stored;
        this.service = service;
        this.requests = requests;
    }

    @EventListener(ApplicationReadyEvent.class)
    void start() {
        if (enabled) {
            thread.execute(this::storeAll);
        }
    }

    /** Goes through every sweep without this build's answers, newest first, a page at a time. */
    private void storeAll() {
        Long before = null;
        int count = 0;
        try {
            while (!Thread.currentThread().isInterrupted()) {
                List<SweepRepository.Unanswered> page = sweeps.withoutAnswers(stored.renderer(), before, PAGE);
                for (SweepRepository.Unanswered sweep : page) {
                    if (!stepAside()) {
                        return;
                    }
                    long start = System.nanoTime();
                    if (service.storeDefaults(sweep.id())) {
                        count++;
                        // Rests as long as the render took: at most half a core, should requests start meanwhile.
                        pause((System.nanoTime() - start) / 1_000_000);
                    }
                }
                if (page.size() < PAGE) {
                    break;
                }
                before = page.getLast().seq();
            }
        } catch (RuntimeException e) {
            // Nothing lost: those left render on their first read and are stored then.
            log.warn("Storing settled sweeps' answers after start-up stopped: {}", e.toString());
        }
        if (count > 0) {
            log.info("Stored the answers of {} settled sweeps that had none from this build", count);
        }
    }

    /**
     * Waits until this instance has answered no request for {@link #QUIET_MS}, however long that takes: a busy
     * instance renders on the reads as before, and this work waits for a lull. False when interrupted.
     */
    private boolean stepAside() {
        while (!requests.quietFor(QUIET_MS * 1_000_000)) {
            if (!pause(QUIET_MS / 5)) {
                return false;
            }
        }
        return true;
    }

    /** Sleeps; false when interrupted (shutting down). */
    private static boolean pause(long ms) {
        try {
            Thread.sleep(Math.min(ms, MAX_REST_MS));
            return true;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    @Override
    public void destroy() {
        thread.shutdownNow();
    }
}
