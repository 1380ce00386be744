package dev.fqlab.render;

import static dev.fqlab.render.PlotsTest.parse;
import static dev.fqlab.render.PlotsTest.texts;
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
import org.w3c.dom.Document;
import tools.jackson.databind.JsonNode;

/** {@code GET /sweeps/{id}/plots/{metric}.svg} over HTTP: an SVG per metric, 404s that say what exists. */
class SweepPlotsTest extends ServiceTest {

    private static final String SWEEPS = "/api/v1/sweeps";

    /** A sweep of half-second 10 Mbit/s experiments over {@code parameters}, two repetitions, run to the end. */
    private String finishedSweep(String parameters) {
        String scenario = "{\"name\": \"sweep-plot-" + UUID.randomUUID() + "\", " + TestScenarios.wired(10, 0.5).substring(1);
        Api.Response submitted = api.post(SWEEPS, """
                {"name": "plot sweep", "base": {"scenario": %s},
                 "parameters": %s, "repetitions": 2}""".formatted(scenario, parameters));
        assertThat(submitted.status()).as(submitted.toString()).isEqualTo(202);
        String id = submitted.json().get("id").asString();
        await().atMost(Duration.ofSeconds(90)).pollInterval(Duration.ofMillis(100))
                .until(() -> api.get(SWEEPS + "/" + id).json().get("status").asString(), "SUCCEEDED"::equals);
        return id;
    }

    @Test
    void everyMetricOfASweepIsAnSvgPlot() throws Exception {
        String id = finishedSweep("""
                [{"pointer": "/flows/0/rateMbps", "values": [2, 4]},
                 {"name": "quantum", "pointer": "/stack/qdisc/quantum", "values": [300, 1514], "labels": ["q300", "q1514"]}]""");
        JsonNode sweep = api.get(SWEEPS + "/" + id + "?metric=*").json();
        String template = sweep.at("/links/plot").asString();
        assertThat(template).isEqualTo(SWEEPS + "/" + id + "/plots/{metric}.svg");

        for (String metric : sweep.at("/rows/0/metrics").propertyNames()) {
            Api.Response plot = api.get(template.replace("{metric}", metric));
            assertThat(plot.status()).as(metric).isEqualTo(200);
            assertThat(plot.contentType()).startsWith("image/svg+xml");
            Document svg = parse(plot.body());
            assertThat(svg.getDocumentElement().getLocalName()).isEqualTo("svg");
            assertThat(texts(svg)).as(metric).contains(metric, "/flows/0/rateMbps", "quantum=q300", "quantum=q1514");
        }
        List<String> throughput = texts(parse(api.get(SWEEPS + "/" + id + "/plots/flows.udp1.throughputMbps.svg").body()));
        assertThat(throughput).contains("flow udp1: throughput (Mbit/s)");
        assertThat(String.join(" ", throughput)).contains("plot sweep", "4 combinations × 2 repetitions", "standard deviation");
    }

    @Test
    void aFirstParameterOfLabelsOrStringsIsBars() throws Exception {
        String id = finishedSweep("""
                [{"name": "quantum", "pointer": "/stack/qdisc/quantum", "values": [300, 1514], "labels": ["small", "MTU"]},
                 {"name": "udp1", "pointer": "/flows/0/rateMbps", "values": [2, 4]}]""");

        Api.Response plot = api.get(SWEEPS + "/" + id + "/plots/summary.throughputMbps.svg");

        assertThat(plot.status()).isEqualTo(200);
        assertThat(texts(parse(plot.body()))).contains("total throughput (Mbit/s)", "small", "MTU", "udp1=2", "udp1=4");
        DemoExperiment.keep("sweep-bars.svg", plot.body().getBytes(StandardCharsets.UTF_8));
    }

    @Test
    void theReportHasTheTableThePlotsAndALinkToEveryRepetition() {
        String id = DemoExperiment.sweepId(api);
        JsonNode sweep = api.get(SWEEPS + "/" + id).json();

        Api.Response report = api.get(sweep.at("/links/report").asString());

        assertThat(report.status()).isEqualTo(200);
        assertThat(report.contentType()).startsWith("text/html");
        String html = report.body();
        assertThat(html).contains("demo sweep: udp1&#39;s rate", "udp1 rate (Mbit/s)", "/flows/0/rateMbps", "3, 6, 9, 12",
                "4 combinations × 3 repetitions");
        // No metrics named: total goodput, each UDP flow's goodput, the ping's RTT p99, each UDP flow's one-way p99.
        assertThat(html.split("<figure>", -1)).hasSize(1 + 6);
        assertThat(html).contains("plots/summary.throughputMbps.svg", "plots/flows.udp1.throughputMbps.svg",
                "plots/flows.udp2.throughputMbps.svg", "plots/flows.ping.rttMs.p99.svg", "plots/flows.udp1.latencyMs.p99.svg",
                "plots/flows.udp2.latencyMs.p99.svg", "The CSV table and the export (every run × metric) have every metric");
        assertThat(html).doesNotContain("plots/flows.ping.throughputMbps.svg", "plots/flows.ping.latencyMs.p99.svg");
        // A cell is the mean ± the sample standard deviation of its repetitions.
        JsonNode total = sweep.at("/rows/0/metrics/summary.throughputMbps");
        assertThat(total.get("n").asInt()).isEqualTo(3);
        assertThat(html).containsPattern("<td>3 / 3</td><td>[0-9.]+ ± [0-9.]+</td>");
        // Every repetition links to its own report, relative to the sweep's.
        for (JsonNode row : sweep.get("rows")) {
            for (JsonNode experiment : row.get("experiments")) {
                assertThat(html).contains("href=\"../../experiments/" + experiment.asString() + "/report\"");
            }
        }
        String first = sweep.at("/rows/0/experiments/0").asString();
        assertThat(api.get(java.net.URI.create(SWEEPS + "/" + id + "/report").resolve("../../experiments/" + first + "/report")
                .toString()).status()).isEqualTo(200);
        assertThat(api.get(SWEEPS + "/" + UUID.randomUUID() + "/report").status()).isEqualTo(404);
    }

    @Test
    void unknownMetricsAndSweepsAre404s() throws Exception {
        String id = finishedSweep("""
                [{"pointer": "/stack/qdisc/type", "values": ["fq_codel", "pfifo"]}]""");

        Api.Response unknown = api.get(SWEEPS + "/" + id + "/plots/flows.nope.throughputMbps.svg");
        assertThat(unknown.status()).isEqualTo(404);
        assertThat(unknown.contentType()).startsWith("application/problem+json");
        assertThat(unknown.json().get("detail").asString()).contains("flows.nope.throughputMbps", "summary.throughputMbps");
        // Strings as values: bars named by them.
        assertThat(texts(parse(api.get(SWEEPS + "/" + id + "/plots/summary.throughputMbps.svg").body())))
                .contains("fq_codel", "pfifo", "/stack/qdisc/type");

        for (String sweep : List.of(UUID.randomUUID().toString(), "not-a-uuid")) {
            Api.Response missing = api.get(SWEEPS + "/" + sweep + "/plots/summary.throughputMbps.svg");
            assertThat(missing.status()).as(sweep).isEqualTo(404);
            assertThat(missing.contentType()).startsWith("application/problem+json");
        }
    }
}
