package dev.fqlab.sweep;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assumptions.assumeThat;
import static org.awaitility.Awaitility.await;

import dev.fqlab.support.Api;
import dev.fqlab.support.ServiceTest;
import java.time.Duration;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/**
 * Issue 14, item 2, through the API: every numeric result field in the rows, median and 95 % interval beside mean and
 * spread, the long-format export that pandas and R read as is, 400 for a metric filter that matches nothing, the
 * warning for repetitions that are all identical, and seed 000's decisive number (reordered packets: fq reorders,
 * fq-fixed does not) in the sweep's table.
 */
class SweepMetricsApiTest extends ServiceTest {

    static final String PATH = SweepApiTest.PATH;

    private JsonNode submitSweep(String body) {
        Api.Response response = api.post(PATH, body);
        assertThat(response.status()).as(response.toString()).isEqualTo(202);
        return response.json();
    }

    private JsonNode awaitSweep(String id, String status) {
        await().atMost(Duration.ofSeconds(90)).pollInterval(Duration.ofMillis(100))
                .until(() -> api.get(PATH + "/" + id).json().get("status").asString(), status::equals);
        return api.get(PATH + "/" + id).json();
    }

    private static String twoByTwo(String tag) {
        return SweepApiTest.twoByTwo(tag);
    }

    private static List<String> cells(String line) {
        return SweepApiTest.cells(line);
    }

    @Test
    void rowsHoldEveryNumericFieldWithMedianAndConfidenceInterval() {
        String id = awaitSweep(submitSweep(twoByTwo("fields-" + UUID.randomUUID())).get("id").asString(), "SUCCEEDED")
                .get("id").asString();
        JsonNode sweep = api.get(PATH + "/" + id + "?metric=*").json();

        JsonNode row = sweep.get("rows").get(0);
        JsonNode result = api.get("/api/v1/experiments/" + row.get("experiments").get(0).asString() + "/result").json();
        // Every number of the result document is a metric named by its path (the series and identity fields aside).
        List<String> paths = new ArrayList<>();
        numbers(result, "", paths);
        assertThat(paths).contains("flows.udp1.reorderedPackets", "flows.udp1.droppedPackets", "qdisc.dropped",
                "qdisc.newFlowCount", "engine.events", "flows.ping.rttMs.p90", "simulatedS");
        assertThat(row.get("metrics").propertyNames()).containsExactlyInAnyOrderElementsOf(paths);
        assertThat(sweep.get("availableMetrics").valueStream().map(JsonNode::asString).toList())
                .containsExactlyInAnyOrderElementsOf(paths);

        // By default the rows show what api.md lists: summary.*, stations.<name>.throughputMbps|airtimeShare,
        // flows.<name>.throughputMbps, flows.<name>.latencyMs.p50|p99, flows.<name>.rttMs.p50|p99; availableMetrics
        // still names every one.
        JsonNode byDefault = api.get(PATH + "/" + id).json();
        List<String> contract = paths.stream().filter(p -> p.matches("summary\\.[^.]+|stations\\.[^.]+\\.(throughputMbps|airtimeShare)"
                + "|flows\\.[^.]+\\.throughputMbps|flows\\.[^.]+\\.(latencyMs|rttMs)\\.(p50|p99)")).toList();
        assertThat(contract).contains("summary.throughputMbps", "flows.udp1.throughputMbps", "flows.udp1.latencyMs.p99",
                "flows.ping.rttMs.p50").hasSizeLessThan(paths.size());
        assertThat(byDefault.at("/rows/0/metrics").propertyNames()).containsExactlyInAnyOrderElementsOf(contract);
        assertThat(byDefault.get("availableMetrics")).isEqualTo(sweep.get("availableMetrics"));
        assertThat(byDefault.at("/rows/0/metrics/flows.udp1.latencyMs.p99")).isEqualTo(row.at("/metrics/flows.udp1.latencyMs.p99"));
        // ?metric= picks, '*' matching anything; a name no result has is a 400 naming the parameter.
        assertThat(api.get(PATH + "/" + id + "?metric=qdisc.dropped,flows.*.reorderedPackets").json().at("/rows/0/metrics")
                .propertyNames()).containsExactlyInAnyOrderElementsOf(paths.stream()
                        .filter(p -> p.equals("qdisc.dropped") || p.matches("flows\\.[^.]+\\.reorderedPackets")).toList())
                .contains("flows.udp1.reorderedPackets", "qdisc.dropped");
        Api.Response unknown = api.get(PATH + "/" + id + "?metric=qdisc.droped");
        assertThat(unknown.status()).isEqualTo(400);
        assertThat(unknown.json().at("/errors/0/parameter").asString()).isEqualTo("metric");

        JsonNode stats = row.at("/metrics/flows.udp1.latencyMs.p99");
        assertThat(stats.propertyNames()).containsExactly("mean", "stddev", "min", "max", "n", "median", "ci95Low", "ci95High");

        Api.Response table = api.get(PATH + "/" + sweep.get("id").asString()
                + "/table.csv?metric=flows.udp1.latencyMs.p99&stats=median,CI95LOW,ci95High,n");
        assertThat(table.status()).as(table.toString()).isEqualTo(200);
        assertThat(cells(table.body().lines().findFirst().orElseThrow())).containsExactly("quantum", "/link/rateMbps", "n",
                "flows.udp1.latencyMs.p99 median", "flows.udp1.latencyMs.p99 ci95Low",
                "flows.udp1.latencyMs.p99 ci95High", "flows.udp1.latencyMs.p99 n");
    }

    @Test
    void aMetricFilterThatMatchesNothingIsA400NamingTheParameter() {
        String id = awaitSweep(submitSweep(twoByTwo("filter-" + UUID.randomUUID())).get("id").asString(), "SUCCEEDED")
                .get("id").asString();

        for (String path : List.of("/table.csv?metric=flows.udp1.troughputMbps", "/table.csv?metric=flows.*.nothing",
                "/table.csv?metric=summary.throughputMbps,flows.nobody.*", "/export.csv?metric=nope",
                "/export.jsonl?metric=nope")) {
            Api.Response response = api.get(PATH + "/" + id + path);
            assertThat(response.status()).as(path).isEqualTo(400);
            assertThat(response.contentType()).as(path).startsWith("application/problem+json");
            assertThat(response.json().at("/errors/0/parameter").asString()).as(path).isEqualTo("metric");
            assertThat(response.json().at("/errors/0/message").asString()).as(path).contains("matches no metric");
        }
        // The problem names what was probably meant: the metrics sharing the longest prefix with the typo.
        assertThat(api.get(PATH + "/" + id + "/table.csv?metric=flows.udp1.troughputMbps").json().at("/errors/0/message")
                .asString()).contains("nearest", ": flows.udp1.throughputMbps (all of them");
        assertThat(api.get(PATH + "/" + id + "/table.csv?metric=flows.*.reorderedPackets").status()).isEqualTo(200);
    }

    @Test
    void aDeterministicScenarioWarnsThatItsRepetitionsAreIdentical() {
        // Constant-rate UDP and a ping on a wired link: no random process, so every seed gives the same numbers.
        JsonNode sweep = awaitSweep(submitSweep(twoByTwo("same-" + UUID.randomUUID())).get("id").asString(), "SUCCEEDED");

        for (JsonNode row : sweep.get("rows")) {
            assertThat(row.at("/metrics/summary.throughputMbps/stddev").asDouble()).isZero();
        }
        JsonNode warnings = sweep.get("warnings");
        assertThat(warnings).hasSize(1);
        assertThat(warnings.get(0).get("type").asString()).isEqualTo("identical-repetitions");
        assertThat(warnings.get(0).get("combinations")).hasSize(4);
        assertThat(warnings.get(0).get("message").asString()).contains("identical results", "quantum=q300");
    }

    @Test
    void theExportHasOneLinePerRunAndMetricAndPandasReadsIt() throws Exception {
        String id = awaitSweep(submitSweep(twoByTwo("export-" + UUID.randomUUID())).get("id").asString(), "SUCCEEDED")
                .get("id").asString();
        JsonNode sweep = api.get(PATH + "/" + id + "?metric=*").json();
        int metricsPerRun = sweep.get("rows").get(0).get("metrics").size();

        Api.Response csv = api.get(PATH + "/" + id + "/export.csv");
        assertThat(csv.status()).isEqualTo(200);
        assertThat(csv.contentType()).startsWith("text/csv");
        List<String> lines = csv.body().lines().toList();
        assertThat(cells(lines.getFirst())).containsExactly("sweepId", "combination", "quantum", "quantum value",
                "/link/rateMbps", "repetition", "experimentId", "seed", "metric", "value");
        assertThat(lines).hasSize(1 + 12 * metricsPerRun);
        assertThat(csv.body()).endsWith("\r\n");
        // Each line's value is the run's own result field.
        Map<String, JsonNode> results = new HashMap<>();
        for (String line : lines.subList(1, lines.size())) {
            List<String> cells = cells(line);
            assertThat(cells).hasSize(10);
            if (cells.get(8).equals("flows.udp1.reorderedPackets") || cells.get(8).equals("flows.ping.rttMs.p99")) {
                JsonNode result = results.computeIfAbsent(cells.get(6),
                        e -> api.get("/api/v1/experiments/" + e + "/result").json());
                assertThat(cells.get(7)).isEqualTo(result.get("seed").asString());
                assertThat(Long.parseLong(cells.get(7))).isEqualTo(1 + Long.parseLong(cells.get(5)));
                JsonNode field = cells.get(8).endsWith("reorderedPackets") ? result.at("/flows/0/reorderedPackets")
                        : result.at("/flows/2/rttMs/p99");
                assertThat(Double.parseDouble(cells.get(9))).isEqualTo(field.asDouble());
            }
        }
        assertThat(results).hasSize(12);

        Api.Response jsonl = api.get(PATH + "/" + id + "/export.jsonl?metric=flows.udp1.*");
        assertThat(jsonl.status()).isEqualTo(200);
        assertThat(jsonl.contentType()).startsWith("application/jsonl");
        List<String> objects = jsonl.body().lines().toList();
        int udpMetrics = (int) sweep.get("rows").get(0).get("metrics").propertyNames().stream()
                .filter(m -> m.startsWith("flows.udp1.")).count();
        assertThat(objects).hasSize(12 * udpMetrics);
        JsonNode first = Api.JSON.readTree(objects.getFirst());
        assertThat(first.propertyNames()).containsExactly("sweepId", "combination", "quantum", "quantum value",
                "/link/rateMbps", "repetition", "experimentId", "seed", "metric", "value");
        assertThat(first.get("/link/rateMbps").isNumber()).isTrue();
        assertThat(first.get("quantum").asString()).isEqualTo("q300");
        assertThat(first.get("value").isNumber()).isTrue();

        readByPython(csv.body(), jsonl.body(), 12 * metricsPerRun, 12 * udpMetrics);
    }

    /**
     * pandas when it is installed (pd.read_csv, pd.read_json(lines=True)); else Python's own csv module in strict
     * mode (RFC 4180: every record as many fields as the header, quotes only around whole fields) and json per line.
     * Skipped where there is no python3.
     */
    private static void readByPython(String csv, String jsonl, int csvRows, int jsonRows) throws IOException, InterruptedException {
        Path dir = Files.createTempDirectory("fqlab-export");
        Path csvFile = dir.resolve("export.csv");
        Path jsonFile = dir.resolve("export.jsonl");
        Files.writeString(csvFile, csv, StandardCharsets.UTF_8);
        Files.writeString(jsonFile, jsonl, StandardCharsets.UTF_8);
        String script = """
                import csv, json, sys
                try:
                    import pandas as pd
                    d = pd.read_csv(sys.argv[1])
                    j = pd.read_json(sys.argv[2], lines=True)
                    assert str(d["value"].dtype) in ("float64", "int64"), d["value"].dtype
                    assert str(j["value"].dtype) in ("float64", "int64"), j["value"].dtype
                    print("pandas", len(d), len(d.columns), len(j), len(j.columns))
                except ImportError:
                    with open(sys.argv[1], newline="", encoding="utf-8") as f:
                        rows = list(csv.reader(f, strict=True))
                    width = len(rows[0])
                    assert all(len(r) == width for r in rows), "ragged rows"
                    [float(r[-1]) for r in rows[1:]]
                    with open(sys.argv[2], encoding="utf-8") as f:
                        objects = [json.loads(line) for line in f]
                    assert all(isinstance(o["value"], (int, float)) for o in objects)
                    print("csv", len(rows) - 1, width, len(objects), len(objects[0]))
                """;
        Process python;
        try {
            python = new ProcessBuilder("python3", "-c", script, csvFile.toString(), jsonFile.toString())
                    .redirectErrorStream(true).start();
        } catch (IOException noPython) {
            assumeThat(false).as("python3 is not installed").isTrue();
            return;
        }
        assertThat(python.waitFor(60, TimeUnit.SECONDS)).isTrue();
        String out = new String(python.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
        assertThat(python.exitValue()).as(out).isZero();
        String[] parts = out.split(" ");
        assertThat(Integer.parseInt(parts[1])).as(out).isEqualTo(csvRows);
        assertThat(Integer.parseInt(parts[2])).as(out).isEqualTo(10);
        assertThat(Integer.parseInt(parts[3])).as(out).isEqualTo(jsonRows);
        assertThat(Integer.parseInt(parts[4])).as(out).isEqualTo(10);
    }

    @Test
    void seed000ShowsReorderedPacketsDifferingBetweenFqAndFqFixed() {
        // The preset sweep as a user posts it, shortened (5 s, 1 s warm-up, 2 repetitions) through its base override.
        JsonNode submitted = api.post(PATH, """
                {"preset": "seed-000", "overrides": {"durationS": 5, "warmupS": 1}, "repetitions": 2,
                 "metrics": ["flows.*.reorderedPackets"]}""").json();
        String id = submitted.get("id").asString();
        JsonNode sweep = awaitSweep(id, "SUCCEEDED");

        int fq = 2;
        int fqFixed = 3;
        assertThat(sweep.get("rows").get(fq).at("/labels/~1stack").asString()).isEqualTo("fq");
        assertThat(sweep.get("rows").get(fqFixed).at("/labels/~1stack").asString()).isEqualTo("fq-fixed");
        // Seed 000: fq (before the collision fix) reorders the fast station's flow, in every repetition; fq-fixed none.
        JsonNode fqReordered = sweep.get("rows").get(fq).at("/metrics/flows.udp-sta1.reorderedPackets");
        assertThat(fqReordered.get("n").asInt()).isEqualTo(2);
        assertThat(fqReordered.get("min").asDouble()).isPositive();
        sweep.get("rows").get(fqFixed).get("metrics").properties().stream()
                .filter(e -> e.getKey().endsWith(".reorderedPackets"))
                .forEach(e -> assertThat(e.getValue().get("max").asDouble()).as(e.getKey()).isZero());

        // The table a user reads: its reorderedPackets columns differ between the two rows.
        List<List<String>> table = api.get(PATH + "/" + id + "/table.csv").body().lines().map(SweepApiTest::cells).toList();
        List<String> header = table.getFirst();
        int column = header.indexOf("flows.udp-sta1.reorderedPackets mean");
        assertThat(column).isPositive();
        assertThat(table.get(1 + fq).getFirst()).isEqualTo("fq");
        assertThat(Double.parseDouble(table.get(1 + fq).get(column))).isPositive();
        assertThat(table.get(1 + fqFixed).getFirst()).isEqualTo("fq-fixed");
        assertThat(Double.parseDouble(table.get(1 + fqFixed).get(column))).isZero();
        // The interval from the two repetitions' results by hand: df 1, t(0.975, 1) = 12.706 (NIST/SEMATECH table).
        // The slow station's: under Minstrel-HT at the fitted SNRs the fast station's 4 s happen to carry the same
        // packet count in seeds 1 and 2 (s = 0), the slow station's differ.
        JsonNode airtime = sweep.get("rows").get(4);
        List<Double> values = new ArrayList<>();
        for (JsonNode run : airtime.get("experiments")) {
            values.add(api.get("/api/v1/experiments/" + run.asString() + "/result").json().at("/stations/1/throughputMbps").asDouble());
        }
        double mean = (values.get(0) + values.get(1)) / 2;
        double s = Math.abs(values.get(0) - values.get(1)) / Math.sqrt(2);
        double half = 12.706 * s / Math.sqrt(2);
        JsonNode stats = airtime.at("/metrics/stations.sta2.throughputMbps");
        assertThat(s).isPositive();
        // (6 significant digits, like every number of a result: within 5e-4 %)
        assertThat(stats.get("median").asDouble()).isCloseTo(mean, org.assertj.core.data.Percentage.withPercentage(1e-3));
        assertThat(stats.get("ci95Low").asDouble()).isCloseTo(mean - half, org.assertj.core.data.Percentage.withPercentage(1e-3));
        assertThat(stats.get("ci95High").asDouble()).isCloseTo(mean + half, org.assertj.core.data.Percentage.withPercentage(1e-3));
        // WiFi runs depend on their seed: no identical-repetitions warning.
        assertThat(sweep.get("warnings")).isEmpty();
    }

    /** The paths of every number in a result document, as ResultMetrics names them (flows and stations by name). */
    private static void numbers(JsonNode node, String path, List<String> paths) {
        if (node.isNumber()) {
            paths.add(path);
        } else if (node.isObject()) {
            node.properties().forEach(e -> {
                if (!path.isEmpty() || !List.of("series", "seed", "experimentId").contains(e.getKey())) {
                    numbers(e.getValue(), path.isEmpty() ? e.getKey() : path + "." + e.getKey(), paths);
                }
            });
        } else if (node.isArray()) {
            for (JsonNode element : node) {
                if (!element.isObject()) {
                    return; // an array of plain values (a latency distribution) is not one number per run
                }
                String key = path.equals("txqs") ? element.get("station").asString() + "." + element.get("tid").asString()
                        : element.get("name").asString();
                // what identifies the element is not a metric (a TXQ's tid; names and stations are strings anyway)
                element.properties().stream().filter(e -> !e.getKey().equals("tid"))
                        .forEach(e -> numbers(e.getValue(), path + "." + key + "." + e.getKey(), paths));
            }
        }
    }
}
