package dev.fqlab.render;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.fqlab.support.Api;
import dev.fqlab.support.TestScenarios;
import dev.fqlab.support.ServiceTest;
import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.sql.DataSource;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.beans.factory.annotation.Autowired;
import org.yaml.snakeyaml.Yaml;
import tools.jackson.databind.JsonNode;

/**
 * The dashboards' queries are proven live. A real Prometheus (Debian's, on 127.0.0.1 with its own storage in a
 * temp directory, using the repository's scrape config pointed at this test's service) scrapes fqlab while
 * experiments run; then every PromQL expression of the dashboards must return data through Prometheus's HTTP API.
 * Every SQL query of the experiments dashboard must return rows from PostgreSQL, run as the read-only role that
 * Grafana logs in with.
 */
class DashboardQueriesTest extends ServiceTest {

    private static final Pattern LABEL_VALUES = Pattern.compile("label_values\\((\\w+),\\s*(\\w+)\\)");

    @TempDir
    Path work;

    @Autowired
    DataSource dataSource;

    @Test
    void everyPromQlExpressionOfTheDashboardsReturnsData() throws Exception {
        ExternalTool prometheus = ExternalTool.require("prometheus", "apt-get install prometheus");
        // rate() needs a series to grow between two scrapes. An endpoint's HTTP series is born with its first
        // request: call every endpoint once before Prometheus's first scrape, so that the runs below make them grow
        // (run alone, this test would otherwise see its endpoints' series only after they stopped changing).
        DemoExperiment.run(api, TestScenarios.wired(9, 1), "dashboard-prom-warm-up");
        int promPort = freePort();
        Path config = Files.writeString(work.resolve("prometheus.yml"), scrapeConfigFor("127.0.0.1:" + port));
        Process server = prometheus.start(work, work.resolve("prometheus.log"), "--config.file=" + config,
                "--storage.tsdb.path=" + work.resolve("data"), "--web.listen-address=127.0.0.1:" + promPort);
        try {
            PromApi prom = new PromApi(promPort);
            // Counters must change between scrapes for rate() to show anything: first a scrape of the idle service,
            // then the experiments, then a scrape that has them.
            await().atMost(Duration.ofSeconds(60)).pollInterval(Duration.ofMillis(250)).ignoreExceptions()
                    .until(() -> prom.values("up{job=\"fqlab\"}").contains(1.0));
            for (int i = 0; i < 3; i++) {
                DemoExperiment.run(api, TestScenarios.wired(10 + i, 1), "dashboard-prom-" + i);
            }
            double finished = scrapedValue("fqlab_experiments_finished_total{status=\"SUCCEEDED\"}");
            await().atMost(Duration.ofSeconds(60)).pollInterval(Duration.ofMillis(250)).ignoreExceptions()
                    .until(() -> prom.values("sum(fqlab_experiments_finished_total{status=\"SUCCEEDED\"})").getFirst() >= finished);
            // Two scrapes more, so that series born with these experiments (an endpoint's first request) have the
            // two samples rate() needs.
            String scrapes = "count_over_time(up{job=\"fqlab\"}[10m])";
            double scraped = prom.values(scrapes).getFirst();
            await().atMost(Duration.ofSeconds(30)).pollInterval(Duration.ofMillis(250))
                    .until(() -> prom.values(scrapes).getFirst() >= scraped + 2);

            Map<String, String> grafana = Map.of("instance", ".*", "__rate_interval", "1m", "__interval", "5s",
                    "__range", "5m");
            List<Dashboards.Query> queries = new ArrayList<>();
            for (String file : List.of("fqlab-service.json", "fqlab-experiments.json")) {
                queries.addAll(Dashboards.queries(file, Dashboards.PROMETHEUS_UID));
            }
            assertThat(queries).hasSizeGreaterThanOrEqualTo(20);
            for (Dashboards.Query query : queries) {
                String promql = query.substituted(grafana);
                Matcher labelValues = LABEL_VALUES.matcher(promql);
                if (labelValues.matches()) {
                    // Grafana's label_values(metric, label) asks for the label's values on that metric's series.
                    promql = "count by (" + labelValues.group(2) + ") (" + labelValues.group(1) + ")";
                }
                List<Double> values = prom.values(promql);
                assertThat(values).as(query.where() + ": " + promql).isNotEmpty();
                assertThat(values).as(query.where() + " has a number: " + promql).anyMatch(Double::isFinite);
            }
        } finally {
            server.destroy();
            server.waitFor();
        }
    }

    @Test
    void everySqlQueryOfTheExperimentsDashboardReturnsRows() throws Exception {
        String demo = DemoExperiment.id(api);
        String wifi = DemoExperiment.wifiId(api);
        // A sweep of three link rates (POST /sweeps): its experiments share its sweep_id and differ in one value.
        Api.Response submitted = api.post("/api/v1/sweeps", """
                {"name": "dashboard-sweep", "reuse": false, "base": {"scenario": %s},
                 "parameters": [{"pointer": "/link/rateMbps", "values": [5, 10, 20]}]}"""
                .formatted(TestScenarios.wired(10, 1)));
        assertThat(submitted.status()).as(submitted.toString()).isEqualTo(202);
        String sweep = submitted.json().get("id").asString();
        await().atMost(Duration.ofSeconds(60)).pollInterval(Duration.ofMillis(100))
                .until(() -> api.get("/api/v1/sweeps/" + sweep).json().get("status").asString(), "SUCCEEDED"::equals);
        String firstPoint = api.get("/api/v1/sweeps/" + sweep).json().at("/rows/0/experiments/0").asString();
        Map<String, String> grafana = Dashboards.sqlSubstitutions("fqlab-experiments.json", Map.of(
                "experiment", List.of(demo, wifi, firstPoint), "sweep", List.of(sweep), "pointer", List.of("/link/rateMbps"),
                "timebase", List.of("wall")));
        // The same selection overlaid on simulated time: every run starts at the epoch.
        Map<String, String> simulated = Dashboards.sqlSubstitutions("fqlab-experiments.json", Map.of(
                "experiment", List.of(demo, wifi, firstPoint), "sweep", List.of(sweep), "pointer", List.of("/link/rateMbps"),
                "timebase", List.of("simulated")));
        // A fresh stack: no experiment or sweep to pick yet (nothing selected, or Grafana's empty value).
        List<Map<String, String>> nothingSelected = List.of(
                Dashboards.sqlSubstitutions("fqlab-experiments.json", Map.of(
                        "experiment", List.of(), "sweep", List.of(), "pointer", List.of("/link/rateMbps"),
                        "timebase", List.of("wall"))),
                Dashboards.sqlSubstitutions("fqlab-experiments.json", Map.of(
                        "experiment", List.of(""), "sweep", List.of(""), "pointer", List.of("/link/rateMbps"),
                        "timebase", List.of("wall"))));

        List<Dashboards.Query> queries = Dashboards.queries("fqlab-experiments.json", Dashboards.POSTGRES_UID);
        assertThat(queries).hasSizeGreaterThanOrEqualTo(10);
        try (Connection c = dataSource.getConnection(); Statement s = c.createStatement()) {
            s.execute(Files.readString(Dashboards.DEPLOY.resolve("postgres/initdb/10-grafana-reader.sql")));
            c.setAutoCommit(false);
            s.execute("SET LOCAL ROLE grafana_reader");
            for (Dashboards.Query query : queries) {
                String sql = query.substituted(grafana);
                int rows = 0;
                try (ResultSet result = s.executeQuery(sql)) {
                    while (result.next()) {
                        rows++;
                    }
                }
                assertThat(rows).as(query.where() + ":\n" + sql).isPositive();
                if (query.text().contains("$timebase")) {
                    assertSimulatedTimeStartsAtTheEpoch(s, query, query.substituted(simulated), rows);
                }
                if (query.where().contains("Sweep")) {
                    assertThat(rows).as(query.where() + ": one row per swept value").isEqualTo(3);
                }
                for (Map<String, String> empty : nothingSelected) {
                    // No error ("No data" in Grafana); the lists of experiments and sweeps still list everything.
                    String emptySql = query.substituted(empty);
                    try (ResultSet result = s.executeQuery(emptySql)) {
                        boolean any = result.next();
                        if (query.where().contains("variable") || query.where().contains("Experiments with results")) {
                            assertThat(any).as(query.where()).isTrue();
                        } else {
                            assertThat(any).as(query.where() + " with nothing selected:\n" + emptySql).isFalse();
                        }
                    }
                }
            }
            // The role Grafana logs in with reads, and cannot write.
            assertThat(org.assertj.core.api.Assertions.catchThrowable(() -> s.execute("DELETE FROM results")))
                    .hasMessageContaining("permission denied");
            c.rollback();
        }
    }

    /**
     * The sweep panels read the swept value from one cell per combination; the scenario-parsing queries they had
     * until issue 17 (every cell's scenario at the pointer) are the oracle: on a sweep of two parameters (one of
     * labelled whole objects) × 2 repetitions, each panel gives exactly their rows for swept pointers, pointers into
     * a swept object, unswept ones, the seed (which differs between repetitions) and the whole document.
     */
    @Test
    void sweepPanelsGiveTheRowsOfParsingEveryCellsScenario() throws Exception {
        Api.Response submitted = api.post("/api/v1/sweeps", """
                {"name": "dashboard-oracle", "reuse": false, "repetitions": 2, "base": {"scenario": %s},
                 "parameters": [{"pointer": "/link/rateMbps", "values": [5, 12.5]},
                                {"pointer": "/stack/qdisc", "labels": ["fq_codel", "pfifo"],
                                 "values": [{"type": "fq_codel"}, {"type": "pfifo"}]}]}"""
                .formatted(TestScenarios.wired(10, 0.5)));
        assertThat(submitted.status()).as(submitted.toString()).isEqualTo(202);
        String sweep = submitted.json().get("id").asString();
        await().atMost(Duration.ofSeconds(60)).pollInterval(Duration.ofMillis(100))
                .until(() -> api.get("/api/v1/sweeps/" + sweep).json().get("status").asString(), "SUCCEEDED"::equals);
        Map<String, String> oracles = Map.of("Sweep curve: ${pointer}", OLD_SWEEP_CURVE, "Sweep rows", OLD_SWEEP_ROWS);
        List<Dashboards.Query> panels = Dashboards.queries("fqlab-experiments.json", Dashboards.POSTGRES_UID).stream()
                .filter(q -> oracles.keySet().stream().anyMatch(q.where()::contains)).toList();
        assertThat(panels).hasSize(2);
        try (Connection c = dataSource.getConnection(); Statement s = c.createStatement()) {
            for (String pointer : List.of("/link/rateMbps", "/stack/qdisc", "stack/qdisc/type/", "/flows/0/rateMbps",
                    "/durationS", "/seed", "", "/nothing/here")) {
                Map<String, String> values = Dashboards.sqlSubstitutions("fqlab-experiments.json",
                        Map.of("sweep", List.of(sweep), "pointer", List.of(pointer)));
                for (Dashboards.Query panel : panels) {
                    String oracle = oracles.entrySet().stream().filter(o -> panel.where().contains(o.getKey()))
                            .findFirst().orElseThrow().getValue();
                    List<List<String>> expected = rows(s, new Dashboards.Query(panel.where(), panel.datasourceUid(), oracle)
                            .substituted(values));
                    assertThat(expected).as(pointer).isNotEmpty();
                    assertThat(rows(s, panel.substituted(values))).as(panel.where() + " at " + pointer)
                            .isEqualTo(expected);
                }
            }
        }
    }

    private static List<List<String>> rows(Statement s, String sql) throws Exception {
        List<List<String>> rows = new ArrayList<>();
        try (ResultSet result = s.executeQuery(sql)) {
            while (result.next()) {
                List<String> row = new ArrayList<>();
                for (int i = 1; i <= result.getMetaData().getColumnCount(); i++) {
                    // Means to 12 digits: summing a group's cells in another order may change the last bits.
                    int type = result.getMetaData().getColumnType(i);
                    boolean real = type == java.sql.Types.DOUBLE || type == java.sql.Types.NUMERIC
                            || type == java.sql.Types.REAL || type == java.sql.Types.FLOAT;
                    row.add(real && result.getObject(i) != null ? "%.12g".formatted(result.getDouble(i))
                            : result.getString(i));
                }
                rows.add(row);
            }
        }
        return rows;
    }

    /** The "Sweep curve" panel's query before issue 17 (commit c37014a): every cell's scenario parsed. */
    private static final String OLD_SWEEP_CURVE = """
            SELECT x.swept AS "swept value",
                   avg(r.throughput_mbps) AS "throughput (Mbit/s)",
                   avg(r.jain_throughput) AS "Jain's index",
                   avg(f.worst_p99_ms) AS "worst flow p99 (ms)"
            FROM sweep_experiments se
            JOIN experiments e ON e.id = se.experiment_id
            JOIN results r ON r.experiment_id = e.id
            -- The scenario is parsed once per cell (OFFSET 0 keeps the planner from copying the parse into each use), as json:
            -- reading one path from text is faster than building jsonb.
            CROSS JOIN LATERAL (SELECT e.scenario::json #>> string_to_array(trim(both '/' from '$pointer'), '/') AS swept OFFSET 0) x
            -- Per cell, its flows only (a GROUP BY over all of result_flows read every result ever stored).
            CROSS JOIN LATERAL (SELECT max(latency_p99_ms) AS worst_p99_ms FROM result_flows WHERE experiment_id = e.id) f
            WHERE se.sweep_id = nullif('$sweep', '')::uuid
            GROUP BY 1
            ORDER BY CASE WHEN x.swept ~ '^-?[0-9.]+$' THEN x.swept::float END, 1""";

    /** The "Sweep rows" panel's query before issue 17 (commit c37014a). */
    private static final String OLD_SWEEP_ROWS = """
            SELECT x.swept AS "swept value",
                   count(*) AS n,
                   avg(r.throughput_mbps) AS "throughput mean",
                   stddev_samp(r.throughput_mbps) AS "throughput stddev",
                   min(r.throughput_mbps) AS "throughput min",
                   max(r.throughput_mbps) AS "throughput max",
                   avg(r.jain_throughput) AS "Jain mean"
            FROM sweep_experiments se
            JOIN experiments e ON e.id = se.experiment_id
            JOIN results r ON r.experiment_id = e.id
            -- The scenario is parsed once per cell (OFFSET 0 keeps the planner from copying the parse into each use), as json:
            -- reading one path from text is faster than building jsonb.
            CROSS JOIN LATERAL (SELECT e.scenario::json #>> string_to_array(trim(both '/' from '$pointer'), '/') AS swept OFFSET 0) x
            WHERE se.sweep_id = nullif('$sweep', '')::uuid
            GROUP BY 1
            ORDER BY CASE WHEN x.swept ~ '^-?[0-9.]+$' THEN x.swept::float END, 1""";

    /**
     * On simulated time a time-series query gives the same rows, each at 1970-01-01 plus its simulated time: the
     * runs' own durations (at most a few seconds here), whenever they ran.
     */
    private static void assertSimulatedTimeStartsAtTheEpoch(Statement s, Dashboards.Query query, String sql, int wallRows)
            throws java.sql.SQLException {
        int rows = 0;
        try (ResultSet result = s.executeQuery(sql)) {
            while (result.next()) {
                rows++;
                java.time.OffsetDateTime time = result.getObject(1, java.time.OffsetDateTime.class);
                assertThat(time.toInstant()).as(query.where())
                        .isBetween(java.time.Instant.EPOCH, java.time.Instant.EPOCH.plusSeconds(600));
            }
        }
        assertThat(rows).as(query.where() + " on simulated time").isEqualTo(wallRows);
    }

    /** The repository's Prometheus config with the fqlab job scraping this test's service every second. */
    @SuppressWarnings("unchecked")
    private static String scrapeConfigFor(String target) throws IOException {
        Yaml yaml = new Yaml();
        Map<String, Object> config = yaml.load(Files.readString(Dashboards.DEPLOY.resolve("prometheus/prometheus.yml")));
        ((Map<String, Object>) config.get("global")).put("scrape_interval", "1s");
        for (Map<String, Object> job : (List<Map<String, Object>>) config.get("scrape_configs")) {
            if ("fqlab".equals(job.get("job_name"))) {
                assertThat(job).containsKey("dns_sd_configs");
                job.remove("dns_sd_configs");
                job.put("static_configs", List.of(Map.of("targets", List.of(target))));
            }
        }
        return yaml.dump(config);
    }

    private double scrapedValue(String sample) {
        for (String line : api.get("/actuator/prometheus").body().split("\n")) {
            if (line.startsWith(sample + " ")) {
                return Double.parseDouble(line.substring(sample.length() + 1).trim());
            }
        }
        throw new AssertionError("no sample " + sample);
    }

    private static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        }
    }

    /** Prometheus's instant-query API. */
    private record PromApi(int port) {

        /** The sample values of an instant query; fails on an error answer (a PromQL syntax error, say). */
        List<Double> values(String promql) throws IOException, InterruptedException {
            try (HttpClient http = HttpClient.newHttpClient()) {
                HttpResponse<String> response = http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port
                        + "/api/v1/query?query=" + URLEncoder.encode(promql, StandardCharsets.UTF_8)))
                        .timeout(Duration.ofSeconds(30)).build(), HttpResponse.BodyHandlers.ofString());
                JsonNode answer = Api.JSON.readTree(response.body());
                assertThat(answer.path("status").asString()).as(promql + " → " + response.body()).isEqualTo("success");
                List<Double> values = new ArrayList<>();
                JsonNode result = answer.path("data").path("result");
                if ("scalar".equals(answer.path("data").path("resultType").asString())) {
                    values.add(Double.parseDouble(result.get(1).asString()));
                } else {
                    for (JsonNode series : result) {
                        values.add(Double.parseDouble(series.path("value").get(1).asString()));
                    }
                }
                return values;
            }
        }
    }
}
