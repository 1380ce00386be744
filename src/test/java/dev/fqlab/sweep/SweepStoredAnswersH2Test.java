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

    /** A sweep of 10 000 cells with every metric answers tens of MB: the column must take far more than 1 MB. */
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

        assertThat(store.save(key, body)).isTrue();

        assertThat(store.find(key)).isEqualTo(body);
        jdbc.sql("DELETE FROM sweeps WHERE id = ?").param(sweep).update();
        assertThat(store.find(key)).isNull();
    }
}
