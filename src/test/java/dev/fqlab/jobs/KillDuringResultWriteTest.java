package dev.fqlab.jobs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.fqlab.support.Api;
import dev.fqlab.support.ChildInstance;
import dev.fqlab.support.TestDatabase;
import dev.fqlab.support.TestScenarios;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/**
 * kill -9 of an instance in the middle of writing a run's result, on PostgreSQL, again and again: nothing is lost,
 * nothing is stored twice, and {@code attempts} counts the killed attempt.
 *
 * <p>Each kill: two instances (child JVMs) share the database; one of them runs a 4 s scenario with 10 ms series
 * (11 {@code result_series_arrays} rows of 400 values, one JDBC batch) and is stopped <em>inside</em> {@link ResultCommit}'s
 * transaction by a lock the test holds — no hook in the service: the code runs unmodified, only slower, as a write
 * does that waits on the database. The kill points rotate:
 * <ol>
 *   <li>{@link KillPoint#BEFORE_FIRST_ROW}: the transaction has begun, its first INSERT waits;</li>
 *   <li>{@link KillPoint#MID_SERIES}: {@code results} and {@code result_flows} written, three series rows of
 *       {@code result_series_arrays} in, the fourth waits;</li>
 *   <li>{@link KillPoint#BEFORE_COMMIT}: every row written, the final UPDATE (RUNNING → SUCCEEDED) waits;</li>
 *   <li>{@link KillPoint#AFTER_COMMIT}: committed; db-scheduler's removal of the finished job waits.</li>
 * </ol>
 * Then the instance is killed ({@code Process.destroyForcibly()}: SIGKILL), the locks go, and the other instance
 * finds the run dead (heartbeat 500 ms × 4) and finishes it while a replacement JVM starts for the next round.
 * After every kill: the killed instance's database sessions are gone (PostgreSQL rolled back what they had not
 * committed, nothing hangs on their locks); nothing of the result was visible before the commit; the experiment
 * SUCCEEDED with exactly one set of rows, byte-identical (apart from its id and the wall-clock fields) to an
 * uninterrupted run of the same scenario and seed; {@code attempts} is 2 (the killed attempt and the one that
 * finished) — 1 after {@code AFTER_COMMIT}, where the killed attempt itself stored the result and the revived job
 * finds nothing left to run; and no job is left.
 *
 * <p>{@code -Dfqlab.kill-loop.kills=20} for the full loop (default 4: each kill point once).
 */
class KillDuringResultWriteTest {

    static final int KILLS = Integer.getInteger("fqlab.kill-loop.kills", 4);

    /** Steps of each series: 4 s sampled every 10 ms. */
    private static final int STEPS = 400;
    /**
     * The series row the MID_SERIES kill waits at: rows go in in SeriesColumn.of's order (flows first, each flow's
     * throughput before its latency), so position 3 is udp2's latency, after udp1's two series and udp2's throughput.
     */
    private static final String MID_KIND = "flow";
    private static final String MID_NAME = "udp2";
    private static final String MID_METRIC = "latencyMs";
    private static final int MID_POSITION = 3;

    private static final String[] RESULT_TABLES = {"results", "result_flows", "result_stations", "result_txqs",
            "result_series_arrays"};

    enum KillPoint { BEFORE_FIRST_ROW, MID_SERIES, BEFORE_COMMIT, AFTER_COMMIT }

    /** An uninterrupted run of one seed: its result with id and wall-clock fields blanked, and its rows per table. */
    private record Reference(String result, Map<String, Long> rows) {
    }

    private TestDatabase.Conn db;
    private final AtomicInteger started = new AtomicInteger();

    @Test
    void killedWhileWritingTheResultNothingIsLostOrStoredTwiceAndTheAttemptCounts() throws Exception {
        long testStart = System.nanoTime();
        db = TestDatabase.fresh();
        List<ChildInstance> alive = new ArrayList<>();
        CompletableFuture<ChildInstance> replacement = startAsync();
        Map<KillPoint, Integer> kills = new EnumMap<>(KillPoint.class);
        List<Long> recoveriesMs = new ArrayList<>();
        try (Connection observer = db.open()) {
            alive.add(startChild());
            alive.add(replacement.join());
            replacement = null;
            Map<Integer, Reference> references = references(alive.getFirst().api(), observer);
            Map<String, Long> expectedTotals = new LinkedHashMap<>();
            for (String table : RESULT_TABLES) {
                expectedTotals.put(table, references.values().stream().mapToLong(r -> r.rows().get(table)).sum());
            }

            for (int k = 0; k < KILLS; k++) {
                if (replacement != null) {
                    alive.add(replacement.join());
                    replacement = null;
                }
                int seed = k + 1;
                KillPoint point = KillPoint.values()[k % KillPoint.values().length];
                Kill kill = killDuringWrite(alive, observer, seed, point);
                alive.remove(kill.victim());
                if (k + 1 < KILLS) {
                    replacement = startAsync();
                }
                ChildInstance survivor = alive.getFirst();
                Api api = survivor.api();

                // The killed instance's sessions end — PostgreSQL rolls back what they had not committed — and
                // nothing waits on their locks.
                await().atMost(Duration.ofSeconds(30)).pollInterval(Duration.ofMillis(50))
                        .until(() -> sessionsOf(observer, kill.victim().name()) == 0);
                // Finished (whichever way), and no job left.
                await().atMost(Duration.ofSeconds(60)).pollInterval(Duration.ofMillis(50)).until(() ->
                        !List.of("QUEUED", "RUNNING").contains(
                                api.get("/api/v1/experiments/" + kill.id()).json().get("status").asString())
                                && count(observer, "SELECT COUNT(*) FROM scheduled_tasks") == 0);
                JsonNode done = api.get("/api/v1/experiments/" + kill.id()).json();
                assertThat(done.get("status").asString()).as("after a kill at %s: %s", point, done).isEqualTo("SUCCEEDED");
                long recoveryMs = (System.nanoTime() - kill.killedAtNanos()) / 1_000_000;
                recoveriesMs.add(recoveryMs);
                kills.merge(point, 1, Integer::sum);
                System.out.printf("[KillDuringResultWriteTest] kill %d/%d at %s: %s killed, attempts %d, worker %s, SUCCEEDED"
                                + " %d ms after kill -9%n", k + 1, KILLS, point, kill.victim().name(),
                        done.get("attempts").asInt(), done.get("worker").asString(), recoveryMs);

                if (point == KillPoint.AFTER_COMMIT) {
                    assertThat(done.get("attempts").asInt()).as("attempts after %s", point).isEqualTo(1);
                    assertThat(done.get("worker").asString()).isEqualTo(kill.victim().name());
                } else {
                    assertThat(done.get("attempts").asInt()).as("attempts after %s", point).isEqualTo(2);
                    assertThat(done.get("worker").asString()).isEqualTo(survivor.name());
                }
                Reference reference = references.get(seed);
                Api.Response result = api.get("/api/v1/experiments/" + kill.id() + "/result");
                assertThat(result.status()).isEqualTo(200);
                assertThat(WorkerCountDeterminismTest.comparable(result.body(), kill.id().toString()))
                        .as("the result after a kill at %s", point).isEqualTo(reference.result());
                assertThat(rows(observer, kill.id())).as("rows after a kill at %s", point).isEqualTo(reference.rows());
                // Over the whole database: every experiment succeeded, each with one set of rows.
                for (String table : RESULT_TABLES) {
                    expectedTotals.merge(table, reference.rows().get(table), Long::sum);
                    assertThat(count(observer, "SELECT COUNT(*) FROM " + table)).as(table).isEqualTo(expectedTotals.get(table));
                }
                assertThat(count(observer, "SELECT COUNT(*) FROM experiments WHERE status <> 'SUCCEEDED'")).isZero();
                assertThat(count(observer, "SELECT COUNT(*) FROM experiments")).isEqualTo(references.size() + k + 1L);
            }
        } finally {
            if (replacement != null) {
                replacement.join().close();
            }
            for (ChildInstance child : alive) {
                child.close();
            }
        }
        List<Long> sorted = recoveriesMs.stream().sorted().toList();
        System.out.printf("[KillDuringResultWriteTest] %d kills %s, %d instances started, in %d s; kill -9 to"
                        + " SUCCEEDED min %d ms, median %d ms, max %d ms%n", KILLS, kills, started.get(),
                (System.nanoTime() - testStart) / 1_000_000_000, sorted.getFirst(), sorted.get(sorted.size() / 2),
                sorted.getLast());
    }

    private record Kill(UUID id, ChildInstance victim, long killedAtNanos) {
    }

    /**
     * Submits seed {@code seed}, holds the instance that picks it at {@code point} of its result write, checks
     * what the others see there, and kills it.
     */
    private Kill killDuringWrite(List<ChildInstance> alive, Connection observer, int seed, KillPoint point)
            throws Exception {
        List<Connection> holders = new ArrayList<>();
        try {
            // A table lock no run takes until it writes a result: INSERT INTO results waits for it.
            Connection tableLock = holder(holders);
            execute(tableLock, "LOCK TABLE results IN SHARE MODE");
            Api.Response submitted = alive.getFirst().api().post("/api/v1/experiments",
                    TestScenarios.request(scenario(seed), "kill " + seed));
            assertThat(submitted.status()).as(submitted.toString()).isEqualTo(202);
            UUID id = UUID.fromString(submitted.json().get("id").asString());
            String victimName = awaitWaiting(observer, tableLock, "INSERT INTO results %", null);
            ChildInstance victim = alive.stream().filter(c -> c.name().equals(victimName)).findFirst().orElseThrow();
            Connection last = tableLock;
            if (point.compareTo(KillPoint.MID_SERIES) >= 0) {
                // An uncommitted row with the key of a series row the run will write in its second batch: the
                // run's INSERT of that row waits for this transaction (the unique index). Foreign keys off (this
                // session only): the run's results row that it would reference is not committed yet.
                Connection row = holder(holders);
                execute(row, "SET LOCAL session_replication_role = replica");
                try (PreparedStatement insert = row.prepareStatement("""
                        INSERT INTO result_series_arrays (experiment_id, position, kind, name, metric)
                        VALUES (?, ?, ?, ?, ?)""")) {
                    insert.setObject(1, id);
                    insert.setInt(2, MID_POSITION);
                    insert.setString(3, MID_KIND);
                    insert.setString(4, MID_NAME);
                    insert.setString(5, MID_METRIC);
                    insert.executeUpdate();
                }
                last.rollback();
                awaitWaiting(observer, row, "INSERT INTO result_series_arrays %", victimName);
                last = row;
            }
            if (point.compareTo(KillPoint.BEFORE_COMMIT) >= 0) {
                // The experiment's row, locked as an UPDATE would (the run's rows only need it not deleted).
                Connection experiment = holder(holders);
                try (PreparedStatement lock = experiment.prepareStatement(
                        "SELECT id FROM experiments WHERE id = ? FOR NO KEY UPDATE")) {
                    lock.setObject(1, id);
                    lock.executeQuery().close();
                }
                last.rollback();
                awaitWaiting(observer, experiment, "UPDATE experiments SET status = 'SUCCEEDED'%", victimName);
                last = experiment;
            }
            if (point == KillPoint.AFTER_COMMIT) {
                // The job's row: db-scheduler deletes it once the job has returned, i.e. after the commit.
                Connection job = holder(holders);
                try (PreparedStatement lock = job.prepareStatement(
                        "SELECT version FROM scheduled_tasks WHERE task_name = ? AND task_instance = ? FOR UPDATE")) {
                    lock.setString(1, JobsConfiguration.RUN_EXPERIMENT);
                    lock.setString(2, id.toString());
                    lock.executeQuery().close();
                }
                last.rollback();
                awaitWaiting(observer, job, "delete from scheduled_tasks%", victimName);
            }

            // Right before the kill, from the other instance and the database.
            Api api = alive.stream().filter(c -> c != victim).findFirst().orElseThrow().api();
            JsonNode experiment = api.get("/api/v1/experiments/" + id).json();
            assertThat(experiment.get("attempts").asInt()).isEqualTo(1);
            assertThat(experiment.get("worker").asString()).isEqualTo(victimName);
            if (point == KillPoint.AFTER_COMMIT) {
                assertThat(experiment.get("status").asString()).isEqualTo("SUCCEEDED");
                assertThat(api.get("/api/v1/experiments/" + id + "/result").status()).isEqualTo(200);
            } else {
                // Nothing of a result that is not committed is visible, however much of it is written.
                assertThat(experiment.get("status").asString()).isEqualTo("RUNNING");
                assertThat(api.get("/api/v1/experiments/" + id + "/result").status()).isEqualTo(409);
                assertThat(rows(observer, id).values()).as("rows visible before the commit").containsOnly(0L);
            }

            victim.kill();
            return new Kill(id, victim, System.nanoTime());
        } finally {
            for (Connection holder : holders) {
                holder.rollback();
                holder.close();
            }
        }
    }

    /** Runs every seed once, uninterrupted (a sweep over the seeds), and keeps its result and row counts. */
    private Map<Integer, Reference> references(Api api, Connection observer) throws SQLException {
        StringBuilder seeds = new StringBuilder();
        for (int seed = 1; seed <= KILLS; seed++) {
            seeds.append(seed == 1 ? "" : ", ").append(seed);
        }
        Api.Response sweep = api.post("/api/v1/sweeps", """
                {"base": {"scenario": %s}, "parameters": [{"pointer": "/seed", "values": [%s]}],
                 "outputs": {"series": "full"}}"""
                .formatted(scenario(1), seeds));
        assertThat(sweep.status()).as(sweep.toString()).isEqualTo(202);
        String sweepId = sweep.json().get("id").asString();
        await().atMost(Duration.ofSeconds(120)).pollInterval(Duration.ofMillis(100))
                .until(() -> api.get("/api/v1/sweeps/" + sweepId).json().get("status").asString(), "SUCCEEDED"::equals);
        Map<Integer, Reference> references = new LinkedHashMap<>();
        int seed = 1;
        for (JsonNode row : api.get("/api/v1/sweeps/" + sweepId).json().get("rows")) {
            String id = row.at("/experiments/0").asString();
            references.put(seed++, new Reference(
                    WorkerCountDeterminismTest.comparable(api.get("/api/v1/experiments/" + id + "/result").body(), id),
                    rows(observer, UUID.fromString(id))));
        }
        // The MID_SERIES row is inside the write: three series rows before it, more after it.
        String first = row0(api, sweepId);
        assertThat(count(observer, "SELECT COUNT(*) FROM result_series_arrays WHERE experiment_id = '" + first
                + "' AND position = " + MID_POSITION + " AND kind = '" + MID_KIND + "' AND name = '" + MID_NAME
                + "' AND metric = '" + MID_METRIC + "' AND cardinality(real_values) = " + STEPS)).isEqualTo(1);
        assertThat(references.get(1).rows().get("result_series_arrays")).isGreaterThan(MID_POSITION + 1L);
        assertThat(references).hasSize(KILLS);
        assertThat(references.values().stream().map(Reference::result).distinct().count())
                .as("each seed its own result").isEqualTo(KILLS);
        return references;
    }

    private static String row0(Api api, String sweepId) {
        return api.get("/api/v1/sweeps/" + sweepId).json().at("/rows/0/experiments/0").asString();
    }

    /** Wired fq_codel at 10 Mbit/s for 4 s, series every 10 ms; a fraction of a second of engine time. */
    private static String scenario(int seed) {
        return TestScenarios.wired(10, 4)
                .replace("{\"durationS\"", "{\"seed\": " + seed + ", \"sampleIntervalMs\": 10, \"durationS\"");
    }

    private ChildInstance startChild() throws IOException {
        String name = "kill-" + started.incrementAndGet();
        // The instance's name on its database sessions, so the test can tell them apart in pg_stat_activity. Every
        // kill costs a JVM start-up, and the runs here are a fraction of a second: C1 only starts it sooner.
        return ChildInstance.start(db, name, "-XX:TieredStopAtLevel=1",
                "--spring.datasource.hikari.data-source-properties.ApplicationName=" + name);
    }

    private CompletableFuture<ChildInstance> startAsync() {
        return CompletableFuture.supplyAsync(() -> {
            try {
                return startChild();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        });
    }

    /**
     * Waits until a session of {@code instance} (any instance when null) runs a statement starting with {@code sql}
     * (a LIKE pattern) and waits for a lock {@code holder} holds — directly, or queued behind another session that
     * waits for it: a second waiter for a row lock waits on the first waiter's tuple lock, so PostgreSQL names the
     * first waiter, not the holder, among its blockers (at AFTER_COMMIT the victim's db-scheduler heartbeat, every
     * 500 ms, can update the held job row just before the victim's delete of it: once in four CI runs the delete then
     * never showed the holder as its blocker and the wait timed out). Answers that instance's name.
     */
    private static String awaitWaiting(Connection observer, Connection holder, String sql, String instance)
            throws SQLException {
        int holderPid = pid(holder);
        return await().atMost(Duration.ofSeconds(60)).pollInterval(Duration.ofMillis(20)).until(() -> {
            try (PreparedStatement query = observer.prepareStatement("""
                    SELECT a.application_name FROM pg_stat_activity a
                    WHERE a.datname = current_database() AND a.query ILIKE ? AND (? IS NULL OR a.application_name = ?)
                      AND (? = ANY (pg_blocking_pids(a.pid))
                           OR EXISTS (SELECT 1 FROM pg_stat_activity b
                                      WHERE b.pid = ANY (pg_blocking_pids(a.pid)) AND ? = ANY (pg_blocking_pids(b.pid))))""")) {
                query.setString(1, sql);
                query.setString(2, instance);
                query.setString(3, instance);
                query.setInt(4, holderPid);
                query.setInt(5, holderPid);
                try (ResultSet rs = query.executeQuery()) {
                    return rs.next() ? rs.getString(1) : null;
                }
            }
        }, name -> name != null && name.startsWith("kill-"));
    }

    private static long sessionsOf(Connection observer, String instance) throws SQLException {
        try (PreparedStatement query = observer.prepareStatement(
                "SELECT COUNT(*) FROM pg_stat_activity WHERE datname = current_database() AND application_name = ?")) {
            query.setString(1, instance);
            try (ResultSet rs = query.executeQuery()) {
                rs.next();
                return rs.getLong(1);
            }
        }
    }

    /** The experiment's rows in each result table, as committed. */
    private static Map<String, Long> rows(Connection observer, UUID id) throws SQLException {
        Map<String, Long> rows = new LinkedHashMap<>();
        for (String table : RESULT_TABLES) {
            rows.put(table, count(observer, "SELECT COUNT(*) FROM " + table + " WHERE experiment_id = '" + id + "'"));
        }
        return rows;
    }

    private static long count(Connection connection, String sql) throws SQLException {
        try (PreparedStatement query = connection.prepareStatement(sql); ResultSet rs = query.executeQuery()) {
            rs.next();
            return rs.getLong(1);
        }
    }

    private Connection holder(List<Connection> holders) throws SQLException {
        Connection connection = db.open();
        holders.add(connection);
        connection.setAutoCommit(false);
        return connection;
    }

    private static void execute(Connection connection, String sql) throws SQLException {
        try (var statement = connection.createStatement()) {
            statement.execute(sql);
        }
    }

    private static int pid(Connection connection) throws SQLException {
        try (var statement = connection.createStatement(); ResultSet rs = statement.executeQuery("SELECT pg_backend_pid()")) {
            rs.next();
            return rs.getInt(1);
        }
    }
}
