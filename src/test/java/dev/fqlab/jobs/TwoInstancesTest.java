package dev.fqlab.jobs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.fqlab.FqlabApplication;
import dev.fqlab.support.Api;
import dev.fqlab.support.TestDatabase;
import dev.fqlab.support.TestScenarios;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * Two instances on one PostgreSQL share the queue: 50 experiments, submitted through both, each run exactly
 * once (one attempt, one result), and both instances did some of the work.
 */
class TwoInstancesTest {

    private static final int EXPERIMENTS = 50;

    @Test
    void fiftyExperimentsRunExactlyOnceAcrossTwoInstances() {
        TestDatabase.Conn db = TestDatabase.fresh();
        try (ConfigurableApplicationContext a = start(db, "twin-a"); ConfigurableApplicationContext b = start(db, "twin-b")) {
            List<Api> apis = List.of(api(a), api(b));
            List<String> ids = new ArrayList<>();
            for (int i = 0; i < EXPERIMENTS; i++) {
                Api.Response response = apis.get(i % 2).post("/api/v1/experiments",
                        TestScenarios.request(TestScenarios.wired(100, 5), "twin " + i, "twins"));
                assertThat(response.status()).isEqualTo(202);
                ids.add(response.json().get("id").asString());
            }
            JdbcClient jdbc = a.getBean(JdbcClient.class);

            await().atMost(Duration.ofSeconds(120)).pollInterval(Duration.ofMillis(200)).until(() -> jdbc
                    .sql("SELECT COUNT(*) FROM experiments WHERE status = 'SUCCEEDED'").query(Long.class).single(),
                    n -> n == EXPERIMENTS);

            assertThat(jdbc.sql("SELECT COUNT(*) FROM experiments WHERE attempts <> 1").query(Long.class).single()).isZero();
            assertThat(jdbc.sql("SELECT COUNT(*) FROM results").query(Long.class).single()).isEqualTo(EXPERIMENTS);
            assertThat(jdbc.sql("SELECT DISTINCT worker FROM experiments").query(String.class).list())
                    .containsExactlyInAnyOrder("twin-a", "twin-b");
            assertThat(jdbc.sql("SELECT COUNT(*) FROM scheduled_tasks").query(Long.class).single()).isZero();
            assertThat(ids).doesNotHaveDuplicates().hasSize(EXPERIMENTS);
        }
    }

    private static ConfigurableApplicationContext start(TestDatabase.Conn db, String name) {
        // Command-line arguments: they outrank application.properties (default properties would not).
        return new SpringApplicationBuilder(FqlabApplication.class).run(
                "--server.port=0",
                "--spring.datasource.url=" + db.url(),
                "--spring.datasource.username=" + (db.user() == null ? "" : db.user()),
                "--spring.datasource.password=" + (db.password() == null ? "" : db.password()),
                "--fqlab.instance-name=" + name,
                "--fqlab.workers=2",
                "--db-scheduler.polling-interval=100ms");
    }

    private static Api api(ConfigurableApplicationContext context) {
        return new Api(Integer.parseInt(context.getEnvironment().getProperty("local.server.port")));
    }
}
