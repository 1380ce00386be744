package dev.fqlab.sweep;

import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.info.BuildProperties;
import org.springframework.boot.info.GitProperties;
import org.springframework.dao.DataIntegrityViolationException;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * Settled sweeps' default answers in the database ({@code sweep_answers}, V18): the bytes {@code GET /sweeps/{id}}
 * and {@code table.csv} send, written once the sweep is settled, so that any instance answers a settled sweep with
 * one primary-key fetch (and a deleted sweep's rows go with it, in the same transaction).
 *
 * <p>Each row names the build that rendered it ({@link #renderer()}: version, commit, dirty flag and build time); a
 * row of another build counts as absent and is replaced, so a change to how answers are written never sends bytes
 * an older build wrote. Without build information (tests run from classes), the renderer is unique to this
 * process.
 */
@Repository
class SweepAnswerStore {

    private final JdbcClient jdbc;
    private final TransactionTemplate transactions;
    private final String renderer;

    @Autowired
    SweepAnswerStore(JdbcClient jdbc, TransactionTemplate transactions, ObjectProvider<BuildProperties> build,
            ObjectProvider<GitProperties> git) {
        this(jdbc, transactions, renderer(build.getIfAvailable(), git.getIfAvailable()));
    }

    SweepAnswerStore(JdbcClient jdbc, TransactionTemplate transactions, String renderer) {
        this.jdbc = jdbc;
        this.transactions = transactions;
        this.renderer = renderer;
    }

    static String renderer(BuildProperties build, GitProperties git) {
        if (build == null || build.getTime() == null || git == null || git.getShortCommitId() == null) {
            return "process-" + UUID.randomUUID();
        }
        return build.getVersion() + "+" + git.getShortCommitId() + ("true".equals(git.get("dirty")) ? ".dirty" : "")
                + "@" + build.getTime();
    }

    /** Which build's bytes this instance sends. */
    String renderer() {
        return renderer;
    }

    /** The answer this build stored, or null (none, another build's, or the sweep is gone). */
    byte[] find(SweepAnswers.Key key) {
        List<byte[]> bodies = jdbc.sql("SELECT body FROM sweep_answers WHERE sweep_id = :id AND request = :request "
                        + "AND renderer = :renderer")
                .param("id", key.sweep()).param("request", key.request()).param("renderer", renderer)
                .query((rs, n) -> rs.getBytes(1)).list();
        return bodies.isEmpty() ? null : bodies.getFirst();
    }

    /**
     * Stores the answer of a settled sweep in one transaction (replacing another build's row), if the sweep's row
     * still has the {@code cancelled_at} the answer was rendered with: the row is locked first, and a cancel holds
     * that lock from before it looks for experiments still waiting or running ({@link SweepService#cancel}), so a
     * cancel that raced the sweep's last experiment to its end either finds nothing left to cancel or is seen here.
     * False when it was not stored: the sweep is gone or was cancelled since, or another instance stored it first.
     */
    boolean save(SweepAnswers.Key key, byte[] body, Instant cancelledAt) {
        try {
            return Boolean.TRUE.equals(transactions.execute(status -> {
                List<Optional<Instant>> row = jdbc.sql("SELECT cancelled_at FROM sweeps WHERE id = :id FOR UPDATE")
                        .param("id", key.sweep())
                        .query((rs, n) -> Optional.ofNullable(rs.getObject(1, OffsetDateTime.class))
                                .map(OffsetDateTime::toInstant))
                        .list();
                if (row.isEmpty() || !row.getFirst().equals(Optional.ofNullable(cancelledAt))) {
                    return false;
                }
                jdbc.sql("DELETE FROM sweep_answers WHERE sweep_id = :id AND request = :request AND renderer <> :renderer")
                        .param("id", key.sweep()).param("request", key.request()).param("renderer", renderer).update();
                return jdbc.sql("INSERT INTO sweep_answers (sweep_id, request, renderer, body) "
                                + "VALUES (:id, :request, :renderer, :body)")
                        .param("id", key.sweep()).param("request", key.request()).param("renderer", renderer)
                        .param("body", body).update() == 1;
            }));
        } catch (DataIntegrityViolationException raced) {
            // Another instance (or thread) stored it first: nothing stored here.
            return false;
        }
    }

    /** Whether this build stored both default answers of the sweep. */
    boolean hasAll(UUID sweep, List<String> requests) {
        return jdbc.sql("SELECT COUNT(*) FROM sweep_answers WHERE sweep_id = :id AND request IN (:requests) "
                        + "AND renderer = :renderer")
                .param("id", sweep).param("requests", requests).param("renderer", renderer)
                .query(Long.class).single() == requests.size();
    }
}
