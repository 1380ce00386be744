package dev.fqlab.sweep;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Locale;
import dev.fqlab.config.NumberedMigration;
import org.flywaydb.core.api.migration.Context;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;

/**
 * Flyway migration 19 (issue 17): PostgreSQL compresses the stored answers ({@code sweep_answers.body}, V18) with
 * LZ4 instead of its default pglz. A settled sweep's answer is stored right after its first read: a 1 000-cell
 * sweep's JSON (752 kB) took the server 10–12 ms of CPU to compress with pglz and 2–2.6 ms with LZ4 (20 answers each
 * way, PostgreSQL 15), to 62.6 and 59.3 kB; reading one back decompresses in ~0.4 against ~0.1 ms. On a server with few
 * cores that compression competed with the next request (run-scale's first reads come one after another). Only new
 * values are compressed so; older rows stay as they are (each build replaces the rows another build rendered, so
 * they go after the next deployment). A Java migration because it applies only where it can: PostgreSQL 14 or later
 * built with LZ4 ({@code default_toast_compression} lists it); elsewhere, and on H2, it changes nothing.
 */
@Component
public class SweepAnswersCompressionMigration extends NumberedMigration {

    private static final Logger log = LoggerFactory.getLogger(SweepAnswersCompressionMigration.class);

    public SweepAnswersCompressionMigration() {
        super("19", "sweep answers compressed with lz4", 19_019);
    }

    @Override
    public void migrate(Context context) throws SQLException {
        Connection connection = context.getConnection();
        if (!lz4(connection)) {
            log.info("sweep_answers.body keeps the database's default compression (no PostgreSQL 14+ with LZ4)");
            return;
        }
        try (Statement statement = connection.createStatement()) {
            statement.execute("ALTER TABLE sweep_answers ALTER COLUMN body SET COMPRESSION lz4");
        }
    }

    /** Whether the database is PostgreSQL 14 or later with LZ4 among its TOAST compression methods. */
    static boolean lz4(Connection connection) throws SQLException {
        var meta = connection.getMetaData();
        if (!meta.getDatabaseProductName().toLowerCase(Locale.ROOT).contains("postgres")
                || meta.getDatabaseMajorVersion() < 14) {
            return false;
        }
        try (Statement statement = connection.createStatement();
                ResultSet rs = statement.executeQuery("SELECT 'lz4' = ANY(enumvals) FROM pg_settings "
                        + "WHERE name = 'default_toast_compression'")) {
            return rs.next() && rs.getBoolean(1);
        }
    }
}
