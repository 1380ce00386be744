package dev.fqlab.support;

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.io.IOException;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Locale;
import java.util.UUID;
import org.testcontainers.DockerClientFactory;
import org.testcontainers.postgresql.PostgreSQLContainer;

/**
 * Real PostgreSQL for integration tests, from the first source that works:
 * <ol>
 *   <li>a Testcontainers {@code postgres:15-alpine} container when a Docker engine answers;</li>
 *   <li>the admin JDBC URL in env {@code TEST_PG_URL} or {@code -Dtest.pg.url} (a server you run);</li>
 *   <li>an embedded PostgreSQL 15 (zonky) started for this JVM, so a fresh machine needs neither.</li>
 * </ol>
 * {@code -Dtest.db=testcontainers|external|embedded} (or env {@code TEST_DB}) forces one. Every caller of
 * {@link #fresh()} gets a new, empty database on that server; on an external server they are dropped when the
 * JVM exits. There is no silent skip: when the chosen source fails, the tests fail.
 */
public final class TestDatabase {

    /** How to connect: {@code url} may carry the user; {@code user}/{@code password} may be null. */
    public record Conn(String url, String user, String password, String kind) {

        public Connection open() throws SQLException {
            return user == null ? DriverManager.getConnection(url) : DriverManager.getConnection(url, user, password);
        }
    }

    private static Conn server;
    private static Conn shared;

    private TestDatabase() {
    }

    /** The database this JVM's Spring test contexts share. */
    public static synchronized Conn shared() {
        if (shared == null) {
            shared = fresh();
        }
        return shared;
    }

    /** A new, empty database on the test server. */
    public static synchronized Conn fresh() {
        Conn admin = server();
        String name = "it_" + UUID.randomUUID().toString().replace("-", "").substring(0, 12);
        try (Connection c = admin.open(); Statement s = c.createStatement()) {
            s.execute("CREATE DATABASE " + name);
        } catch (SQLException e) {
            throw new IllegalStateException("Cannot create a test database on " + admin.url(), e);
        }
        if (admin.kind().equals("external")) {
            Runtime.getRuntime().addShutdownHook(new Thread(() -> drop(admin, name)));
        }
        return new Conn(admin.url().replaceFirst("(jdbc:postgresql://[^/]+/)[^?]*", "$1" + name), admin.user(),
                admin.password(), admin.kind());
    }

    private static synchronized Conn server() {
        if (server != null) {
            return server;
        }
        String forced = System.getProperty("test.db", System.getenv().getOrDefault("TEST_DB", "auto"))
                .toLowerCase(Locale.ROOT);
        String adminUrl = System.getProperty("test.pg.url", System.getenv("TEST_PG_URL"));
        boolean haveUrl = adminUrl != null && !adminUrl.isBlank();
        server = switch (forced) {
            case "testcontainers" -> container();
            case "external" -> external(adminUrl);
            case "embedded" -> embedded();
            case "auto" -> dockerAvailable() ? container() : haveUrl ? external(adminUrl) : embedded();
            default -> throw new IllegalStateException("test.db must be auto, testcontainers, external or embedded, was " + forced);
        };
        System.out.println("[TestDatabase] using " + server.kind() + " PostgreSQL at " + server.url());
        return server;
    }

    private static boolean dockerAvailable() {
        try {
            return DockerClientFactory.instance().isDockerAvailable();
        } catch (Throwable t) {
            return false;
        }
    }

    private static Conn container() {
        PostgreSQLContainer pg = new PostgreSQLContainer("postgres:15-alpine");
        pg.start();
        return new Conn(pg.getJdbcUrl(), pg.getUsername(), pg.getPassword(), "testcontainers");
    }

    private static Conn external(String adminUrl) {
        if (adminUrl == null || adminUrl.isBlank()) {
            throw new IllegalStateException("test.db=external needs TEST_PG_URL or -Dtest.pg.url (an admin JDBC URL)");
        }
        return new Conn(adminUrl, null, null, "external");
    }

    private static Conn embedded() {
        try {
            EmbeddedPostgres pg = EmbeddedPostgres.builder().start();
            Runtime.getRuntime().addShutdownHook(new Thread(() -> {
                try {
                    pg.close();
                } catch (IOException ignored) {
                    // the JVM is going away anyway
                }
            }));
            return new Conn("jdbc:postgresql://localhost:" + pg.getPort() + "/postgres?user=postgres", null, null,
                    "embedded");
        } catch (IOException e) {
            throw new IllegalStateException("Cannot start embedded PostgreSQL (and no Docker engine or TEST_PG_URL)", e);
        }
    }

    private static void drop(Conn admin, String name) {
        try (Connection c = admin.open(); Statement s = c.createStatement()) {
            s.execute("DROP DATABASE IF EXISTS " + name + " WITH (FORCE)");
        } catch (SQLException ignored) {
            // best effort at JVM exit
        }
    }
}
