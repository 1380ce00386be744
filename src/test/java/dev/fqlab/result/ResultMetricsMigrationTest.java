package dev.fqlab.result;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.fqlab.support.TestDatabase;
import java.time.OffsetDateTime;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.flywaydb.core.Flyway;
import org.junit.jupiter.api.Test;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.datasource.DriverManagerDataSource;
import tools.jackson.databind.json.JsonMapper;

/**
 * Migrations V16/V17 on both databases: a result stored before them (its document as results.md shows one, with the
 * series already moved out by V12) gets its {@code result_metrics} row, named and valued as the document says, and
 * existing sweeps start unsettled.
 */
class ResultMetricsMigrationTest {

    private static final JsonMapper JSON = JsonMapper.builder().build();

    /** results.md's example document (its numbers), as V12 leaves it: series null. */
    private static final String DOCUMENT = """
            {"experimentId":"%s","scenarioSha256":"%s","engineVersion":"0.1.0+abc1234","seed":%d,"simulatedS":30.0,
             "engine":{"wallS":0.8,"events":1234567,"eventsPerS":1.5e6,"packets":456789,"speedup":37.5},
             "summary":{"throughputMbps":24.1,"jainThroughput":0.62,"jainAirtime":0.99},
             "stations":[{"name":"sta1","throughputMbps":21.9,"downMbps":21.8,"upMbps":0.1,"airtimeShare":0.49,
               "airtimeUs":14700000,"ppdus":5120,"avgAggregateSize":11.3,"retries":40,"failedMpdus":0}],
             "flows":[{"name":"udp1","type":"udp","station":"sta1","direction":"down","sentPackets":0,
               "deliveredPackets":0,"droppedPackets":0,"ecnMarks":0,"queuedPackets":0,"reorderedPackets":0,"sentBytes":0,
               "deliveredBytes":0,"throughputMbps":21.8,
               "latencyMs":{"mean":0,"p50":0,"p90":0,"p99":0,"max":0,"samples":0}}],
             "txqs":[{"station":"sta1","tid":0,"ac":"BE","backlogBytes":0,"backlogPackets":0,"newFlows":0,"drops":0,
               "marks":0,"overlimit":0,"collisions":0,"txBytes":0,"txPackets":0}],
             "qdisc":{"type":"fq_codel","sentBytes":0,"sentPackets":0,"dropped":0,"overlimits":0,"backlogBytes":0,
               "backlogPackets":0,"maxPacket":0,"dropOverlimit":0,"dropOvermemory":0,"newFlowCount":0,"ecnMark":0,
               "ceMark":0},
             "series":null}""";

    /** The document's numbers by path (ResultMetricFields' rules), in their order: parts first, then simulatedS. */
    private static final List<String> NAMES = List.of(
            "summary.throughputMbps", "summary.jainThroughput", "summary.jainAirtime",
            "stations.sta1.throughputMbps", "stations.sta1.downMbps", "stations.sta1.upMbps",
            "stations.sta1.airtimeShare", "stations.sta1.airtimeUs", "stations.sta1.ppdus",
            "stations.sta1.avgAggregateSize", "stations.sta1.retries", "stations.sta1.failedMpdus",
            "flows.udp1.sentPackets", "flows.udp1.deliveredPackets", "flows.udp1.droppedPackets", "flows.udp1.ecnMarks",
            "flows.udp1.queuedPackets", "flows.udp1.reorderedPackets", "flows.udp1.sentBytes",
            "flows.udp1.deliveredBytes", "flows.udp1.throughputMbps", "flows.udp1.latencyMs.mean",
            "flows.udp1.latencyMs.p50", "flows.udp1.latencyMs.p90", "flows.udp1.latencyMs.p99",
            "flows.udp1.latencyMs.max", "flows.udp1.latencyMs.samples",
            "txqs.sta1.0.backlogBytes", "txqs.sta1.0.backlogPackets", "txqs.sta1.0.newFlows", "txqs.sta1.0.drops",
            "txqs.sta1.0.marks", "txqs.sta1.0.overlimit", "txqs.sta1.0.collisions", "txqs.sta1.0.txBytes",
            "txqs.sta1.0.txPackets",
            "qdisc.sentBytes", "qdisc.sentPackets", "qdisc.dropped", "qdisc.overlimits", "qdisc.backlogBytes",
            "qdisc.backlogPackets", "qdisc.maxPacket", "qdisc.dropOverlimit", "qdisc.dropOvermemory",
            "qdisc.newFlowCount", "qdisc.ecnMark", "qdisc.ceMark",
            "engine.wallS", "engine.events", "engine.eventsPerS", "engine.packets", "engine.speedup",
            "simulatedS");

    @Test
    void migratesResultsStoredBeforeOnH2() {
        migrate("jdbc:h2:mem:metrics-" + UUID.randomUUID()
                + ";MODE=PostgreSQL;DATABASE_TO_LOWER=TRUE;DEFAULT_NULL_ORDERING=HIGH;DB_CLOSE_DELAY=-1", "sa", "");
    }

    @Test
    void migratesResultsStoredBeforeOnPostgres() {
        TestDatabase.Conn db = TestDatabase.fresh();
        migrate(db.url(), db.user(), db.password());
    }

    private static void migrate(String url, String user, String password) {
        Flyway before = flyway(url, user, password).target("15").load();
        before.migrate();
        JdbcTemplate jdbc = new JdbcTemplate(new DriverManagerDataSource(url, user == null ? "" : user,
                password == null ? "" : password));
        // More results than one page of the migration, two seeds.
        int count = ResultMetricsMigration.PAGE + 3;
        UUID sweep = UUID.randomUUID();
        jdbc.update("INSERT INTO sweeps (id, name, definition, combinations, repetitions, experiment_count, reused_count, "
                + "submitted_at) VALUES (?, 's', '{}', 1, 1, 1, 0, ?)", sweep, OffsetDateTime.now());
        for (int i = 0; i < count; i++) {
            UUID id = UUID.randomUUID();
            String sha = "%064d".formatted(i);
            jdbc.update("INSERT INTO experiments (id, status, submitted_at, scenario, scenario_sha256) VALUES (?, 'SUCCEEDED', ?, '{}', ?)",
                    id, OffsetDateTime.now(), sha);
            jdbc.update("INSERT INTO results (experiment_id, scenario_sha256, engine_version, seed, simulated_s, wall_s, "
                    + "events, packets, throughput_mbps, document, stored_at) VALUES (?, ?, 'v', ?, 30, 0.8, 1, 1, 24.1, ?, ?)",
                    id, sha, 1 + i % 2, DOCUMENT.formatted(id, sha, 1 + i % 2).replace("\n", ""), OffsetDateTime.now());
        }

        flyway(url, user, password).load().migrate();

        assertThat(jdbc.queryForObject("SELECT COUNT(*) FROM result_metrics", Integer.class)).isEqualTo(count);
        assertThat(jdbc.queryForObject("SELECT COUNT(DISTINCT names_sha256) FROM result_metrics", Integer.class)).isEqualTo(1);
        assertThat(jdbc.queryForObject("SELECT COUNT(*) FROM result_metric_names", Integer.class)).isEqualTo(1);
        List<UUID> ids = jdbc.queryForList("SELECT experiment_id FROM results", UUID.class);
        List<ResultMetricRows.Stored> rows = ResultMetricRows.read(jdbc, ids);
        assertThat(rows).hasSize(count);
        assertThat(ResultMetricRows.names(jdbc, JSON, rows.getFirst().namesSha256())).containsExactlyElementsOf(NAMES);
        for (ResultMetricRows.Stored row : rows) {
            Map<String, Double> values = new java.util.HashMap<>();
            for (int i = 0; i < NAMES.size(); i++) {
                values.put(NAMES.get(i), row.values()[i]);
            }
            assertThat(row.values()).hasSize(NAMES.size());
            assertThat(row.seed()).isIn(1L, 2L);
            assertThat(values.get("summary.throughputMbps")).isEqualTo(24.1);
            assertThat(values.get("stations.sta1.airtimeShare")).isEqualTo(0.49);
            assertThat(values.get("stations.sta1.airtimeUs")).isEqualTo(14_700_000.0);
            assertThat(values.get("flows.udp1.throughputMbps")).isEqualTo(21.8);
            assertThat(values.get("engine.eventsPerS")).isCloseTo(1.5e6, within(0.0));
            assertThat(values.get("simulatedS")).isEqualTo(30.0);
        }
        // Sweeps from before V16 start unsettled: their counts are derived until a read finds them final.
        assertThat(jdbc.queryForObject("SELECT settled_succeeded FROM sweeps WHERE id = ?", Integer.class, sweep)).isNull();
    }

    @Test
    void aNullSeedReadsAsNullAndZeroAsZeroOnH2() {
        seeds("jdbc:h2:mem:seeds-" + UUID.randomUUID()
                + ";MODE=PostgreSQL;DATABASE_TO_LOWER=TRUE;DEFAULT_NULL_ORDERING=HIGH;DB_CLOSE_DELAY=-1", "sa", "");
    }

    @Test
    void aNullSeedReadsAsNullAndZeroAsZeroOnPostgres() {
        TestDatabase.Conn db = TestDatabase.fresh();
        seeds(db.url(), db.user(), db.password());
    }

    /**
     * A stored row's {@code seed} as SQL has it: NULL reads as null (as a document without a seed does; the sweep
     * export then writes an empty seed), 0 as 0 and a seed beyond int as itself — not what the column before it says.
     */
    private static void seeds(String url, String user, String password) {
        flyway(url, user, password).load().migrate();
        JdbcTemplate jdbc = new JdbcTemplate(new DriverManagerDataSource(url, user == null ? "" : user,
                password == null ? "" : password));
        jdbc.update("INSERT INTO result_metric_names (names_sha256, names) VALUES (?, '[\"simulatedS\"]')", "b".repeat(64));
        Map<UUID, Long> seeds = new java.util.LinkedHashMap<>();
        seeds.put(UUID.randomUUID(), null);
        seeds.put(UUID.randomUUID(), 0L);
        seeds.put(UUID.randomUUID(), 5_000_000_000L);
        for (Map.Entry<UUID, Long> e : seeds.entrySet()) {
            String sha = "%064d".formatted(seeds.size());
            jdbc.update("INSERT INTO experiments (id, status, submitted_at, scenario, scenario_sha256) VALUES (?, 'SUCCEEDED', ?, '{}', ?)",
                    e.getKey(), OffsetDateTime.now(), sha);
            jdbc.update("INSERT INTO results (experiment_id, scenario_sha256, engine_version, seed, simulated_s, wall_s, "
                    + "events, packets, throughput_mbps, document, stored_at) VALUES (?, ?, 'v', 1, 30, 0.8, 1, 1, 24.1, '{}', ?)",
                    e.getKey(), sha, OffsetDateTime.now());
            jdbc.update("INSERT INTO result_metrics (experiment_id, names_sha256, seed, metric_values) VALUES (?, ?, ?, ?)",
                    e.getKey(), "b".repeat(64), e.getValue(), new byte[8]);
        }
        Map<UUID, Long> read = new java.util.HashMap<>();
        ResultMetricRows.read(jdbc, List.copyOf(seeds.keySet())).forEach(row -> read.put(row.experimentId(), row.seed()));
        assertThat(read).isEqualTo(seeds);
    }

    @Test
    void twoTransactionsStoringOneNewShapeBothCommitOnH2() throws Exception {
        String url = "jdbc:h2:mem:shapes-" + UUID.randomUUID()
                + ";MODE=PostgreSQL;DATABASE_TO_LOWER=TRUE;DEFAULT_NULL_ORDERING=HIGH;DB_CLOSE_DELAY=-1;LOCK_TIMEOUT=10000";
        concurrentShapes(url, "sa", "");
    }

    @Test
    void twoTransactionsStoringOneNewShapeBothCommitOnPostgres() throws Exception {
        TestDatabase.Conn db = TestDatabase.fresh();
        concurrentShapes(db.url(), db.user(), db.password());
    }

    /**
     * Two workers finishing the first two results of a new scenario shape at once: the second waits for the first's
     * names row and neither transaction fails (a failed result transaction would lose a result over its metrics).
     */
    private static void concurrentShapes(String url, String user, String password) throws Exception {
        flyway(url, user, password).load().migrate();
        DriverManagerDataSource source = new DriverManagerDataSource(url, user == null ? "" : user,
                password == null ? "" : password);
        try (java.sql.Connection first = source.getConnection(); java.sql.Connection second = source.getConnection()) {
            first.setAutoCommit(false);
            second.setAutoCommit(false);
            JdbcTemplate one = new JdbcTemplate(new org.springframework.jdbc.datasource.SingleConnectionDataSource(first, true));
            JdbcTemplate two = new JdbcTemplate(new org.springframework.jdbc.datasource.SingleConnectionDataSource(second, true));
            boolean postgres = ResultMetricRows.postgres(one);
            assertThat(postgres).isEqualTo(url.startsWith("jdbc:postgresql"));
            ResultMetricRows.insertNames(one, postgres, "a".repeat(64), "[\"summary.throughputMbps\"]");
            var waiting = java.util.concurrent.CompletableFuture.runAsync(() -> {
                ResultMetricRows.insertNames(two, postgres, "a".repeat(64), "[\"summary.throughputMbps\"]");
                try {
                    second.commit();
                } catch (java.sql.SQLException e) {
                    throw new IllegalStateException(e);
                }
            });
            Thread.sleep(300); // the second is now blocked on the first's uncommitted row
            first.commit();
            waiting.get(20, java.util.concurrent.TimeUnit.SECONDS);
        }
        JdbcTemplate jdbc = new JdbcTemplate(source);
        assertThat(jdbc.queryForObject("SELECT COUNT(*) FROM result_metric_names", Integer.class)).isEqualTo(1);
        assertThat(ResultMetricRows.names(jdbc, JSON, "a".repeat(64))).containsExactly("summary.throughputMbps");
    }

    private static org.flywaydb.core.api.configuration.FluentConfiguration flyway(String url, String user, String password) {
        return Flyway.configure().dataSource(url, user, password).locations("classpath:db/migration")
                .javaMigrations(new SeriesArraysMigration(JSON), new ResultMetricsMigration(JSON));
    }
}
