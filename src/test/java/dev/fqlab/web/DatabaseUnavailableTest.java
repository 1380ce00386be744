package dev.fqlab.web;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import java.net.ServerSocket;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.SQLTransientConnectionException;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.postgresql.util.PSQLException;
import org.postgresql.util.PSQLState;
import org.springframework.dao.DataIntegrityViolationException;
import org.springframework.jdbc.BadSqlGrammarException;
import org.springframework.jdbc.CannotGetJdbcConnectionException;
import org.springframework.transaction.CannotCreateTransactionException;

/**
 * What counts as "the database is unavailable" (503 and Retry-After; a worker retries): the exceptions Spring, Hikari,
 * pgjdbc and db-scheduler throw while PostgreSQL refuses connections or drops them — not a bad statement.
 */
class DatabaseUnavailableTest {

    @Test
    void refusedOrLostConnectionsAreUnavailability() {
        // Hikari, when no connection comes within its timeout; Spring's wrappers of it.
        SQLTransientConnectionException timeout = new SQLTransientConnectionException(
                "HikariPool-1 - Connection is not available, request timed out after 1000ms");
        assertThat(DatabaseUnavailable.causedBy(timeout)).isTrue();
        assertThat(DatabaseUnavailable.causedBy(new CannotGetJdbcConnectionException("Failed to obtain JDBC Connection",
                timeout))).isTrue();
        assertThat(DatabaseUnavailable.causedBy(new CannotCreateTransactionException(
                "Could not open JDBC Connection for transaction", timeout))).isTrue();
        // pgjdbc: a refused connection (08001) and a connection lost mid-statement (08006), wrapped by a library.
        PSQLException refused = new PSQLException("Connection to 127.0.0.1:5432 refused.", PSQLState.CONNECTION_UNABLE_TO_CONNECT);
        PSQLException lost = new PSQLException("An I/O error occurred while sending to the backend.",
                PSQLState.CONNECTION_FAILURE);
        assertThat(DatabaseUnavailable.causedBy(new RuntimeException("Failed to rollback.", refused))).isTrue();
        assertThat(DatabaseUnavailable.causedBy(new RuntimeException(new RuntimeException(lost)))).isTrue();
        // PostgreSQL shutting down (57P01 admin_shutdown).
        assertThat(DatabaseUnavailable.causedBy(new SQLException("terminating connection due to administrator command",
                "57P01"))).isTrue();
    }

    @Test
    void aBadStatementOrConstraintIsNot() {
        assertThat(DatabaseUnavailable.causedBy(new DataIntegrityViolationException("duplicate key",
                new SQLException("duplicate key value violates unique constraint", "23505")))).isFalse();
        assertThat(DatabaseUnavailable.causedBy(new BadSqlGrammarException("select", "SELECT nope",
                new SQLException("column does not exist", "42703")))).isFalse();
        assertThat(DatabaseUnavailable.causedBy(new IllegalStateException("boom"))).isFalse();
        assertThat(DatabaseUnavailable.causedBy(new SQLException("no state"))).isFalse();
    }

    /**
     * Hikari's own behaviour, which {@link DatabaseUnavailable#poolExhausted} relies on: a timeout because every
     * connection is taken has no cause; a timeout because no connection could be made carries that failure.
     */
    @Test
    void hikariTellsAnExhaustedPoolFromAnUnreachableDatabase() throws Exception {
        HikariConfig busy = new HikariConfig();
        busy.setJdbcUrl("jdbc:h2:mem:pool-" + UUID.randomUUID() + ";DB_CLOSE_DELAY=-1");
        busy.setMaximumPoolSize(1);
        busy.setConnectionTimeout(250);
        try (HikariDataSource pool = new HikariDataSource(busy); Connection held = pool.getConnection()) {
            SQLException timeout = catchThrowableOfType(SQLException.class, pool::getConnection);
            assertThat((Throwable) timeout).isInstanceOf(SQLTransientConnectionException.class);
            assertThat(DatabaseUnavailable.poolExhausted(new CannotGetJdbcConnectionException("x", timeout))).isTrue();
            assertThat(DatabaseUnavailable.causedBy(timeout)).isTrue();
        }
        HikariConfig unreachable = new HikariConfig();
        try (ServerSocket closed = new ServerSocket(0)) {
            unreachable.setJdbcUrl("jdbc:postgresql://127.0.0.1:" + closed.getLocalPort() + "/none?connectTimeout=1");
        }
        unreachable.setConnectionTimeout(250);
        unreachable.setInitializationFailTimeout(-1);
        try (HikariDataSource pool = new HikariDataSource(unreachable)) {
            SQLException timeout = catchThrowableOfType(SQLException.class, pool::getConnection);
            assertThat(timeout.getCause()).as("the refused connection").isNotNull();
            assertThat(DatabaseUnavailable.poolExhausted(timeout)).isFalse();
            assertThat(DatabaseUnavailable.causedBy(timeout)).isTrue();
        }
    }
}
