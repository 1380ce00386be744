package dev.fqlab.web;

import java.sql.SQLException;
import java.sql.SQLNonTransientConnectionException;
import java.sql.SQLTransientConnectionException;
import org.springframework.dao.DataAccessResourceFailureException;
import org.springframework.dao.TransientDataAccessResourceException;
import org.springframework.transaction.CannotCreateTransactionException;

/**
 * Whether a failure means the database cannot be reached (down, refusing connections, a connection lost, no
 * connection from the pool within its timeout) rather than a mistake in a statement: requests answer it with 503
 * and Retry-After, workers retry what they were storing. Looks through the whole cause chain, since db-scheduler
 * and JDBC drivers wrap the driver's exception in their own.
 */
public final class DatabaseUnavailable {

    /** Seconds a client is asked to wait (Retry-After) after a 503 because the database is unavailable. */
    public static final long RETRY_AFTER_S = 5;

    private DatabaseUnavailable() {
    }

    /**
     * Whether the failure is only the pool being exhausted: every connection busy for the whole connection timeout
     * while the database itself answers (an overloaded machine, not an outage). Hikari's timeout exception then has no
     * cause; when connections could not be made, it carries the last connection failure as its cause.
     */
    public static boolean poolExhausted(Throwable failure) {
        int depth = 0;
        for (Throwable t = failure; t != null && depth < 20; t = t.getCause(), depth++) {
            if (t instanceof SQLTransientConnectionException && t.getCause() == null) {
                return true;
            }
        }
        return false;
    }

    public static boolean causedBy(Throwable failure) {
        int depth = 0;
        for (Throwable t = failure; t != null && depth < 20; t = t.getCause(), depth++) {
            if (t instanceof DataAccessResourceFailureException   // includes CannotGetJdbcConnectionException
                    || t instanceof TransientDataAccessResourceException
                    || t instanceof CannotCreateTransactionException
                    || t instanceof SQLTransientConnectionException   // Hikari: no connection within its timeout
                    || t instanceof SQLNonTransientConnectionException) {
                return true;
            }
            // SQLSTATE class 08: connection exception (pgjdbc's I/O errors, refused connections); 57P0x: the server
            // is shutting down or restarting.
            if (t instanceof SQLException sql && sql.getSQLState() != null
                    && (sql.getSQLState().startsWith("08") || sql.getSQLState().startsWith("57P0"))) {
                return true;
            }
        }
        return false;
    }
}
