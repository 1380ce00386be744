package dev.fqlab.support;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.time.Duration;
import java.util.UUID;
import org.junit.jupiter.api.BeforeEach;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.context.annotation.Import;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import tools.jackson.databind.JsonNode;

/**
 * Base of the tests that drive one running service over real HTTP against real PostgreSQL. All subclasses share
 * one Spring context (same configuration), so the database is shared too: tests tag or name what they create
 * and never assume an empty database.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT, properties = {
        "fqlab.instance-name=test-main",
        "fqlab.workers=2",
        "fqlab.progress-interval=100ms",
        "fqlab.counts-cache-ttl=200ms",
        "db-scheduler.polling-interval=100ms",
        "db-scheduler.heartbeat-interval=1s",
        "db-scheduler.missed-heartbeats-limit=4"})
@Import(FailingEngine.class)
public abstract class ServiceTest {

    @DynamicPropertySource
    static void postgres(DynamicPropertyRegistry registry) {
        TestDatabase.Conn db = TestDatabase.shared();
        registry.add("spring.datasource.url", db::url);
        // "" replaces the H2 default user; a user in the URL wins in pgjdbc.
        registry.add("spring.datasource.username", () -> db.user() == null ? "" : db.user());
        registry.add("spring.datasource.password", () -> db.password() == null ? "" : db.password());
    }

    @LocalServerPort
    protected int port;

    @Autowired
    protected JdbcClient jdbc;

    protected Api api;

    @BeforeEach
    void connect() {
        api = new Api(port);
    }

    /** Submits and returns the 202 answer's experiment. */
    protected JsonNode submit(String body) {
        Api.Response response = api.post("/api/v1/experiments", body);
        assertThat(response.status()).as(response.toString()).isEqualTo(202);
        return response.json();
    }

    protected JsonNode experiment(String id) {
        Api.Response response = api.get("/api/v1/experiments/" + id);
        assertThat(response.status()).as(response.toString()).isEqualTo(200);
        return response.json();
    }

    protected JsonNode awaitStatus(String id, String status, Duration timeout) {
        await().atMost(timeout).pollInterval(Duration.ofMillis(50))
                .until(() -> experiment(id).get("status").asString(), status::equals);
        return experiment(id);
    }

    protected long count(String sql, String id) {
        return jdbc.sql(sql).param(UUID.fromString(id)).query(Long.class).single();
    }
}
