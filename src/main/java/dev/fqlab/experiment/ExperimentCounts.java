package dev.fqlab.experiment;

import dev.fqlab.config.FqlabProperties;
import dev.fqlab.metrics.ActiveExperiments;
import javax.sql.DataSource;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;

/**
 * Queued and running experiments counted in the shared database for the queue gauges: one small query, cut off after
 * {@code fqlab.counts-timeout} so that a slow database cannot hold the gauges' thread for long.
 */
@Component
public class ExperimentCounts implements ActiveExperiments {

    private final JdbcTemplate jdbc;

    public ExperimentCounts(DataSource dataSource, FqlabProperties properties) {
        this.jdbc = new JdbcTemplate(dataSource);
        this.jdbc.setQueryTimeout(Math.toIntExact(properties.countsTimeout().toSeconds()));
    }

    @Override
    public Counts count() {
        long[] counts = new long[2];
        jdbc.query("SELECT status, COUNT(*) AS n FROM experiments WHERE status IN ('QUEUED', 'RUNNING') GROUP BY status",
                rs -> {
                    counts[rs.getString("status").equals("QUEUED") ? 0 : 1] = rs.getLong("n");
                });
        return new Counts(counts[0], counts[1]);
    }
}
