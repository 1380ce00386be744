package dev.fqlab.sweep;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/** {@link SweepStoredAnswersTest} on the embedded H2 (PostgreSQL mode, as the service's default). */
class SweepStoredAnswersH2Test extends SweepStoredAnswersTest {

    @DynamicPropertySource
    static void h2(DynamicPropertyRegistry registry) {
        SweepMetricsApiH2Test.useH2(registry, "sweep-stored-answers");
    }

    /**
     * A sweep of 10 000 cells answers several MB (7.5 MB for seed 000's default metrics): the column must take far
     * more than 1 MB. And an answer rendered with another {@code cancelled_at} than the row has now is not stored.
     */
    @Test
    void aLargeAnswerFitsOnH2() {
        assertThat(jdbc.sql("SELECT H2VERSION()").query(String.class).single()).startsWith("2.");
        UUID sweep = UUID.randomUUID();
        jdbc.sql("""
                INSERT INTO sweeps (id, name, definition, combinations, repetitions, experiment_count, reused_count,
                    submitted_at) VALUES (?, 'large', '{}', 1, 1, 0, 0, CURRENT_TIMESTAMP)""").param(sweep).update();
        byte[] body = new byte[40_000_000];
        Arrays.fill(body, (byte) '7');
        SweepAnswers.Key key = new SweepAnswers.Key(sweep, "json\n-\n-");

        // Rendered before a cancel that is now in the row: not stored.
        assertThat(store.save(key, body, java.time.Instant.parse("2026-01-01T00:00:00Z"))).isFalse();
        assertThat(store.find(key)).isNull();

        assertThat(store.save(key, body, null)).isTrue();

        assertThat(store.find(key)).isEqualTo(body);
        jdbc.sql("DELETE FROM sweeps WHERE id = ?").param(sweep).update();
        assertThat(store.find(key)).isNull();
    }
}
