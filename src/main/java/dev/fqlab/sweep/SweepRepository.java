package dev.fqlab.sweep;

import dev.fqlab.experiment.ExperimentStatus;
import dev.fqlab.experiment.IdempotencyKey;
import dev.fqlab.experiment.SeriesOutput;
import dev.fqlab.result.BinaryResults;
import dev.fqlab.result.ResultMetricRows;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

/**
 * Sweeps, their members and their idempotency keys in SQL. A sweep's status is never stored: it is derived from
 * its experiments' rows ({@link SweepState}), which workers update with their own guarded UPDATEs.
 */
@Repository
class SweepRepository {

    /** IN lists and JDBC batches stay well below every driver's parameter limit. */
    static final int CHUNK = 500;

    private final JdbcClient jdbc;
    private final JdbcTemplate jdbcTemplate;

    SweepRepository(JdbcClient jdbc, JdbcTemplate jdbcTemplate) {
        this.jdbc = jdbc;
        this.jdbcTemplate = jdbcTemplate;
    }

    /**
     * A sweep's row. {@code settled}: its experiments per status once every one of them is final (V16), else null.
     */
    record StoredSweep(UUID id, long seq, String name, String preset, String definition, int combinations,
                       int repetitions, int experimentCount, int reusedCount, Instant submittedAt, Instant cancelledAt,
                       List<SweepState.Tally> settled) {

        StoredSweep(UUID id, long seq, String name, String preset, String definition, int combinations,
                int repetitions, int experimentCount, int reusedCount, Instant submittedAt, Instant cancelledAt) {
            this(id, seq, name, preset, definition, combinations, repetitions, experimentCount, reusedCount,
                    submittedAt, cancelledAt, null);
        }
    }

    /** A cell as stored: which experiment fills it, and whether that experiment was reused. */
    record NewMember(int position, int combination, int repetition, UUID experimentId, boolean reused) {
    }

    record KeyUse(String bodySha256, UUID sweepId) {
    }

    void insert(StoredSweep sweep) {
        jdbc.sql("""
                INSERT INTO sweeps (id, name, preset, definition, combinations, repetitions, experiment_count,
                    reused_count, submitted_at)
                VALUES (:id, :name, :preset, :definition, :combinations, :repetitions, :experiments, :reused, :submittedAt)""")
                .param("id", sweep.id())
                .param("name", sweep.name())
                .param("preset", sweep.preset())
                .param("definition", sweep.definition())
                .param("combinations", sweep.combinations())
                .param("repetitions", sweep.repetitions())
                .param("experiments", sweep.experimentCount())
                .param("reused", sweep.reusedCount())
                .param("submittedAt", timestamp(sweep.submittedAt()))
                .update();
    }

    void insertMembers(UUID sweepId, List<NewMember> members) {
        jdbcTemplate.batchUpdate("""
                INSERT INTO sweep_experiments (sweep_id, position, combination, repetition, experiment_id, reused)
                VALUES (?, ?, ?, ?, ?, ?)""", members, CHUNK, (ps, m) -> {
            ps.setObject(1, sweepId);
            ps.setInt(2, m.position());
            ps.setInt(3, m.combination());
            ps.setInt(4, m.repetition());
            ps.setObject(5, m.experimentId());
            ps.setBoolean(6, m.reused());
        });
    }

    void rememberKey(IdempotencyKey key, UUID sweepId, Instant now) {
        jdbc.sql("INSERT INTO sweep_idempotency_keys (idem_key, request_sha256, sweep_id, created_at) VALUES (:key, :sha, :id, :now)")
                .param("key", key.key()).param("sha", key.bodySha256()).param("id", sweepId).param("now", timestamp(now))
                .update();
    }

    Optional<KeyUse> keyUse(String key) {
        return jdbc.sql("SELECT request_sha256, sweep_id FROM sweep_idempotency_keys WHERE idem_key = :key")
                .param("key", key)
                .query((rs, n) -> new KeyUse(rs.getString("request_sha256"), rs.getObject("sweep_id", UUID.class)))
                .optional();
    }

    /**
     * For each scenario hash, the first succeeded experiment with that normalized scenario whose result an engine of
     * the same code produced (its engine version ends with {@code engineSuffix}, {@code .engine-<fingerprint>}, see
     * EngineVersion) and that kept at least the series {@code wanted}. Nothing is locked here: the caller locks the
     * ones it takes ({@link #lockSucceeded}).
     */
    Map<String, UUID> reusable(List<String> scenarioSha256s, String engineSuffix, SeriesOutput wanted) {
        Map<String, UUID> found = new LinkedHashMap<>();
        List<String> distinct = scenarioSha256s.stream().distinct().toList();
        for (int from = 0; from < distinct.size(); from += CHUNK) {
            List<String> chunk = distinct.subList(from, Math.min(distinct.size(), from + CHUNK));
            jdbc.sql("""
                    SELECT e.id, e.scenario_sha256 FROM experiments e
                    WHERE e.status = 'SUCCEEDED' AND e.scenario_sha256 IN (:shas)
                      AND EXISTS (SELECT 1 FROM results r WHERE r.experiment_id = e.id AND r.engine_version LIKE :version)
                      AND e.outputs_series IN (:covering)
                    ORDER BY e.seq""")
                    .param("shas", chunk).param("version", "%" + engineSuffix)
                    .param("covering", java.util.Arrays.stream(SeriesOutput.values()).filter(s -> s.covers(wanted))
                            .map(SeriesOutput::json).toList())
                    .query(rs -> {
                        found.putIfAbsent(rs.getString("scenario_sha256"), rs.getObject("id", UUID.class));
                    });
        }
        return found;
    }

    /**
     * Locks these experiments' rows until the transaction ends and answers those that still exist and succeeded. A
     * sweep locks the experiments it reuses before it stores cells that name them, so that a concurrent DELETE of one
     * (experiment or sweep, which lock the same rows) either waits for the sweep and then finds the new cell, or
     * goes first and the sweep no longer finds it. In id order, as every locker of several experiments, against
     * deadlocks.
     */
    Set<UUID> lockSucceeded(Collection<UUID> experimentIds) {
        List<UUID> ids = experimentIds.stream().distinct().sorted().toList();
        Set<UUID> found = new HashSet<>();
        for (int from = 0; from < ids.size(); from += CHUNK) {
            found.addAll(jdbc.sql("SELECT id FROM experiments WHERE id IN (:ids) AND status = 'SUCCEEDED' ORDER BY id FOR UPDATE")
                    .param("ids", ids.subList(from, Math.min(ids.size(), from + CHUNK))).query(UUID.class).list());
        }
        return found;
    }

    Optional<StoredSweep> find(UUID id) {
        return jdbc.sql("SELECT * FROM sweeps WHERE id = :id").param("id", id).query((rs, n) -> sweep(rs)).optional();
    }

    /** One page, newest first: up to {@code limit + 1} rows, so the caller can tell whether another page follows. */
    List<StoredSweep> list(Long beforeSeq, int limit) {
        if (beforeSeq == null) {
            return jdbc.sql("SELECT * FROM sweeps ORDER BY seq DESC LIMIT :limit").param("limit", limit + 1)
                    .query((rs, n) -> sweep(rs)).list();
        }
        return jdbc.sql("SELECT * FROM sweeps WHERE seq < :before ORDER BY seq DESC LIMIT :limit")
                .param("before", beforeSeq).param("limit", limit + 1)
                .query((rs, n) -> sweep(rs)).list();
    }

    /**
     * The sweep's cells in table order with their experiments' current status, without their metrics: a sweep's
     * table reads the metrics of the results this instance has not cached yet ({@link ResultMetrics}) with
     * {@link #metricRows}, so polling a running sweep reads each result's ~1 kB of metrics once, not on every read.
     *
     * <p>Range reads instead of a join: the cells; the states of the experiments the sweep owns from the
     * {@code sweep_id} index alone (V22: status, id and finish time are in it — an index-only scan of ~13 pages per
     * 1 000 cells once the table is vacuumed, heap pages as before for rows changed since); those still waiting or
     * running, whose progress counts, by a second range of the same index; then by id only the cells still missing
     * (reused from others, or finished between the reads). A 1 000-cell sweep's join probed {@code experiments}'
     * primary key once per cell, 4 000 buffers and 3.6 ms of PostgreSQL; a settled sweep's reads touch ~40 buffers
     * (EXPLAIN ANALYZE, run-scale's database). Between the reads an experiment may finish (it reads as if read a
     * moment later, as any poll does; no experiment leaves a final status); a cell whose experiment is gone by then
     * (its sweep is being deleted) is left out.
     */
    List<SweepMember> members(UUID sweepId) {
        record Cell(int position, int combination, int repetition, UUID experimentId, boolean reused) {
        }
        record State(ExperimentStatus status, double progress, Instant finishedAt) {
        }
        List<Cell> cells = new ArrayList<>();
        // Binary results from the first execution (BinaryResults): 1 000 rows of ids, statuses and timestamps.
        jdbcTemplate.query(con -> bySweep(con, """
                SELECT position, combination, repetition, experiment_id, reused FROM sweep_experiments
                WHERE sweep_id = ? ORDER BY position""", sweepId), rs -> {
            cells.add(new Cell(rs.getInt("position"), rs.getInt("combination"), rs.getInt("repetition"),
                    rs.getObject("experiment_id", UUID.class), rs.getBoolean("reused")));
        });
        Map<UUID, State> states = new HashMap<>(cells.size() * 2);
        // A final experiment counts as done whatever its progress column says (SweepState): its state is what the
        // index holds. Those still waiting or running need their progress, so they are read whole.
        boolean[] active = {false};
        jdbcTemplate.query(con -> bySweep(con,
                "SELECT id, status, finished_at FROM experiments WHERE sweep_id = ?", sweepId), rs -> {
            ExperimentStatus status = ExperimentStatus.valueOf(rs.getString("status"));
            if (status.isFinal()) {
                states.put(rs.getObject("id", UUID.class), new State(status, 1.0, instant(rs, "finished_at")));
            } else {
                active[0] = true;
            }
        });
        org.springframework.jdbc.core.RowCallbackHandler state = rs -> states.put(rs.getObject("id", UUID.class),
                new State(ExperimentStatus.valueOf(rs.getString("status")), rs.getDouble("progress"),
                        instant(rs, "finished_at")));
        if (active[0]) {
            jdbcTemplate.query(con -> bySweep(con, "SELECT id, status, progress, finished_at FROM experiments "
                    + "WHERE sweep_id = ? AND status IN ('QUEUED', 'RUNNING')", sweepId), state);
        }
        List<UUID> others = cells.stream().map(Cell::experimentId).filter(e -> !states.containsKey(e)).distinct().toList();
        for (int from = 0; from < others.size(); from += CHUNK) {
            List<UUID> chunk = others.subList(from, Math.min(others.size(), from + CHUNK));
            jdbcTemplate.query("SELECT id, status, progress, finished_at FROM experiments WHERE id IN ("
                    + String.join(", ", java.util.Collections.nCopies(chunk.size(), "?")) + ")", state, chunk.toArray());
        }
        List<SweepMember> members = new ArrayList<>(cells.size());
        for (Cell cell : cells) {
            State s = states.get(cell.experimentId());
            if (s != null) {
                members.add(new SweepMember(cell.position(), cell.combination(), cell.repetition(),
                        cell.experimentId(), cell.reused(), s.status(), s.progress(), s.finishedAt()));
            }
        }
        return members;
    }

    /** {@code sql} with the sweep's id as its one parameter, its results asked for in binary (PostgreSQL). */
    private static java.sql.PreparedStatement bySweep(java.sql.Connection con, String sql, UUID sweepId)
            throws SQLException {
        java.sql.PreparedStatement statement = BinaryResults.binary(con.prepareStatement(sql));
        statement.setObject(1, sweepId);
        return statement;
    }

    /**
     * The {@code result_metrics} rows of the results the sweep ran ({@code result_metrics.sweep_id}, V21: one range of
     * its index), for many results at once cheaper than naming a thousand ids. Not those it reused, nor those it ran
     * that were stored for another sweep: {@link SweepService#completed} reads those by id.
     */
    List<ResultMetricRows.Stored> metricRows(UUID sweepId) {
        return resultMetricsBySweep(sweepId, ResultMetricRows.ROW_COLUMNS, (rs, i) -> ResultMetricRows.stored(rs));
    }

    /**
     * What the sweep's default table reads ({@link ResultMetricRows.StoredView}) of the results it ran, by
     * {@code result_metrics.sweep_id} like {@link #metricRows}: about 300 bytes a row instead of the 2.3 kB of every
     * metric of a WiFi result.
     */
    List<ResultMetricRows.StoredView> metricViews(UUID sweepId) {
        return resultMetricsBySweep(sweepId, ResultMetricRows.VIEW_COLUMNS,
                (rs, i) -> ResultMetricRows.storedView(rs));
    }

    /** {@code columns} of the {@code result_metrics} rows of the results the sweep ran, each read by {@code reader}. */
    private <T> List<T> resultMetricsBySweep(UUID sweepId, String columns,
            org.springframework.jdbc.core.RowMapper<T> reader) {
        return jdbcTemplate.query(con -> bySweep(con,
                "SELECT " + columns + " FROM result_metrics r WHERE r.sweep_id = ?", sweepId), reader);
    }

    /** A sweep without stored answers from some build, and where it stands in the list. */
    record Unanswered(UUID id, long seq) {
    }

    /**
     * Up to {@code limit} sweeps older than {@code beforeSeq} (null: from the newest) without both default answers
     * from {@code renderer} in {@code sweep_answers}, newest first; whether they are settled is not looked at.
     */
    List<Unanswered> withoutAnswers(String renderer, Long beforeSeq, int limit) {
        String sql = """
                SELECT s.id, s.seq FROM sweeps s
                WHERE %s (SELECT COUNT(*) FROM sweep_answers a WHERE a.sweep_id = s.id AND a.renderer = :renderer) < 2
                ORDER BY s.seq DESC LIMIT :limit""".formatted(beforeSeq == null ? "" : "s.seq < :before AND");
        var statement = jdbc.sql(sql).param("renderer", renderer).param("limit", limit);
        if (beforeSeq != null) {
            statement = statement.param("before", beforeSeq);
        }
        return statement.query((rs, n) -> new Unanswered(rs.getObject("id", UUID.class), rs.getLong("seq"))).list();
    }

    /** Whether any cell's experiment of the sweep still waits or runs. */
    boolean hasActiveCells(UUID sweepId) {
        return !jdbc.sql("""
                SELECT 1 FROM sweep_experiments m JOIN experiments e ON e.id = m.experiment_id
                WHERE m.sweep_id = :id AND e.status IN ('QUEUED', 'RUNNING') LIMIT 1""")
                .param("id", sweepId).query(Integer.class).list().isEmpty();
    }

    /** The sweeps that have this experiment as a cell. */
    List<UUID> sweepsOf(UUID experimentId) {
        return jdbc.sql("SELECT DISTINCT sweep_id FROM sweep_experiments WHERE experiment_id = :id")
                .param("id", experimentId).query(UUID.class).list();
    }

    /** Whether the sweep exists (a cheap look by primary key). */
    boolean exists(UUID id) {
        return !jdbc.sql("SELECT 1 FROM sweeps WHERE id = :id").param("id", id).query(Integer.class).list().isEmpty();
    }

    /** Per sweep, its experiments grouped by status: what a list page needs to show each sweep's state. */
    Map<UUID, List<SweepState.Tally>> tallies(List<UUID> sweepIds) {
        Map<UUID, List<SweepState.Tally>> tallies = new LinkedHashMap<>();
        if (sweepIds.isEmpty()) {
            return tallies;
        }
        jdbc.sql("""
                SELECT m.sweep_id, e.status, COUNT(*) AS n, SUM(e.progress) AS progress_sum, MAX(e.finished_at) AS last
                FROM sweep_experiments m JOIN experiments e ON e.id = m.experiment_id
                WHERE m.sweep_id IN (:ids) GROUP BY m.sweep_id, e.status""")
                .param("ids", sweepIds)
                .query(rs -> {
                    tallies.computeIfAbsent(rs.getObject("sweep_id", UUID.class), k -> new ArrayList<>())
                            .add(new SweepState.Tally(ExperimentStatus.valueOf(rs.getString("status")), rs.getInt("n"),
                                    rs.getDouble("progress_sum"), instant(rs, "last")));
                });
        return tallies;
    }

    /**
     * Stores a sweep's tallies as settled when every one of them is final: a final experiment never changes again
     * and a cell goes only with its sweep, so they stay true. Does nothing while any waits or runs, or when
     * already stored.
     */
    void settle(UUID sweepId, List<SweepState.Tally> tallies) {
        if (tallies.stream().anyMatch(t -> !t.status().isFinal())) {
            return;
        }
        Map<ExperimentStatus, Integer> counts = new java.util.EnumMap<>(ExperimentStatus.class);
        Instant last = null;
        for (SweepState.Tally t : tallies) {
            counts.merge(t.status(), t.count(), Integer::sum);
            if (t.lastFinished() != null && (last == null || t.lastFinished().isAfter(last))) {
                last = t.lastFinished();
            }
        }
        jdbc.sql("""
                UPDATE sweeps SET settled_succeeded = :succeeded, settled_failed = :failed, settled_cancelled = :cancelled,
                    settled_last_finished_at = :last
                WHERE id = :id AND settled_succeeded IS NULL""")
                .param("id", sweepId)
                .param("succeeded", counts.getOrDefault(ExperimentStatus.SUCCEEDED, 0))
                .param("failed", counts.getOrDefault(ExperimentStatus.FAILED, 0))
                .param("cancelled", counts.getOrDefault(ExperimentStatus.CANCELLED, 0))
                .param("last", timestamp(last), java.sql.Types.TIMESTAMP_WITH_TIMEZONE)
                .update();
    }

    /** The experiments this sweep created that are still waiting or running (not reused ones: those are done). */
    List<UUID> activeExperiments(UUID sweepId) {
        return jdbc.sql("SELECT id FROM experiments WHERE sweep_id = :id AND status IN ('QUEUED', 'RUNNING') ORDER BY seq")
                .param("id", sweepId).query(UUID.class).list();
    }

    /** The sweep's row, locked until the transaction ends (a cancel or another delete of it waits). */
    Optional<StoredSweep> lock(UUID id) {
        return jdbc.sql("SELECT * FROM sweeps WHERE id = :id FOR UPDATE").param("id", id).query((rs, n) -> sweep(rs)).optional();
    }

    /** The experiments this sweep created with their status, their rows locked until the transaction ends (id order). */
    Map<UUID, ExperimentStatus> lockOwnExperiments(UUID sweepId) {
        Map<UUID, ExperimentStatus> own = new LinkedHashMap<>();
        jdbc.sql("SELECT id, status FROM experiments WHERE sweep_id = :id ORDER BY id FOR UPDATE").param("id", sweepId)
                .query(rs -> {
                    own.put(rs.getObject("id", UUID.class), ExperimentStatus.valueOf(rs.getString("status")));
                });
        return own;
    }

    /**
     * Of the experiments this sweep created, those that other sweeps reused (a cell of theirs names them), each with
     * the oldest such sweep.
     */
    Map<UUID, UUID> reusedElsewhere(UUID sweepId) {
        Map<UUID, UUID> heirs = new LinkedHashMap<>();
        jdbc.sql("""
                SELECT m.experiment_id, m.sweep_id FROM sweep_experiments m
                JOIN experiments e ON e.id = m.experiment_id JOIN sweeps s ON s.id = m.sweep_id
                WHERE e.sweep_id = :id AND m.sweep_id <> :id ORDER BY s.seq""")
                .param("id", sweepId)
                .query(rs -> {
                    heirs.putIfAbsent(rs.getObject("experiment_id", UUID.class), rs.getObject("sweep_id", UUID.class));
                });
        return heirs;
    }

    /** Deletes the sweep's row; its cells and idempotency keys go with it, its experiments' sweep_id becomes NULL. */
    void delete(UUID sweepId) {
        jdbc.sql("DELETE FROM sweeps WHERE id = :id").param("id", sweepId).update();
    }

    /** Makes these experiments (experiment → sweep) belong to another sweep. */
    void moveExperiments(Map<UUID, UUID> newSweepOf) {
        jdbcTemplate.batchUpdate("UPDATE experiments SET sweep_id = ? WHERE id = ?", List.copyOf(newSweepOf.entrySet()),
                CHUNK, (ps, e) -> {
                    ps.setObject(1, e.getValue());
                    ps.setObject(2, e.getKey());
                });
    }

    /** Marks the sweep cancelled; false when it already was. */
    boolean markCancelled(UUID sweepId, Instant now) {
        return jdbc.sql("UPDATE sweeps SET cancelled_at = :now WHERE id = :id AND cancelled_at IS NULL")
                .param("id", sweepId).param("now", timestamp(now)).update() == 1;
    }

    /** The result documents of these experiments (those that have one). */
    Map<UUID, String> documents(List<UUID> experimentIds) {
        Map<UUID, String> documents = new LinkedHashMap<>();
        for (int from = 0; from < experimentIds.size(); from += CHUNK) {
            jdbc.sql("SELECT experiment_id, document FROM results WHERE experiment_id IN (:ids)")
                    .param("ids", experimentIds.subList(from, Math.min(experimentIds.size(), from + CHUNK)))
                    .query(rs -> {
                        documents.put(rs.getObject("experiment_id", UUID.class), rs.getString("document"));
                    });
        }
        return documents;
    }

    private static StoredSweep sweep(ResultSet rs) throws SQLException {
        List<SweepState.Tally> settled = null;
        int succeeded = rs.getInt("settled_succeeded");
        if (!rs.wasNull()) {
            // Every experiment final: progress counts each as done; the last finish time goes with any of them.
            Instant last = instant(rs, "settled_last_finished_at");
            settled = List.of(new SweepState.Tally(ExperimentStatus.SUCCEEDED, succeeded, succeeded, last),
                    new SweepState.Tally(ExperimentStatus.FAILED, rs.getInt("settled_failed"), 0, null),
                    new SweepState.Tally(ExperimentStatus.CANCELLED, rs.getInt("settled_cancelled"), 0, null));
        }
        return new StoredSweep(rs.getObject("id", UUID.class), rs.getLong("seq"), rs.getString("name"),
                rs.getString("preset"), rs.getString("definition"), rs.getInt("combinations"),
                rs.getInt("repetitions"), rs.getInt("experiment_count"), rs.getInt("reused_count"),
                instant(rs, "submitted_at"), instant(rs, "cancelled_at"), settled);
    }

    private static Instant instant(ResultSet rs, String column) throws SQLException {
        OffsetDateTime value = rs.getObject(column, OffsetDateTime.class);
        return value == null ? null : value.toInstant();
    }

    private static OffsetDateTime timestamp(Instant instant) {
        return instant == null ? null : instant.atOffset(ZoneOffset.UTC);
    }
}
