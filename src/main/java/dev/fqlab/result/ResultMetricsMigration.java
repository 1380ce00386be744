package dev.fqlab.result;

import java.sql.SQLException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
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
 * Flyway migration 17 (issue 17): stores the metrics of every result stored before V16 in {@code result_metrics},
 * read from its document by the same {@link ResultMetricFields} the service uses when it stores a result, so a
 * migrated sweep's table shows the numbers it showed before. A Java migration because the metric names come from
 * walking the JSON document (the same code on H2 and PostgreSQL); {@code results} is read in pages of
 * {@link #PAGE} by primary key, so memory stays small however many results there are.
 */
@Component
public class ResultMetricsMigration extends NumberedMigration {

    static final int PAGE = 500;
    private static final Logger log = LoggerFactory.getLogger(ResultMetricsMigration.class);

    private final JsonMapper jsonMapper;

    public ResultMetricsMigration(JsonMapper jsonMapper) {
        super("17", "result metrics from documents", 17_017);
        this.jsonMapper = jsonMapper;
    }

    @Override
    public void migrate(Context context) throws SQLException {
        JdbcTemplate jdbc = new JdbcTemplate(new SingleConnectionDataSource(context.getConnection(), true));
        boolean postgres = ResultMetricRows.postgres(jdbc);
        int stored = 0;
        UUID after = null;
        while (true) {
            Map<UUID, String> documents = new LinkedHashMap<>();
            String page = "SELECT r.experiment_id, r.document FROM results r WHERE "
                    + (after == null ? "" : "r.experiment_id > ? AND ")
                    + "NOT EXISTS (SELECT 1 FROM result_metrics m WHERE m.experiment_id = r.experiment_id) "
                    + "ORDER BY r.experiment_id LIMIT " + PAGE;
            jdbc.query(page, rs -> {
                documents.put(rs.getObject(1, UUID.class), rs.getString(2));
            }, after == null ? new Object[0] : new Object[] {after});
            if (documents.isEmpty()) {
                break;
            }
            ResultMetricRows.insertAll(jdbc, jsonMapper, postgres, documents);
            stored += documents.size();
            after = List.copyOf(documents.keySet()).getLast();
        }
        log.info("Stored the metrics of {} results in result_metrics", stored);
    }
}
