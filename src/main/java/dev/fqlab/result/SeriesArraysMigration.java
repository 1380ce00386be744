package dev.fqlab.result;

import dev.fqlab.sim.result.Series;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.UUID;
import dev.fqlab.config.NumberedMigration;
import org.flywaydb.core.api.migration.Context;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.datasource.SingleConnectionDataSource;
import org.springframework.stereotype.Component;
import tools.jackson.databind.json.JsonMapper;

/**
 * Flyway migration 12 (issue 17): moves every stored result's series out of its JSON document into
 * {@code result_series_arrays} (V11), and replaces the long-format table {@code result_series} by a view of the same
 * name and columns over the arrays, so that the dashboards' and the README's SQL keep working. A Java migration
 * because the documents must stay byte-identical apart from the series: the series are cut from the text, not
 * re-serialized through a database JSON type (jsonb reorders keys). A document whose series do not come back
 * identical from the arrays (none known) keeps them inline; the API serves such a document as it is.
 */
@Component
public class SeriesArraysMigration extends NumberedMigration {

    private static final Logger log = LoggerFactory.getLogger(SeriesArraysMigration.class);
    private static final String SERIES_MEMBER = ",\"series\":";

    /** PostgreSQL: one row per value, unnested with its position (1-based, so step = ordinality - 1). */
    static final String POSTGRES_VIEW = """
            CREATE VIEW result_series AS
            SELECT a.experiment_id, a.kind, a.name, a.metric, CAST(u.step - 1 AS INTEGER) AS step, u.t_s, u.metric_value
            FROM result_series_arrays a
            JOIN results r ON r.experiment_id = a.experiment_id
            CROSS JOIN LATERAL unnest(r.series_t,
                COALESCE(a.exact_values, CAST(CAST(a.real_values AS TEXT[]) AS DOUBLE PRECISION[])))
                WITH ORDINALITY AS u(t_s, metric_value, step)""";

    /**
     * H2 (2.3) has no LATERAL unnest of a column: the positions come from a join with its SYSTEM_RANGE table
     * function instead (an index range per series, not a scan).
     */
    static final String H2_VIEW = """
            CREATE VIEW result_series AS
            SELECT a.experiment_id, a.kind, a.name, a.metric, CAST(n.x - 1 AS INTEGER) AS step, r.series_t[n.x] AS t_s,
                COALESCE(a.exact_values[n.x], CAST(CAST(a.real_values[n.x] AS VARCHAR) AS DOUBLE PRECISION))
                    AS metric_value
            FROM result_series_arrays a
            JOIN results r ON r.experiment_id = a.experiment_id
            JOIN SYSTEM_RANGE(1, 2147483647) AS n(x) ON n.x <= CARDINALITY(r.series_t)""";

    private final JsonMapper jsonMapper;

    public SeriesArraysMigration(JsonMapper jsonMapper) {
        super("12", "series rows to arrays", 12_017);
        this.jsonMapper = jsonMapper;
    }

    @Override
    public void migrate(Context context) throws SQLException {
        Connection connection = context.getConnection();
        JdbcTemplate jdbc = new JdbcTemplate(new SingleConnectionDataSource(connection, true));
        List<UUID> ids = jdbc.queryForList("SELECT experiment_id FROM results ORDER BY experiment_id", UUID.class);
        int moved = 0;
        for (UUID id : ids) {
            if (move(jdbc, connection, id)) {
                moved++;
            }
        }
        log.info("Moved the series of {} of {} results into result_series_arrays", moved, ids.size());
        boolean postgres = connection.getMetaData().getDatabaseProductName().toLowerCase().contains("postgres");
        try (Statement statement = connection.createStatement()) {
            statement.execute("DROP TABLE result_series");
            statement.execute(postgres ? POSTGRES_VIEW : H2_VIEW);
        }
    }

    /** Moves one result's series; false when it has none or they would not come back identical. */
    private boolean move(JdbcTemplate jdbc, Connection connection, UUID id) throws SQLException {
        String document = jdbc.queryForObject("SELECT document FROM results WHERE experiment_id = ?", String.class, id);
        int at = document.lastIndexOf(SERIES_MEMBER);
        if (at < 0 || !document.endsWith("}")) {
            return false;
        }
        String seriesJson = document.substring(at + SERIES_MEMBER.length(), document.length() - 1);
        if (seriesJson.equals("null")) {
            return false;
        }
        Series series = jsonMapper.readValue(seriesJson, Series.class);
        if (series.t() == null || !jsonMapper.writeValueAsString(series).equals(seriesJson)) {
            log.warn("Result {} keeps its series in its document: they do not serialize back identically", id);
            return false;
        }
        SeriesStore.insert(jdbc, id, series);
        Series back = SeriesStore.read(jdbc, jsonMapper, id, series.intervalMs(), series.t().toArray());
        if (!jsonMapper.writeValueAsString(back).equals(seriesJson)) {
            jdbc.update("DELETE FROM result_series_arrays WHERE experiment_id = ?", id);
            log.warn("Result {} keeps its series in its document: the arrays do not give them back identically", id);
            return false;
        }
        jdbc.update("UPDATE results SET document = ?, series_interval_ms = ?, series_t = ? WHERE experiment_id = ?",
                document.substring(0, at) + SERIES_MEMBER + "null}", series.intervalMs(),
                SeriesStore.timeAxis(connection, series), id);
        return true;
    }
}
