package dev.fqlab.sweep;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * {@link SweepApiTest} on the embedded H2 (PostgreSQL mode, as the service's default), not PostgreSQL: the stored
 * metrics, settled counts and their queries are the common SQL subset.
 */
class SweepApiH2Test extends SweepApiTest {

    @DynamicPropertySource
    static void h2(DynamicPropertyRegistry registry) {
        SweepMetricsApiH2Test.useH2(registry, "sweep-api");
    }

    @Test
    void runsOnH2() {
        assertThat(jdbc.sql("SELECT H2VERSION()").query(String.class).single()).startsWith("2.");
    }
}
