package dev.fqlab.sweep;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/** {@link SweepMetricsApiTest} on the embedded H2 (PostgreSQL mode, as the service's default), not PostgreSQL. */
class SweepMetricsApiH2Test extends SweepMetricsApiTest {

    @DynamicPropertySource
    static void h2(DynamicPropertyRegistry registry) {
        useH2(registry, "sweep-metrics");
    }

    /**
     * An in-memory H2 of its own instead of the PostgreSQL database the service tests share: ServiceTest's dynamic
     * spring.datasource.* still names PostgreSQL, so the pool's own settings (bound onto Hikari after them) replace it.
     */
    static void useH2(DynamicPropertyRegistry registry, String name) {
        registry.add("spring.datasource.hikari.jdbc-url", () -> "jdbc:h2:mem:" + name
                + ";MODE=PostgreSQL;DATABASE_TO_LOWER=TRUE;DEFAULT_NULL_ORDERING=HIGH;DB_CLOSE_DELAY=-1;LOCK_TIMEOUT=10000");
        registry.add("spring.datasource.hikari.driver-class-name", () -> "org.h2.Driver");
        registry.add("spring.datasource.hikari.username", () -> "sa");
        registry.add("spring.datasource.hikari.password", () -> "");
    }

    @Test
    void runsOnH2() {
        assertThat(jdbc.sql("SELECT H2VERSION()").query(String.class).single()).startsWith("2.");
    }
}
