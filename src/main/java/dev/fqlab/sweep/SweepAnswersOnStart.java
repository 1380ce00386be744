package dev.fqlab.sweep;

import dev.fqlab.config.FqlabProperties;
import dev.fqlab.web.RequestsInFlight;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.context.event.ApplicationReadyEvent;
import org.springframework.context.event.EventListener;
import org.springframework.stereotype.Component;

/**
 * After start-up, stores the default answers ({@link SweepAnswerStore}) of every settled sweep that has none from this
 * build — those settled before this build was deployed, or whose answer was not stored (queue full, instance stopped)
 * — so that their first reader gets a stored answer instead of waiting for a render (issue 17: a 1 000-cell sweep
 * renders in tens of milliseconds, stored it is one primary-key fetch).
 *
 * <p>Newest sweeps first (most likely to be read), a page at a time on the writer's thread ({@link SweepAnswerWriter}),
 * each page queued after the one before, so the answers of sweeps settling meanwhile are not held up behind it. Before
 * each sweep it steps aside while this instance answers HTTP requests (as simulations do, {@link RequestsInFlight}),
 * up to a second, and after rendering one it rests as long as that took. Sweeps still running are skipped
 * ({@link SweepService#storeDefaults}); they store their answers when they settle. Several instances of one build
 * share the work: each skips a sweep another has stored meanwhile (the check is made again just before rendering).
 * Two builds side by side during a rolling deployment each store their own rows, replacing the other's
 * ({@link SweepAnswerStore#save}): harmless, it ends with the old build. {@code fqlab.sweep-answers-on-start=false}
 * turns it off: then the first read renders, as before.
 */
@Component
class SweepAnswersOnStart {

    private static final Logger log = LoggerFactory.getLogger(SweepAnswersOnStart.class);
    static final int PAGE = 20;
    /** How long it waits for a moment without HTTP requests before rendering a sweep anyway. */
    private static final long STEP_ASIDE_MS = 1000;

    private final boolean enabled;
    private final SweepRepository sweeps;
    private final SweepAnswerStore stored;
    private final SweepService service;
    private final SweepAnswerWriter writer;
    private final RequestsInFlight requests;

    SweepAnswersOnStart(FqlabProperties properties, SweepRepository sweeps, SweepAnswerStore stored,
            SweepService service, SweepAnswerWriter writer, RequestsInFlight requests) {
        this.enabled = properties.sweepAnswersOnStart();
        this.sweeps = sweeps;
        this.stored = stored;
        this.service = service;
        this.writer = writer;
        this.requests = requests;
    }

    @EventListener(ApplicationReadyEvent.class)
    void start() {
        if (enabled) {
            writer.store(SweepAnswersOnStart.class, () -> page(null, 0));
        }
    }

    /** Stores the answers of the sweeps of one page (older than {@code beforeSeq}) and queues the next page. */
    private void page(Long beforeSeq, int storedSoFar) {
        List<SweepRepository.Unanswered> page = sweeps.withoutAnswers(stored.renderer(), beforeSeq, PAGE);
        int count = storedSoFar;
        for (SweepRepository.Unanswered sweep : page) {
            stepAside();
            long start = System.nanoTime();
            if (service.storeDefaults(sweep.id())) {
                count++;
                // Rests as long as the render took: at most half a core, so the requests that come while it renders
                // (stepping aside only avoids starting one during a request) keep most of the machine.
                pause((System.nanoTime() - start) / 1_000_000);
            }
        }
        if (page.size() == PAGE) {
            long next = page.getLast().seq();
            int soFar = count;
            writer.store(SweepAnswersOnStart.class, () -> page(next, soFar));
        } else if (count > 0) {
            log.info("Stored the answers of {} settled sweeps that had none from this build", count);
        }
    }

    private void stepAside() {
        long until = System.nanoTime() + STEP_ASIDE_MS * 1_000_000;
        while (requests.any() && System.nanoTime() < until && pause(2)) {
            // waiting for a moment without requests
        }
    }

    /** Sleeps; false when interrupted (shutting down). */
    private static boolean pause(long ms) {
        try {
            Thread.sleep(Math.min(ms, STEP_ASIDE_MS));
            return true;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }
}
