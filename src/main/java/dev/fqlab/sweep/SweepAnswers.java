package dev.fqlab.sweep;

import dev.fqlab.config.FqlabProperties;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.stereotype.Component;

/**
 * The rendered answers ({@code GET /sweeps/{id}} JSON, {@code table.csv}) of settled sweeps other than the default
 * ones (those are stored in the database: {@link SweepAnswerStore}), per instance, least
 * recently used first out once they hold more than {@code fqlab.sweep-answer-cache} bytes (0: none kept).
 *
 * <p>A settled sweep's answer never changes: every cell's experiment is final (a final state is never left), its
 * result never changes once stored, and a cell goes only with its sweep (V8: deleting one of its experiments is
 * refused); when a later sweep inherits an experiment of a deleted one (it reused it), only that experiment's
 * {@code sweepId} changes, which neither sweep's table shows. What can change is whether the sweep exists: the
 * caller checks that by primary key before answering from here ({@link SweepService}), so a sweep deleted
 * through another instance is a 404 here too, and {@link #forget} drops a deleted sweep's answers at once.
 */
@Component
class SweepAnswers {

    /** One answer: which sweep, and the request in a normal form (kind and parameters). */
    record Key(UUID sweep, String request) {

        static Key of(UUID sweep, String kind, List<String> metric, List<String> statistics) {
            return new Key(sweep, kind + "\n" + (metric == null ? "-" : String.join("\n", metric)) + "\n"
                    + (statistics == null ? "-" : String.join("\n", statistics)));
        }
    }

    private final long capacity;
    private final LinkedHashMap<Key, byte[]> answers = new LinkedHashMap<>(64, 0.75f, true);
    private long bytes;

    @Autowired
    SweepAnswers(FqlabProperties properties) {
        this(properties.sweepAnswerCache().toBytes());
    }

    SweepAnswers(long capacity) {
        this.capacity = capacity;
    }

    /** The answer rendered before, or null. */
    synchronized byte[] get(Key key) {
        return answers.get(key);
    }

    /** Keeps an answer of a settled sweep; one larger than a quarter of the capacity is not kept. */
    synchronized void put(Key key, byte[] answer) {
        if (answer.length > capacity / 4) {
            return;
        }
        byte[] before = answers.put(key, answer);
        bytes += answer.length - (before == null ? 0 : before.length);
        Iterator<Map.Entry<Key, byte[]>> eldest = answers.entrySet().iterator();
        while (bytes > capacity && eldest.hasNext()) {
            bytes -= eldest.next().getValue().length;
            eldest.remove();
        }
    }

    /** Drops every answer of {@code sweep} (deleted). */
    synchronized void forget(UUID sweep) {
        Iterator<Map.Entry<Key, byte[]>> entries = answers.entrySet().iterator();
        while (entries.hasNext()) {
            Map.Entry<Key, byte[]> entry = entries.next();
            if (entry.getKey().sweep().equals(sweep)) {
                bytes -= entry.getValue().length;
                entries.remove();
            }
        }
    }

    /** How many bytes the kept answers take. */
    synchronized long bytes() {
        return bytes;
    }
}
