package dev.fqlab.sweep;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.fqlab.experiment.ExperimentStatus;
import dev.fqlab.result.ResultRepository;
import dev.fqlab.support.Api;
import dev.fqlab.support.ServiceTest;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.OffsetDateTime;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import tools.jackson.databind.json.JsonMapper;

/**
 * Issue 17's faster render of a sweep without a stored answer (one still running, or settled before this build):
 * <ul>
 *   <li>results' metrics are cached per instance and read again only for results not cached: a sweep read while a cell
 *   runs and read again after that cell finished — the finish written straight into the database, as another
 *   instance's worker would, so no event reaches this one — answers exactly what it answered when it settled
 *   through the service (the oracle: its stored answer, rendered then with nothing cached);</li>
 *   <li>metrics read by the sweep's cells (a first read of many) equal those read by id and those extracted from the
 *   result documents (the oracle the stored metrics were checked against, {@code ResultMetricsMigrationTest});</li>
 *   <li>after start-up, settled sweeps without answers from this build get them ({@link SweepAnswersOnStart}) once
 *   the instance has a lull in requests, equal to the ones stored when they settled; a running sweep gets none.</li>
 * </ul>
 * On PostgreSQL; {@link SweepRenderCacheH2Test} on H2.
 */
class SweepRenderCacheTest extends ServiceTest {

    private static final String PATH = SweepApiTest.PATH;
    private static final String JSON_ROW = "json\n-\n-";
    private static final String CSV_ROW = "table.csv\n-\nmean\nstddev";

    @Autowired
    SweepAnswerWriter writer;

    @Autowired
    SweepAnswerStore store;

    @Autowired
    SweepAnswersOnStart onStart;

    @Autowired
    SweepRepository sweeps;

    @Autowired
    ResultRepository results;

    @Autowired
    JsonMapper jsonMapper;

    private long storedRows(String sweepId) {
        return jdbc.sql("SELECT COUNT(*) FROM sweep_answers WHERE sweep_id = ? AND renderer = ?")
                .param(UUID.fromString(sweepId)).param(store.renderer()).query(Long.class).single();
    }

    private String storedBody(String sweepId, String request) {
        return new String(jdbc.sql("SELECT body FROM sweep_answers WHERE sweep_id = ? AND request = ?")
                .param(UUID.fromString(sweepId)).param(request).query((rs, n) -> rs.getBytes(1)).single(),
                StandardCharsets.UTF_8);
    }

    private String settledSweep(String body) {
        Api.Response response = api.post(PATH, body);
        assertThat(response.status()).as(response.toString()).isEqualTo(202);
        String id = response.json().get("id").asString();
        await().atMost(Duration.ofSeconds(120)).pollInterval(Duration.ofMillis(100)).until(() -> storedRows(id) == 2);
        return id;
    }

    @Test
    void aSweepReadWhileACellRunsAnswersAsSettledOnceTheCellHasFinishedElsewhere() throws Exception {
        String id = settledSweep(SweepApiTest.twoByTwo("render-cache-" + UUID.randomUUID()));
        String settledJson = storedBody(id, JSON_ROW);
        String settledCsv = storedBody(id, CSV_ROW);
        UUID cell = jdbc.sql("SELECT experiment_id FROM sweep_experiments WHERE sweep_id = ? AND position = 4")
                .param(UUID.fromString(id)).query(UUID.class).single();
        Map<String, Object> before = jdbc.sql("SELECT status, progress, finished_at FROM experiments WHERE id = ?")
                .param(cell).query().singleRow();

        // The cell runs again as far as the sweep can tell (and nothing is stored for a running sweep).
        writer.drain();
        jdbc.sql("DELETE FROM sweep_answers WHERE sweep_id = ?").param(UUID.fromString(id)).update();
        jdbc.sql("UPDATE experiments SET status = 'RUNNING', progress = 0.5, finished_at = NULL WHERE id = ?")
                .param(cell).update();
        Api.Response running = api.get(PATH + "/" + id);
        Api.Response runningCsv = api.get(PATH + "/" + id + "/table.csv");
        assertThat(running.json().get("status").asString()).isEqualTo("RUNNING");
        assertThat(running.json().at("/counts/RUNNING").asInt()).isEqualTo(1);
        assertThat(running.json().at("/rows/1/succeeded").asInt()).isEqualTo(2);
        // api.md: a running experiment counts its own progress, every final one 1 (the running cell is read whole, by
        // id, V22's index-only read leaving it out).
        int cells = jdbc.sql("SELECT COUNT(*) FROM sweep_experiments WHERE sweep_id = ?").param(UUID.fromString(id))
                .query(Integer.class).single();
        assertThat(running.json().get("progress").asDouble())
                .isEqualTo(Math.round((cells - 1 + 0.5) / cells * 10_000) / 10_000.0);
        assertThat(runningCsv.body()).isNotEqualTo(settledCsv);
        writer.drain();
        assertThat(storedRows(id)).isZero();

        // It finishes on "another instance": the row changes, no event here.
        jdbc.sql("UPDATE experiments SET status = ?, progress = ?, finished_at = ? WHERE id = ?")
                .param(before.get("status")).param(before.get("progress"))
                .param(before.get("finished_at") instanceof java.sql.Timestamp t ? t.toInstant().atOffset(java.time.ZoneOffset.UTC)
                        : before.get("finished_at") instanceof OffsetDateTime o ? o : before.get("finished_at"))
                .param(cell).update();

        assertThat(api.get(PATH + "/" + id).body()).isEqualTo(settledJson);
        assertThat(api.get(PATH + "/" + id + "/table.csv").body()).isEqualTo(settledCsv);
    }

    @Test
    void metricsByTheSweepsCellsAreThoseByIdAndThoseOfTheDocuments() {
        // 72 cells: more than SweepService.METRICS_BY_SWEEP, so a first read takes them by the sweep's cells.
        String tag = "render-by-cells-" + UUID.randomUUID();
        String id = settledSweep("""
                {"name": "by cells", "tags": ["%s"], "base": {"scenario": %s},
                 "parameters": [{"pointer": "/link/rateMbps", "values": [1, 2, 3, 4, 5, 6, 7, 8]},
                                {"pointer": "/seed", "values": [1, 2, 3, 4, 5, 6, 7, 8, 9]}]}"""
                .formatted(tag, SweepApiTest.tinyScenario(tag)));
        UUID sweep = UUID.fromString(id);
        List<UUID> succeeded = sweeps.members(sweep).stream().filter(m -> m.status() == ExperimentStatus.SUCCEEDED)
                .map(SweepMember::experimentId).toList();
        assertThat(succeeded).hasSizeGreaterThanOrEqualTo(SweepService.METRICS_BY_SWEEP);

        Map<UUID, MetricValues> byCells = new ResultMetrics(jsonMapper, results)
                .of(succeeded, missing -> sweeps.metricRows(sweep), sweeps::documents);
        Map<UUID, MetricValues> byId = new ResultMetrics(jsonMapper, results)
                .of(succeeded, missing -> results.metricRows(missing), sweeps::documents);
        ResultMetrics extractor = new ResultMetrics(jsonMapper);
        Map<UUID, String> documents = sweeps.documents(succeeded);

        assertThat(byCells.keySet()).containsExactlyElementsOf(succeeded);
        assertThat(byId.keySet()).containsExactlyElementsOf(succeeded);
        for (UUID experiment : succeeded) {
            MetricValues fromDocument = extractor.extract(documents.get(experiment));
            assertThat(byCells.get(experiment)).as("%s", experiment).containsExactlyEntriesOf(fromDocument);
            assertThat(byId.get(experiment)).as("%s", experiment).containsExactlyEntriesOf(fromDocument);
            assertThat(byCells.get(experiment).seed()).isEqualTo(fromDocument.seed());
        }
        // And the answer rendered from them (cached now) is the one stored when the sweep settled.
        String settledJson = storedBody(id, JSON_ROW);
        jdbc.sql("DELETE FROM sweep_answers WHERE sweep_id = ?").param(sweep).update();
        assertThat(api.get(PATH + "/" + id).body()).isEqualTo(settledJson);
    }

    @Autowired
    SweepService service;

    @Autowired
    SweepJson sweepJson;

    @Autowired
    ResultMetrics resultMetrics;

    /**
     * V20: a sweep settling through the service stores its default table rendered from its results' views (the
     * default metrics' values and a digest, nothing of them cached on this instance yet), and that is the table
     * rendered from every metric of every result (the oracle: the same metrics asked for by name, which reads them
     * all) — with identical repetitions (a wired run has no randomness), with the sweep's own metrics among the
     * defaults; a sweep naming metrics outside them is rendered from every metric.
     */
    @Test
    void theDefaultTableFromTheResultsViewsIsTheOneFromEveryMetric() {
        for (String own : List.of("", ", \"metrics\": [\"summary.*\", \"flows.udp1.throughputMbps\"]",
                ", \"metrics\": [\"engine.*\"]")) {
            String tag = "views-" + UUID.randomUUID();
            String body = SweepApiTest.twoByTwo(tag);
            body = body.substring(0, body.lastIndexOf('}')) + own + "}";
            String id = settledSweep(body);
            UUID sweep = UUID.fromString(id);
            List<String> names = new java.util.ArrayList<>(SweepService.DEFAULT_METRICS);
            List<UUID> experiments = sweeps.members(sweep).stream().map(SweepMember::experimentId).toList();
            boolean byViews = !own.contains("engine");
            assertThat(experiments).allSatisfy(e -> assertThat(resultMetrics.viewCached(e)).isEqualTo(byViews));
            if (!own.isEmpty()) {
                names.addAll(byViews ? List.of("summary.*", "flows.udp1.throughputMbps") : List.of("engine.*"));
            }

            String fromEveryMetric = new String(sweepJson.write(service.getOnly(sweep, names)), StandardCharsets.UTF_8);

            assertThat(storedBody(id, JSON_ROW)).as(own).isEqualTo(fromEveryMetric);
            if (own.isEmpty()) {
                assertThat(fromEveryMetric).contains("identical-repetitions");
            }
        }
    }

    @Test
    void settledSweepsWithoutThisBuildsAnswersGetThemAfterStartUp() throws Exception {
        String id = settledSweep(SweepApiTest.twoByTwo("on-start-" + UUID.randomUUID()));
        String settledJson = storedBody(id, JSON_ROW);
        String settledCsv = storedBody(id, CSV_ROW);
        String running = api.post(PATH, """
                {"base": {"scenario": %s}, "parameters": [{"pointer": "/seed", "values": [1, 2]}]}"""
                .formatted(dev.fqlab.support.TestScenarios.endless())).json().get("id").asString();
        await().atMost(Duration.ofSeconds(20)).pollInterval(Duration.ofMillis(50))
                .until(() -> api.get(PATH + "/" + running).json().at("/counts/RUNNING").asInt() > 0);
        writer.drain();
        // As a sweep settled under an older build has them.
        jdbc.sql("UPDATE sweep_answers SET renderer = 'an older build' WHERE sweep_id = ?").param(UUID.fromString(id))
                .update();

        onStart.start();

        await().atMost(Duration.ofSeconds(60)).pollInterval(Duration.ofMillis(100)).until(() -> storedRows(id) == 2);
        assertThat(storedBody(id, JSON_ROW)).isEqualTo(settledJson);
        assertThat(storedBody(id, CSV_ROW)).isEqualTo(settledCsv);
        writer.drain();
        assertThat(storedRows(running)).isZero();
        assertThat(api.post(PATH + "/" + running + "/cancel").status()).isEqualTo(202);
    }
}
