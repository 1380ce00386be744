package dev.fqlab.experiment;

import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

/**
 * The experiments and their tags in SQL. Every change of status is one guarded UPDATE whose WHERE clause
 * states the status (and, for a running experiment, the attempt) it expects: when two instances or a user
 * and a worker race, exactly one UPDATE matches and the loser sees 0 rows instead of overwriting.
 */
@Repository
public class ExperimentRepository {

    private static final String COLUMNS = "id, seq, name, status, progress, submitted_at, started_at, finished_at, "
            + "error, attempts, worker, preset, sweep_id, scenario, scenario_sha256, outputs_series";

    static final int BATCH_SIZE = 500;

    private final JdbcClient jdbc;
    private final JdbcTemplate jdbcTemplate;

    public ExperimentRepository(JdbcClient jdbc, JdbcTemplate jdbcTemplate) {
        this.jdbc = jdbc;
        this.jdbcTemplate = jdbcTemplate;
    }

    // --- submission and reading -----------------------------------------------------------------

    void insert(NewExperiment experiment) {
        insertAll(List.of(experiment));
    }

    /** Inserts experiments as QUEUED with their tags, in batches (a sweep stores up to a thousand at once). */
    void insertAll(List<NewExperiment> experiments) {
        jdbcTemplate.batchUpdate("""
                INSERT INTO experiments (id, name, status, submitted_at, preset, scenario, scenario_sha256, sweep_id,
                    outputs_series)
                VALUES (?, ?, 'QUEUED', ?, ?, ?, ?, ?, ?)""", experiments, BATCH_SIZE, (ps, e) -> {
            ps.setObject(1, e.id());
            ps.setString(2, e.name());
            ps.setObject(3, timestamp(e.submittedAt()));
            ps.setString(4, e.preset());
            ps.setString(5, e.scenarioJson());
            ps.setString(6, e.scenarioSha256());
            ps.setObject(7, e.sweepId());
            ps.setString(8, e.seriesOutput().json());
        });
        record Tag(UUID experimentId, int position, String tag) {
        }
        List<Tag> tags = new ArrayList<>();
        for (NewExperiment e : experiments) {
            for (int i = 0; i < e.tags().size(); i++) {
                tags.add(new Tag(e.id(), i, e.tags().get(i)));
            }
        }
        jdbcTemplate.batchUpdate("INSERT INTO experiment_tags (experiment_id, position, tag) VALUES (?, ?, ?)", tags,
                BATCH_SIZE, (ps, t) -> {
                    ps.setObject(1, t.experimentId());
                    ps.setInt(2, t.position());
                    ps.setString(3, t.tag());
                });
    }

    void rememberKey(IdempotencyKey key, UUID experimentId, Instant now) {
        jdbc.sql("INSERT INTO idempotency_keys (idem_key, request_sha256, experiment_id, created_at) VALUES (:key, :sha, :id, :now)")
                .param("key", key.key()).param("sha", key.bodySha256()).param("id", experimentId)
                .param("now", timestamp(now))
                .update();
    }

    /** The experiment an earlier request with this key created, and the SHA-256 of that request's body. */
    Optional<KeyUse> keyUse(String key) {
        return jdbc.sql("SELECT request_sha256, experiment_id FROM idempotency_keys WHERE idem_key = :key")
                .param("key", key)
                .query((rs, n) -> new KeyUse(rs.getString("request_sha256"), rs.getObject("experiment_id", UUID.class)))
                .optional();
    }

    record KeyUse(String bodySha256, UUID experimentId) {
    }

    public Optional<Experiment> find(UUID id) {
        return jdbc.sql("SELECT " + COLUMNS + " FROM experiments WHERE id = :id")
                .param("id", id)
                .query((rs, row) -> experiment(rs))
                .optional()
                .map(e -> e.withTags(tagsOf(List.of(id)).getOrDefault(id, List.of())));
    }

    /** One page of the list, newest first; {@code nextBeforeSeq} continues it (null on the last page). */
    Page list(ExperimentFilter filter) {
        StringBuilder sql = new StringBuilder("SELECT " + COLUMNS + " FROM experiments e WHERE 1 = 1");
        Map<String, Object> params = new LinkedHashMap<>();
        if (!filter.statuses().isEmpty()) {
            sql.append(" AND e.status IN (:statuses)");
            params.put("statuses", filter.statuses().stream().map(Enum::name).toList());
        }
        if (filter.beforeSeq() != null) {
            sql.append(" AND e.seq < :before");
            params.put("before", filter.beforeSeq());
        }
        // One semi-join per tag (a per-row COUNT(*) subquery made every tag filter walk the whole list).
        for (int i = 0; i < filter.tags().size(); i++) {
            sql.append(" AND e.id IN (SELECT t.experiment_id FROM experiment_tags t WHERE t.tag = :tag").append(i)
                    .append(")");
            params.put("tag" + i, filter.tags().get(i));
        }
        if (filter.preset() != null) {
            sql.append(" AND e.preset = :preset");
            params.put("preset", filter.preset());
        }
        if (filter.sweepId() != null) {
            sql.append(" AND e.id IN (SELECT m.experiment_id FROM sweep_experiments m WHERE m.sweep_id = :sweep)");
            params.put("sweep", filter.sweepId());
        }
        // Newest first. With a filter that few experiments pass (a sweep's cells, a tag on at most SELECTIVE of
        // them) the matches are fetched through their index and sorted ("seq + 0" keeps PostgreSQL from walking
        // experiments_seq_idx instead): the planner assumes matches are spread evenly over the list, but a sweep's
        // or a campaign's experiments are consecutive, and an old one's lie at the far end of the walk (740 ms at
        // 100 000 experiments, run-scale.sh). An unselective filter walks the index and stops at the page's end.
        sql.append(selective(filter) ? " ORDER BY e.seq + 0 DESC" : " ORDER BY e.seq DESC").append(" LIMIT :limit");
        params.put("limit", filter.limit() + 1);

        List<Row> rows = jdbc.sql(sql.toString()).params(params)
                .query((rs, n) -> new Row(rs.getLong("seq"), experiment(rs))).list();
        boolean more = rows.size() > filter.limit();
        List<Row> page = more ? rows.subList(0, filter.limit()) : rows;
        Map<UUID, List<String>> tags = tagsOf(page.stream().map(r -> r.experiment().id()).toList());
        List<Experiment> items = page.stream()
                .map(r -> r.experiment().withTags(tags.getOrDefault(r.experiment().id(), List.of())))
                .toList();
        return new Page(items, more ? page.getLast().seq() : null);
    }

    record Page(List<Experiment> items, Long nextBeforeSeq) {
    }

    /** Above this many experiments, a tag is not selective: sorting all of them would cost more than the walk. */
    static final int SELECTIVE = 5_000;

    /** Whether few experiments pass the filter: a sweep's cells, or a tag on at most {@link #SELECTIVE} (counted). */
    private boolean selective(ExperimentFilter filter) {
        if (filter.sweepId() != null) {
            return true;
        }
        for (String tag : filter.tags()) {
            long count = jdbc.sql("SELECT COUNT(*) FROM (SELECT 1 FROM experiment_tags WHERE tag = :tag LIMIT "
                    + (SELECTIVE + 1) + ") x").param("tag", tag).query(Long.class).single();
            if (count <= SELECTIVE) {
                return true;
            }
        }
        return false;
    }

    private record Row(long seq, Experiment experiment) {
    }

    long countQueued() {
        return jdbc.sql("SELECT COUNT(*) FROM experiments WHERE status = 'QUEUED'").query(Long.class).single();
    }

    /**
     * Locks the queue's admission row (V7) until the caller's transaction ends: every submission on every instance
     * takes it before it counts the waiting experiments and holds it while it stores its own, so admissions happen
     * one at a time and each count sees every earlier admission committed (both databases run READ COMMITTED: each
     * statement after the lock reads what was committed before it was granted).
     */
    void lockAdmission() {
        List<Integer> row = jdbc.sql("SELECT id FROM queue_admission WHERE id = 1 FOR UPDATE").query(Integer.class).list();
        if (row.size() != 1) {
            throw new IllegalStateException("queue_admission has lost its row (migration V7 inserts it)");
        }
    }

    // --- user actions ---------------------------------------------------------------------------

    /** QUEUED or RUNNING → CANCELLED; false when it was already final or does not exist. */
    boolean cancel(UUID id, Instant now) {
        return jdbc.sql("""
                UPDATE experiments SET status = 'CANCELLED', finished_at = :now
                WHERE id = :id AND status IN ('QUEUED', 'RUNNING')""")
                .param("id", id).param("now", timestamp(now))
                .update() == 1;
    }

    /**
     * Its status, locking its row until the transaction ends (a worker's start or finish waits for it); empty when it
     * does not exist.
     */
    Optional<ExperimentStatus> lockStatus(UUID id) {
        return jdbc.sql("SELECT status FROM experiments WHERE id = :id FOR UPDATE").param("id", id)
                .query((rs, n) -> ExperimentStatus.valueOf(rs.getString("status"))).optional();
    }

    /** The sweeps with a cell this experiment fills (created or reused), oldest first. */
    List<UUID> sweepsUsing(UUID id) {
        return jdbc.sql("""
                SELECT m.sweep_id, MIN(s.seq) AS seq FROM sweep_experiments m JOIN sweeps s ON s.id = m.sweep_id
                WHERE m.experiment_id = :id GROUP BY m.sweep_id ORDER BY seq""")
                .param("id", id).query((rs, n) -> rs.getObject("sweep_id", UUID.class)).list();
    }

    /** Bulk delete: how many experiments match the filter, and of those how many run and how many fill sweep cells. */
    long[] countForDeletion(DeletionFilter filter) {
        Map<String, Object> params = new LinkedHashMap<>();
        String where = deletionWhere(filter, params);
        return jdbc.sql("""
                SELECT COUNT(*) AS matched,
                       COALESCE(SUM(CASE WHEN e.status = 'RUNNING' THEN 1 ELSE 0 END), 0) AS running,
                       COALESCE(SUM(CASE WHEN e.status <> 'RUNNING'
                           AND EXISTS (SELECT 1 FROM sweep_experiments m WHERE m.experiment_id = e.id) THEN 1 ELSE 0 END), 0) AS members
                FROM experiments e WHERE\s""" + where).params(params)
                .query((rs, n) -> new long[] {rs.getLong("matched"), rs.getLong("running"), rs.getLong("members")})
                .single();
    }

    /**
     * Up to {@code limit} experiments that match the filter and may go (not running, in no sweep's cell), locked until
     * the transaction ends, in id order as every locker of several experiments (against deadlocks). Holding their
     * locks keeps a worker from starting one and a sweep from reusing one before they are deleted.
     */
    List<UUID> lockDeletable(DeletionFilter filter, int limit) {
        Map<String, Object> params = new LinkedHashMap<>();
        String where = deletionWhere(filter, params);
        List<UUID> ids = jdbc.sql("SELECT e.id FROM experiments e WHERE " + where + " AND e.status <> 'RUNNING'"
                        + " AND NOT EXISTS (SELECT 1 FROM sweep_experiments m WHERE m.experiment_id = e.id)"
                        + " ORDER BY e.id LIMIT :limit").params(params).param("limit", limit)
                .query(UUID.class).list();
        if (ids.isEmpty()) {
            return ids;
        }
        // Lock, then check again: one may have started or joined a sweep between the two statements.
        return jdbc.sql("SELECT id FROM experiments e WHERE e.id IN (:ids) AND e.status <> 'RUNNING'"
                        + " AND NOT EXISTS (SELECT 1 FROM sweep_experiments m WHERE m.experiment_id = e.id)"
                        + " ORDER BY e.id FOR UPDATE")
                .param("ids", ids).query(UUID.class).list();
    }

    private static String deletionWhere(DeletionFilter filter, Map<String, Object> params) {
        StringBuilder where = new StringBuilder("1 = 1");
        if (!filter.statuses().isEmpty()) {
            where.append(" AND e.status IN (:statuses)");
            params.put("statuses", filter.statuses().stream().map(Enum::name).toList());
        }
        if (filter.submittedBefore() != null) {
            where.append(" AND e.submitted_at < :before");
            params.put("before", timestamp(filter.submittedBefore()));
        }
        if (!filter.tags().isEmpty()) {
            where.append(" AND (SELECT COUNT(*) FROM experiment_tags t WHERE t.experiment_id = e.id AND t.tag IN (:tags))"
                    + " = :tagCount");
            params.put("tags", filter.tags());
            params.put("tagCount", filter.tags().size());
        }
        return where.toString();
    }

    /**
     * Deletes these experiments (tags, results and idempotency keys go with them) unless one is running; the number
     * deleted. A cell of a sweep that one of them fills makes this fail (its foreign key restricts).
     */
    int deleteUnlessRunning(List<UUID> ids) {
        int deleted = 0;
        for (int from = 0; from < ids.size(); from += BATCH_SIZE) {
            deleted += jdbc.sql("DELETE FROM experiments WHERE id IN (:ids) AND status <> 'RUNNING'")
                    .param("ids", ids.subList(from, Math.min(ids.size(), from + BATCH_SIZE))).update();
        }
        return deleted;
    }

    /** Those of these experiments that are QUEUED. */
    List<UUID> queued(List<UUID> ids) {
        List<UUID> queued = new ArrayList<>();
        for (int from = 0; from < ids.size(); from += BATCH_SIZE) {
            queued.addAll(jdbc.sql("SELECT id FROM experiments WHERE id IN (:ids) AND status = 'QUEUED'")
                    .param("ids", ids.subList(from, Math.min(ids.size(), from + BATCH_SIZE))).query(UUID.class).list());
        }
        return queued;
    }

    // --- worker transitions ---------------------------------------------------------------------

    /**
     * QUEUED (or RUNNING, when a dead run is revived) → RUNNING, counting the attempt and naming the worker.
     * Empty when the experiment was cancelled, deleted or finished meanwhile: then there is nothing to run.
     *
     * <p>One statement, committed on its own: the UPDATE hands back the attempt it counted and the columns the run
     * needs as generated keys (PostgreSQL's driver adds {@code RETURNING}; H2 answers requested columns of an UPDATE
     * the same way), so a claim is one round trip and one commit instead of an UPDATE, a SELECT and a COMMIT.
     */
    public Optional<RunStart> start(UUID id, String worker, Instant now) {
        List<RunStart> started = jdbcTemplate.execute(connection -> {
            PreparedStatement update = connection.prepareStatement("""
                    UPDATE experiments SET status = 'RUNNING', attempts = attempts + 1, worker = ?,
                        started_at = ?, progress = 0, error = NULL
                    WHERE id = ? AND status IN ('QUEUED', 'RUNNING')""", START_COLUMNS);
            update.setString(1, worker);
            update.setObject(2, timestamp(now));
            update.setObject(3, id);
            return update;
        }, (PreparedStatement update) -> {
            List<RunStart> rows = new ArrayList<>(1);
            if (update.executeUpdate() == 0) {
                return rows;
            }
            try (ResultSet rs = update.getGeneratedKeys()) {
                while (rs.next()) {
                    rows.add(new RunStart(id, rs.getInt("attempts"), rs.getString("scenario"),
                            rs.getString("scenario_sha256"), SeriesOutput.stored(rs.getString("outputs_series"))));
                }
            }
            return rows;
        });
        return started == null || started.isEmpty() ? Optional.empty() : Optional.of(started.getFirst());
    }

    private static final String[] START_COLUMNS = {"attempts", "scenario", "scenario_sha256", "outputs_series"};

    /** The experiment a worker has just started; {@code seriesOutput} says at which interval the engine samples. */
    public record RunStart(UUID id, int attempt, String scenarioJson, String scenarioSha256, SeriesOutput seriesOutput) {
    }

    /** Records progress; false when this run no longer owns the experiment (cancelled, deleted, superseded). */
    public boolean progress(UUID id, int attempt, double fraction) {
        return jdbc.sql("UPDATE experiments SET progress = :progress WHERE id = :id AND status = 'RUNNING' AND attempts = :attempt")
                .param("progress", fraction).param("id", id).param("attempt", attempt)
                .update() == 1;
    }

    /** Whether this attempt still runs the experiment (a plain read: it locks nothing). */
    public boolean owns(UUID id, int attempt) {
        return jdbc.sql("SELECT COUNT(*) FROM experiments WHERE id = :id AND status = 'RUNNING' AND attempts = :attempt")
                .param("id", id).param("attempt", attempt).query(Long.class).single() == 1;
    }

    /** RUNNING → SUCCEEDED for this attempt; call inside the transaction that stores the result. */
    public boolean succeed(UUID id, int attempt, Instant now) {
        return jdbc.sql("""
                UPDATE experiments SET status = 'SUCCEEDED', progress = 1, finished_at = :now
                WHERE id = :id AND status = 'RUNNING' AND attempts = :attempt""")
                .param("id", id).param("attempt", attempt).param("now", timestamp(now))
                .update() == 1;
    }

    /** RUNNING → FAILED for this attempt, with a one-sentence reason. */
    public boolean fail(UUID id, int attempt, String error, Instant now) {
        return jdbc.sql("""
                UPDATE experiments SET status = 'FAILED', error = :error, finished_at = :now
                WHERE id = :id AND status = 'RUNNING' AND attempts = :attempt""")
                .param("id", id).param("attempt", attempt).param("error", truncate(error, 1000))
                .param("now", timestamp(now))
                .update() == 1;
    }

    /** RUNNING → QUEUED for this attempt: the run was handed back (its instance is shutting down). */
    public boolean requeue(UUID id, int attempt) {
        return jdbc.sql("UPDATE experiments SET status = 'QUEUED', progress = 0 WHERE id = :id AND status = 'RUNNING' AND attempts = :attempt")
                .param("id", id).param("attempt", attempt)
                .update() == 1;
    }

    // --- mapping --------------------------------------------------------------------------------

    private Map<UUID, List<String>> tagsOf(List<UUID> ids) {
        Map<UUID, List<String>> tags = new LinkedHashMap<>();
        if (ids.isEmpty()) {
            return tags;
        }
        jdbc.sql("SELECT experiment_id, tag FROM experiment_tags WHERE experiment_id IN (:ids) ORDER BY experiment_id, position")
                .param("ids", ids)
                .query(rs -> {
                    tags.computeIfAbsent(rs.getObject("experiment_id", UUID.class), k -> new ArrayList<>())
                            .add(rs.getString("tag"));
                });
        return tags;
    }

    private static Experiment experiment(ResultSet rs) throws SQLException {
        return new Experiment(
                rs.getObject("id", UUID.class),
                rs.getString("name"),
                List.of(),
                ExperimentStatus.valueOf(rs.getString("status")),
                rs.getDouble("progress"),
                instant(rs, "submitted_at"),
                instant(rs, "started_at"),
                instant(rs, "finished_at"),
                rs.getString("error"),
                rs.getInt("attempts"),
                rs.getString("worker"),
                rs.getString("preset"),
                rs.getObject("sweep_id", UUID.class),
                rs.getString("scenario"),
                rs.getString("scenario_sha256"),
                SeriesOutput.stored(rs.getString("outputs_series")));
    }

    private static Instant instant(ResultSet rs, String column) throws SQLException {
        OffsetDateTime value = rs.getObject(column, OffsetDateTime.class);
        return value == null ? null : value.toInstant();
    }

    static OffsetDateTime timestamp(Instant instant) {
        return instant == null ? null : instant.atOffset(ZoneOffset.UTC);
    }

    private static String truncate(String text, int max) {
        return text == null || text.length() <= max ? text : text.substring(0, max - 1) + "…";
    }
}
