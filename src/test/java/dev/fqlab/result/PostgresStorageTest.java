package dev.fqlab.result;

import static dev.fqlab.support.TestScenarios.quick;
import static dev.fqlab.support.TestScenarios.request;
import static org.assertj.core.api.Assertions.assertThat;

import dev.fqlab.support.ServiceTest;
import java.time.Duration;
import java.util.List;
import java.util.UUID;
import org.flywaydb.core.Flyway;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

/** The schema on real PostgreSQL, and results as SQL users (and later Grafana) read them. */
class PostgresStorageTest extends ServiceTest {

    @Autowired
    Flyway flyway;

    @Test
    void everyMigrationIsAppliedOnPostgres() {
        assertThat(jdbc.sql("SELECT version()").query(String.class).single()).startsWith("PostgreSQL 15");
        assertThat(flyway.info().pending()).isEmpty();
        assertThat(flyway.info().applied()).isNotEmpty().allSatisfy(m -> assertThat(m.getState().isFailed()).isFalse());
    }

    @Test
    void resultsAreReadableWithPlainSql() {
        String id = submit(request(quick(), "sql")).get("id").asString();
        awaitStatus(id, "SUCCEEDED", Duration.ofSeconds(30));
        UUID uuid = UUID.fromString(id);

        // The document is JSON in a TEXT column: PostgreSQL can still query into it.
        double fromDocument = jdbc.sql("SELECT CAST(document::jsonb -> 'summary' ->> 'throughputMbps' AS DOUBLE PRECISION) "
                + "FROM results WHERE experiment_id = ?").param(uuid).query(Double.class).single();
        double summaryColumn = jdbc.sql("SELECT throughput_mbps FROM results WHERE experiment_id = ?").param(uuid)
                .query(Double.class).single();
        assertThat(fromDocument).isEqualTo(summaryColumn);

        // A Grafana-style time series query: one metric of one flow, ordered by time.
        List<Double> times = jdbc.sql("""
                SELECT t_s FROM result_series
                WHERE experiment_id = ? AND kind = 'flow' AND name = 'udp1' AND metric = 'throughputMbps'
                ORDER BY t_s""").param(uuid).query(Double.class).list();
        assertThat(times).hasSize(10).startsWith(0.1).endsWith(1.0);
        assertThat(jdbc.sql("SELECT COUNT(*) FROM result_series WHERE experiment_id = ? AND kind = 'qdisc' AND name = 'down'")
                .param(uuid).query(Long.class).single()).isEqualTo(50); // 10 intervals × 5 qdisc series

        // Per-flow latency percentiles as columns.
        assertThat(jdbc.sql("SELECT latency_p99_ms >= latency_p50_ms FROM result_flows WHERE experiment_id = ? AND name = 'ping'")
                .param(uuid).query(Boolean.class).single()).isTrue();
        assertThat(jdbc.sql("SELECT rtt_samples FROM result_flows WHERE experiment_id = ? AND name = 'ping'")
                .param(uuid).query(Long.class).single()).isPositive();
    }

    @Test
    void deletingAnExperimentDeletesItsResultRows() {
        String id = submit(request(quick(), "delete-rows")).get("id").asString();
        awaitStatus(id, "SUCCEEDED", Duration.ofSeconds(30));
        assertThat(count("SELECT COUNT(*) FROM result_series WHERE experiment_id = ?", id)).isPositive();

        assertThat(api.delete("/api/v1/experiments/" + id).status()).isEqualTo(204);

        assertThat(count("SELECT COUNT(*) FROM results WHERE experiment_id = ?", id)).isZero();
        assertThat(count("SELECT COUNT(*) FROM result_flows WHERE experiment_id = ?", id)).isZero();
        assertThat(count("SELECT COUNT(*) FROM result_series WHERE experiment_id = ?", id)).isZero();
    }
}
