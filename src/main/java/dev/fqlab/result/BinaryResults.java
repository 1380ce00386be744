package dev.fqlab.result;

import java.lang.reflect.Method;
import java.sql.PreparedStatement;
import java.sql.SQLException;

/**
 * Asks pgjdbc for a statement's results in PostgreSQL's binary format from its first execution on a connection.
 * pgjdbc sends a statement unnamed, and so receives every column as text, until the same SQL has run
 * {@code prepareThreshold} (5) times on that connection; a {@code BYTEA} as text is hex, twice its bytes, decoded
 * character by character. A sweep's stored metrics are ~2.3 MB of doubles per 1 000 cells: as text on a connection
 * that had not run the query five times yet, JDBC took 28–31 ms for them against 11–15 ms in binary (p50, 60 reads,
 * issue 17), so a first read that happened to get such a connection paid ~17 ms more. pgjdbc's documented way:
 * {@code PGStatement.setPrepareThreshold(-1)} ("force binary transfers"). H2 and other drivers: nothing to do. The
 * driver is a runtime dependency, so it is reached by reflection.
 */
public final class BinaryResults {

    private static final Class<?> PG_STATEMENT;
    private static final Method SET_PREPARE_THRESHOLD;

    static {
        Class<?> type = null;
        Method method = null;
        try {
            type = Class.forName("org.postgresql.PGStatement");
            method = type.getMethod("setPrepareThreshold", int.class);
        } catch (ReflectiveOperationException | LinkageError absent) {
            type = null;
            method = null;
        }
        PG_STATEMENT = type;
        SET_PREPARE_THRESHOLD = method;
    }

    private BinaryResults() {
    }

    /** {@code statement}, set to receive its results in binary when it is a PostgreSQL one. */
    public static PreparedStatement binary(PreparedStatement statement) throws SQLException {
        if (PG_STATEMENT != null && statement.isWrapperFor(PG_STATEMENT)) {
            try {
                SET_PREPARE_THRESHOLD.invoke(statement.unwrap(PG_STATEMENT), -1);
            } catch (ReflectiveOperationException e) {
                throw new SQLException("cannot ask pgjdbc for binary results", e);
            }
        }
        return statement;
    }
}
