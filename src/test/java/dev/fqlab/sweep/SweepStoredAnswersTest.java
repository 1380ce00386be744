package dev.fqlab.sweep;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.fqlab.support.Api;
import dev.fqlab.support.ServiceTest;
import dev.fqlab.support.TestScenarios;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import tools.jackson.databind.JsonNode;

/**
 * Issue 17: a settled sweep's default answers ({@code GET /sweeps/{id}} and {@code table.csv}) are stored once
 * (V18, {@link SweepAnswerStore}) when its last experiment becomes final, and read from there. The oracle for the
 * stored bytes is the answer rendered with nothing stored (the rows deleted): they must be equal. Deleting the sweep
 * takes its rows; another build's row is never sent; a sweep still running stores nothing. On PostgreSQL here,
 * {@link SweepStoredAnswersH2Test} on H2.
 */
class SweepStoredAnswersTest extends ServiceTest {

    private static final String PATH = SweepApiTest.PATH;

    @Autowired
    SweepAnswerStore store;

    @Autowired
    SweepAnswerWriter writer;

    @Autowired
    javax.sql.DataSource dataSource;

    private static final List<String> DEFAULTS = List.of("json\n-\n-", "table.csv\n-\nmean\nstddev");

    private long storedRows(String sweepId) {
        return jdbc.sql("SELECT COUNT(*) FROM sweep_answers WHERE sweep_id = ?").param(UUID.fromString(sweepId))
                .query(Long.class).single();
    }

    private String storedBody(String sweepId, String request) {
        return new String(jdbc.sql("SELECT body FROM sweep_answers WHERE sweep_id = ? AND request = ?")
                .param(UUID.fromString(sweepId)).param(request).query((rs, n) -> rs.getBytes(1)).single(),
                StandardCharsets.UTF_8);
    }

    private void forgetStored(String sweepId) throws InterruptedException {
        writer.drain();
        jdbc.sql("DELETE FROM sweep_answers WHERE sweep_id = ?").param(UUID.fromString(sweepId)).update();
    }

    @Test
    void aSweepSettledThroughTheServiceStoresItsDefaultAnswersWhichEqualTheRenderedOnes() throws Exception {
        String id = submitSweep(SweepApiTest.twoByTwo("stored-" + UUID.randomUUID())).get("id").asString();

        // No read needed: the last experiment's end stores both answers.
        await().atMost(Duration.ofSeconds(90)).pollInterval(Duration.ofMillis(100)).until(() -> storedRows(id) == 2);
        String json = storedBody(id, DEFAULTS.get(0));
        String csv = storedBody(id, DEFAULTS.get(1));
        assertThat(Api.JSON.readTree(json).get("status").asString()).isEqualTo("SUCCEEDED");

        Api.Response fromStore = api.get(PATH + "/" + id);
        Api.Response csvFromStore = api.get(PATH + "/" + id + "/table.csv");
        forgetStored(id);
        Api.Response rendered = api.get(PATH + "/" + id);
        Api.Response csvRendered = api.get(PATH + "/" + id + "/table.csv?stats=MEAN,stddev");

        assertThat(rendered.status()).isEqualTo(200);
        assertThat(fromStore.body()).isEqualTo(json).isEqualTo(rendered.body());
        assertThat(csvFromStore.body()).isEqualTo(csv).isEqualTo(csvRendered.body());
        assertThat(fromStore.contentType()).isEqualTo(rendered.contentType()).isEqualTo("application/json");
        assertThat(csvFromStore.contentType()).isEqualTo(csvRendered.contentType());
        // The read that found nothing stored stores it again (after answering).
        await().atMost(Duration.ofSeconds(10)).until(() -> storedRows(id) == 2);
        assertThat(storedBody(id, DEFAULTS.get(0))).isEqualTo(json);
        // Other answers are not stored.
        assertThat(api.get(PATH + "/" + id + "?metric=*").status()).isEqualTo(200);
        assertThat(api.get(PATH + "/" + id + "/table.csv?stats=min").status()).isEqualTo(200);
        writer.drain();
        assertThat(storedRows(id)).isEqualTo(2);
    }

    @Test
    void theStoredAnswerIsWhatIsSentAndAnotherBuildsIsNot() throws Exception {
        String id = submitSweep(SweepApiTest.twoByTwo("renderer-" + UUID.randomUUID())).get("id").asString();
        await().atMost(Duration.ofSeconds(90)).pollInterval(Duration.ofMillis(100)).until(() -> storedRows(id) == 2);
        String json = storedBody(id, DEFAULTS.get(0));

        jdbc.sql("UPDATE sweep_answers SET body = ? WHERE sweep_id = ? AND request = ?")
                .param("{\"marked\": 1}".getBytes(StandardCharsets.UTF_8)).param(UUID.fromString(id))
                .param(DEFAULTS.get(0)).update();
        assertThat(api.get(PATH + "/" + id).body()).isEqualTo("{\"marked\": 1}");

        jdbc.sql("UPDATE sweep_answers SET renderer = 'an older build' WHERE sweep_id = ?").param(UUID.fromString(id))
                .update();
        assertThat(api.get(PATH + "/" + id).body()).isEqualTo(json);
        writer.drain();
        assertThat(jdbc.sql("SELECT renderer FROM sweep_answers WHERE sweep_id = ? AND request = ?")
                .param(UUID.fromString(id)).param(DEFAULTS.get(0)).query(String.class).single())
                .isEqualTo(store.renderer());
        assertThat(storedBody(id, DEFAULTS.get(0))).isEqualTo(json);
    }

    /**
     * V19: PostgreSQL compresses a stored answer with LZ4 (where it has LZ4): the oracle is PostgreSQL's own account of
     * the stored value ({@code pg_column_compression}, NULL for a value stored uncompressed).
     */
    @Test
    void storedAnswersAreCompressedWithLz4() throws Exception {
        try (java.sql.Connection connection = dataSource.getConnection()) {
            // On H2 (SweepStoredAnswersH2Test) V19 changes nothing: every test there runs on a database it migrated.
            org.junit.jupiter.api.Assumptions.assumeTrue(connection.getMetaData().getDatabaseProductName()
                    .toLowerCase(java.util.Locale.ROOT).contains("postgres"), "not PostgreSQL");
        }
        Boolean lz4 = jdbc.sql("SELECT 'lz4' = ANY(enumvals) FROM pg_settings WHERE name = 'default_toast_compression'")
                .query(Boolean.class).optional().orElse(false);
        org.junit.jupiter.api.Assumptions.assumeTrue(lz4, "this PostgreSQL has no LZ4");
        String id = submitSweep(SweepApiTest.twoByTwo("stored-lz4-" + UUID.randomUUID())).get("id").asString();
        await().atMost(Duration.ofSeconds(90)).pollInterval(Duration.ofMillis(100)).until(() -> storedRows(id) == 2);

        var stored = jdbc.sql("SELECT length(body) AS n, pg_column_compression(body) AS method FROM sweep_answers "
                + "WHERE sweep_id = ? AND request = ?").param(UUID.fromString(id)).param(DEFAULTS.get(0))
                .query((rs, n) -> java.util.Map.entry(rs.getInt("n"), String.valueOf(rs.getString("method")))).single();
        assertThat(stored.getKey()).as("long enough to be compressed").isGreaterThan(4096);
        assertThat(stored.getValue()).isEqualTo("lz4");
        assertThat(api.get(PATH + "/" + id).body()).isEqualTo(storedBody(id, DEFAULTS.get(0)));
    }

    @Test
    void deletingTheSweepTakesItsStoredAnswers() {
        String id = submitSweep(SweepApiTest.twoByTwo("stored-delete-" + UUID.randomUUID())).get("id").asString();
        await().atMost(Duration.ofSeconds(90)).pollInterval(Duration.ofMillis(100)).until(() -> storedRows(id) == 2);

        assertThat(api.delete(PATH + "/" + id).status()).isEqualTo(204);

        assertThat(storedRows(id)).isZero();
        assertThat(api.get(PATH + "/" + id).status()).isEqualTo(404);
        assertThat(api.get(PATH + "/" + id + "/table.csv").status()).isEqualTo(404);
    }

    @Test
    void aSweepStillRunningStoresNothingAndACancelledOneItsFinalAnswers() throws Exception {
        String id = submitSweep("""
                {"base": {"scenario": %s}, "parameters": [{"pointer": "/seed", "values": [1, 2]}]}"""
                .formatted(TestScenarios.endless())).get("id").asString();
        await().atMost(Duration.ofSeconds(20)).pollInterval(Duration.ofMillis(50))
                .until(() -> api.get(PATH + "/" + id).json().at("/counts/RUNNING").asInt() > 0);
        assertThat(api.get(PATH + "/" + id + "/table.csv").status()).isEqualTo(200);
        writer.drain();
        assertThat(storedRows(id)).isZero();

        assertThat(api.post(PATH + "/" + id + "/cancel").status()).isEqualTo(202);

        await().atMost(Duration.ofSeconds(20)).pollInterval(Duration.ofMillis(100)).until(() -> storedRows(id) == 2);
        JsonNode stored = Api.JSON.readTree(storedBody(id, DEFAULTS.get(0)));
        assertThat(stored.get("status").asString()).isEqualTo("CANCELLED");
        assertThat(stored.at("/counts/CANCELLED").asInt()).isEqualTo(2);
    }

    @Test
    void aSweepIsJsonOnly() {
        String id = submitSweep(SweepApiTest.twoByTwo("accept-" + UUID.randomUUID())).get("id").asString();
        awaitSweep(id, "SUCCEEDED");

        for (String accept : List.of("text/html", "text/csv", "application/xml")) {
            Api.Response refused = api.get(PATH + "/" + id, accept);
            assertThat(refused.status()).as(accept).isEqualTo(406);
        }
        for (String accept : List.of("application/json", "*/*", "text/html, application/json;q=0.5")) {
            Api.Response json = api.get(PATH + "/" + id, accept);
            assertThat(json.status()).as(accept).isEqualTo(200);
            assertThat(json.contentType()).as(accept).isEqualTo("application/json");
            assertThat(json.json().get("id").asString()).isEqualTo(id);
        }
        assertThat(api.get(PATH + "/" + UUID.randomUUID(), "application/json").status()).isEqualTo(404);
    }

    private JsonNode submitSweep(String body) {
        Api.Response response = api.post(PATH, body);
        assertThat(response.status()).as(response.toString()).isEqualTo(202);
        return response.json();
    }

    private void awaitSweep(String id, String status) {
        await().atMost(Duration.ofSeconds(90)).pollInterval(Duration.ofMillis(100))
                .until(() -> api.get(PATH + "/" + id).json().get("status").asString(), status::equals);
    }
}
