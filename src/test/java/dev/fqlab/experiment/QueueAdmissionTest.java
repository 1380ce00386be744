package dev.fqlab.experiment;

import static org.assertj.core.api.Assertions.assertThat;

import com.github.kagkarlsson.scheduler.Scheduler;
import dev.fqlab.support.Api;
import dev.fqlab.support.InProcessInstance;
import dev.fqlab.support.TestDatabase;
import dev.fqlab.support.TestScenarios;
import java.sql.Connection;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import javax.sql.DataSource;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * Issue 15 item 5: {@code fqlab.queue-capacity} holds under concurrency. Two instances share one database (PostgreSQL,
 * and the embedded default H2), capacity 3, their workers paused so nothing leaves the queue; 24 POSTs released at
 * once, half through each instance. Exactly 3 are accepted (202) and stored as QUEUED with their jobs; every other
 * one is a 429 problem with Retry-After. Each round starts from an empty queue (the accepted ones are cancelled);
 * single submissions race alone, then together with sweeps of 2 (which queue through {@code queueAll}).
 */
class QueueAdmissionTest {

    private static final int CAPACITY = 3;
    private static final int PARALLEL = 24;
    private static final int ROUNDS = 5;
    private static final int MIXED_ROUNDS = 3;

    /** What one request asked for and got. */
    private record Attempt(String kind, int size, Api.Response response) {
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"PostgreSQL", "H2"})
    void theQueueTakesExactlyItsCapacityWhateverRacesForIt(String database) throws Exception {
        TestDatabase.Conn db = database.equals("H2")
                // The URL of the embedded default, in memory: two instances in one JVM share it by name.
                ? new TestDatabase.Conn("jdbc:h2:mem:admission-" + UUID.randomUUID()
                        + ";MODE=PostgreSQL;DATABASE_TO_LOWER=TRUE;DEFAULT_NULL_ORDERING=HIGH;DB_CLOSE_DELAY=-1;LOCK_TIMEOUT=10000",
                        "sa", "", "h2")
                : TestDatabase.fresh();
        String[] settings = {"--fqlab.workers=1", "--fqlab.queue-capacity=" + CAPACITY};
        // One first, so that its Flyway migrates the database alone; then the second beside it.
        try (InProcessInstance a = InProcessInstance.start(db, "admission-a", settings);
             InProcessInstance b = InProcessInstance.start(db, "admission-b", settings)) {
            // Workers paused: nothing leaves the queue while the requests race.
            a.bean(Scheduler.class).pause();
            b.bean(Scheduler.class).pause();
            List<Api> apis = List.of(a.api(), b.api());
            JdbcClient jdbc = a.jdbc();
            ExecutorService pool = Executors.newFixedThreadPool(PARALLEL);
            try {
                for (int round = 0; round < ROUNDS + MIXED_ROUNDS; round++) {
                    boolean mixed = round >= ROUNDS;
                    List<Attempt> attempts = race(pool, apis, round, mixed);
                    String context = database + " round " + round + (mixed ? " (with sweeps)" : "");

                    List<Attempt> accepted = attempts.stream().filter(t -> t.response().status() == 202).toList();
                    List<Attempt> refused = attempts.stream().filter(t -> t.response().status() == 429).toList();
                    assertThat(accepted.size() + refused.size()).as(context + ": every answer 202 or 429; %s", attempts)
                            .isEqualTo(PARALLEL);
                    long queued = count(jdbc, "SELECT COUNT(*) FROM experiments WHERE status = 'QUEUED'");
                    assertThat(queued).as(context + ": QUEUED experiments").isEqualTo(CAPACITY);
                    assertThat(accepted.stream().mapToInt(Attempt::size).sum()).as(context + ": accepted experiments")
                            .isEqualTo(CAPACITY);
                    assertThat(count(jdbc, "SELECT COUNT(*) FROM scheduled_tasks")).as(context + ": jobs").isEqualTo(CAPACITY);
                    if (!mixed) {
                        assertThat(accepted).as(context).hasSize(CAPACITY);
                        assertThat(refused).as(context).hasSize(PARALLEL - CAPACITY);
                    }
                    for (Attempt t : refused) {
                        assertThat(t.response().contentType()).as(context).startsWith("application/problem+json");
                        assertThat(t.response().json().get("type").asString()).as(context).endsWith("/queue-full");
                        assertThat(t.response().header("Retry-After")).as(context)
                                .hasValueSatisfying(s -> assertThat(Long.parseLong(s)).isPositive());
                    }

                    // Empty the queue for the next round.
                    for (Attempt t : accepted) {
                        String id = t.response().json().get("id").asString();
                        String path = t.kind().equals("sweep") ? "/api/v1/sweeps/" : "/api/v1/experiments/";
                        assertThat(apis.getFirst().post(path + id + "/cancel").status()).isEqualTo(202);
                    }
                    assertThat(count(jdbc, "SELECT COUNT(*) FROM experiments WHERE status = 'QUEUED'")).isZero();
                }
            } finally {
                pool.shutdownNow();
            }
        }
    }

    /** PARALLEL requests released together, alternating between the instances; in mixed rounds every other one a sweep of 2. */
    private static List<Attempt> race(ExecutorService pool, List<Api> apis, int round, boolean mixed) throws Exception {
        CountDownLatch ready = new CountDownLatch(PARALLEL);
        CountDownLatch go = new CountDownLatch(1);
        List<Future<Attempt>> futures = new ArrayList<>();
        for (int i = 0; i < PARALLEL; i++) {
            Api api = apis.get(i % apis.size());
            boolean sweep = mixed && (i / 2) % 2 == 1;
            int seed = 1000 * round + i;
            futures.add(pool.submit(() -> {
                ready.countDown();
                go.await();
                if (sweep) {
                    return new Attempt("sweep", 2, api.post("/api/v1/sweeps", """
                            {"base": {"scenario": %s}, "parameters": [{"pointer": "/seed", "values": [%d, %d]}]}"""
                            .formatted(TestScenarios.quick(), seed, seed + 100_000)));
                }
                return new Attempt("experiment", 1, api.post("/api/v1/experiments",
                        TestScenarios.request(TestScenarios.quick(), "admission " + seed, "admission")));
            }));
        }
        ready.await();
        go.countDown();
        List<Attempt> attempts = new ArrayList<>();
        for (Future<Attempt> f : futures) {
            attempts.add(f.get());
        }
        return attempts;
    }

    /**
     * A submission that waits for the admission lock longer than the database's lock timeout (H2's LOCK_TIMEOUT; other
     * H2 URLs default to 1 s) is a 503 database-busy problem with Retry-After, not a 500, and stores nothing.
     */
    @Test
    void aSubmissionThatCannotGetTheAdmissionLockInTimeIsA503() throws Exception {
        TestDatabase.Conn db = new TestDatabase.Conn("jdbc:h2:mem:admission-lock-" + UUID.randomUUID()
                + ";MODE=PostgreSQL;DATABASE_TO_LOWER=TRUE;DEFAULT_NULL_ORDERING=HIGH;DB_CLOSE_DELAY=-1;LOCK_TIMEOUT=300",
                "sa", "", "h2");
        try (InProcessInstance a = InProcessInstance.start(db, "admission-lock", "--fqlab.workers=1")) {
            a.bean(Scheduler.class).pause();
            try (Connection holder = a.bean(DataSource.class).getConnection()) {
                holder.setAutoCommit(false);
                holder.createStatement().executeQuery("SELECT id FROM queue_admission FOR UPDATE").close();
                Api.Response response = a.api().post("/api/v1/experiments",
                        TestScenarios.request(TestScenarios.quick(), "blocked", "admission"));
                assertThat(response.status()).as(response.toString()).isEqualTo(503);
                assertThat(response.contentType()).startsWith("application/problem+json");
                assertThat(response.json().get("type").asString()).endsWith("/database-busy");
                assertThat(response.header("Retry-After")).contains("1");
                holder.rollback();
            }
            assertThat(count(a.jdbc(), "SELECT COUNT(*) FROM experiments")).isZero();
        }
    }

    private static long count(JdbcClient jdbc, String sql) {
        return jdbc.sql(sql).query(Long.class).single();
    }
}
