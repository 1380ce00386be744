package dev.fqlab.render;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.fqlab.support.Api;
import dev.fqlab.support.ServiceTest;
import dev.fqlab.support.TestScenarios;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/**
 * Two known experiments lined up: the same scenario through fq_codel and through a pfifo. The test reads both
 * result documents itself and checks the comparison's values, differences and ratios against them.
 */
class CompareTest extends ServiceTest {

    private static final String SCENARIO = """
            {"durationS": 3, "warmupS": 0.5, "link": {"type": "wired", "rateMbps": 10},
             "stack": {"qdisc": %s},
             "flows": [{"name": "bulk", "type": "udp", "rateMbps": 12},
                       {"name": "small", "type": "udp", "rateMbps": 1},
                       {"name": "ping", "type": "ping", "intervalMs": 20}]}""";

    private static String fqCodel;
    private static String pfifo;

    private synchronized void runBoth() {
        if (fqCodel == null) {
            fqCodel = DemoExperiment.run(api, SCENARIO.formatted("{\"type\": \"fq_codel\"}"), "compare-fq_codel");
            pfifo = DemoExperiment.run(api, SCENARIO.formatted("{\"type\": \"pfifo\", \"limit\": 200}"), "compare-pfifo");
        }
    }

    @Test
    void linesUpTwoExperimentsMetricByMetric() {
        runBoth();
        JsonNode a = api.get("/api/v1/experiments/" + fqCodel + "/result").json();
        JsonNode b = api.get("/api/v1/experiments/" + pfifo + "/result").json();
        Api.Response response = api.get("/api/v1/compare?ids=" + fqCodel + "," + pfifo);
        assertThat(response.status()).as(response.toString()).isEqualTo(200);
        JsonNode c = response.json();

        assertThat(c.at("/columns/0/id").asString()).isEqualTo(fqCodel);
        assertThat(c.at("/columns/1/id").asString()).isEqualTo(pfifo);
        assertThat(c.at("/columns/0/qdisc").asString()).isEqualTo("fq_codel");
        assertThat(c.at("/columns/1/qdisc").asString()).isEqualTo("pfifo");

        JsonNode qdiscType = difference(c, "/stack/qdisc/type");
        assertThat(qdiscType).as("the scenario diff names /stack/qdisc/type").isNotNull();
        assertThat(qdiscType.get("values").get(0).asString()).isEqualTo("fq_codel");
        assertThat(qdiscType.get("values").get(1).asString()).isEqualTo("pfifo");
        assertThat(difference(c, "/stack/qdisc/limit").get("values").get(1).asInt()).isEqualTo(200);
        assertThat(difference(c, "/flows/0/rateMbps")).as("equal fields are not differences").isNull();
        assertThat(difference(c, "/name")).isNull();

        // Every metric the test reads from the two documents: value, difference and ratio.
        List<String[]> checked = List.of(
                new String[] {"summary.throughputMbps", "/summary/throughputMbps"},
                new String[] {"summary.jainThroughput", "/summary/jainThroughput"},
                new String[] {"flows.bulk.throughputMbps", "/flows/0/throughputMbps"},
                new String[] {"flows.small.throughputMbps", "/flows/1/throughputMbps"},
                new String[] {"flows.small.latencyMs.p99", "/flows/1/latencyMs/p99"},
                new String[] {"flows.bulk.droppedPackets", "/flows/0/droppedPackets"},
                new String[] {"flows.ping.rttMs.p50", "/flows/2/rttMs/p50"},
                new String[] {"qdisc.dropped", "/qdisc/dropped"},
                new String[] {"qdisc.sentPackets", "/qdisc/sentPackets"});
        for (String[] m : checked) {
            JsonNode metric = metric(c, m[0]);
            assertThat(metric).as(m[0]).isNotNull();
            double va = a.at(m[1]).asDouble();
            double vb = b.at(m[1]).asDouble();
            assertThat(metric.at("/values/0").asDouble()).as(m[0]).isEqualTo(va);
            assertThat(metric.at("/values/1").asDouble()).as(m[0]).isEqualTo(vb);
            assertThat(metric.at("/differences/0").asDouble()).isZero();
            assertThat(metric.at("/differences/1").asDouble()).as(m[0]).isCloseTo(vb - va, within(Math.abs(vb - va) * 1e-5 + 1e-9));
            if (va != 0) {
                assertThat(metric.at("/ratios/1").asDouble()).as(m[0]).isCloseTo(vb / va, within(Math.abs(vb / va) * 1e-5));
            }
        }
        // fq_codel's xstats exist only on one side: a value and a null.
        JsonNode newFlows = metric(c, "qdisc.newFlowCount");
        assertThat(newFlows.at("/values/0").asDouble()).isEqualTo(a.at("/qdisc/newFlowCount").asDouble());
        assertThat(newFlows.at("/values/1").isNull()).isTrue();
        assertThat(newFlows.at("/differences/1").isNull()).isTrue();
        // The point of fq_codel: the small flow's latency is far below the pfifo's standing queue.
        assertThat(metric(c, "flows.small.latencyMs.p50").at("/ratios/1").asDouble()).isGreaterThan(5);
        // A ping's round trip pooled from its distribution (nearest rank), within the 1.6 % cells of the percentile.
        assertThat(metric(c, "ping.rttMs.p50").at("/values/1").asDouble())
                .isCloseTo(b.at("/flows/2/rttMs/p50").asDouble(), within(b.at("/flows/2/rttMs/p50").asDouble() * 0.02));
        // Neither series nor distributions become metrics.
        List<String> names = new ArrayList<>();
        c.get("metrics").forEach(m -> names.add(m.get("name").asString()));
        assertThat(names).noneMatch(n -> n.startsWith("series") || n.contains("distribution") || n.startsWith("engine"));
        assertThat(c.at("/links/report").asString()).isEqualTo("/api/v1/compare/report?ids=" + fqCodel + "," + pfifo);
    }

    @Test
    void thePageAndThePlotsShowTheComparison() throws Exception {
        runBoth();
        String query = "ids=" + fqCodel + "," + pfifo;
        Api.Response page = api.get("/api/v1/compare/report?" + query);
        assertThat(page.status()).isEqualTo(200);
        assertThat(page.contentType()).startsWith("text/html");
        assertThat(page.body()).contains("/stack/qdisc/type", "compare-fq_codel", "compare-pfifo", "qdisc.dropped");
        assertThat(page.body().split("<svg", -1)).hasSize(5);
        for (String plot : List.of("throughput", "latency-cdf", "ping-cdf", "qdisc")) {
            Api.Response svg = api.get("/api/v1/compare/plots/" + plot + ".svg?" + query);
            assertThat(svg.status()).as(plot).isEqualTo(200);
            assertThat(svg.contentType()).startsWith("image/svg+xml");
            assertThat(svg.body()).as(plot).contains("1 compare-fq_codel", "2 compare-pfifo");
            DemoExperiment.keep("compare-" + plot + ".svg", svg.body().getBytes(java.nio.charset.StandardCharsets.UTF_8));
        }
        DemoExperiment.keep("compare.html", page.body().getBytes(java.nio.charset.StandardCharsets.UTF_8));
        assertThat(api.get("/api/v1/compare/plots/nope.svg?" + query).status()).isEqualTo(404);
        // Every report links here with a form that starts from its own experiment.
        String report = api.get("/api/v1/experiments/" + fqCodel + "/report").body();
        assertThat(report).contains("action=\"../../compare/report\"", "value=\"" + fqCodel + ",\"");
    }

    /** The page in a real browser: no errors, nothing fetched but itself, four plots, no horizontal overflow. */
    @Test
    void thePageReadsInABrowser() throws Exception {
        ExternalTool chromium = ExternalTool.require("chromium", "apt-get install chromium");
        runBoth();
        String url = "http://127.0.0.1:" + port + "/api/v1/compare/report?ids=" + fqCodel + "," + pfifo;
        try (HeadlessChromium browser = HeadlessChromium.start(chromium)) {
            HeadlessChromium.PageLoad page = browser.open(url, 1200, """
                    ({tables: document.querySelectorAll('table').length,
                      plots: Array.from(document.querySelectorAll('figure svg')).map(s => s.getBoundingClientRect().height),
                      width: document.documentElement.scrollWidth})""");
            DemoExperiment.keep("compare.png", page.screenshot());
            assertThat(page.errors()).as("errors the browser reported").isEmpty();
            assertThat(page.requestedUrls()).containsExactly(url);
            assertThat(page.facts().get("tables").asInt()).isEqualTo(3); // runs, scenario differences, metrics
            assertThat(page.facts().get("plots").size()).isEqualTo(4);
            page.facts().get("plots").forEach(height -> assertThat(height.asDouble()).isGreaterThan(200));
            assertThat(page.facts().get("width").asInt()).as("no horizontal overflow").isLessThanOrEqualTo(1200);
        }
    }

    @Test
    void badRequestsAreNamed() {
        runBoth();
        Api.Response none = api.get("/api/v1/compare");
        assertThat(none.status()).isEqualTo(400);
        assertThat(none.json().get("parameter").asString()).isEqualTo("ids");

        Api.Response malformed = api.get("/api/v1/compare?ids=" + fqCodel + ",not-an-id");
        assertThat(malformed.status()).isEqualTo(400);
        assertThat(malformed.json().get("detail").asString()).contains("'not-an-id'", "not an experiment id");

        Api.Response twice = api.get("/api/v1/compare?ids=" + fqCodel + "," + fqCodel);
        assertThat(twice.status()).isEqualTo(400);
        assertThat(twice.json().get("detail").asString()).contains("named twice");

        List<String> nine = new ArrayList<>(List.of(fqCodel, pfifo));
        while (nine.size() < 9) {
            nine.add(UUID.randomUUID().toString());
        }
        Api.Response tooMany = api.get("/api/v1/compare?ids=" + String.join(",", nine));
        assertThat(tooMany.status()).isEqualTo(400);
        assertThat(tooMany.json().get("detail").asString()).contains("at most 8", "9 were named");

        String unknown = UUID.randomUUID().toString();
        Api.Response missing = api.get("/api/v1/compare?ids=" + fqCodel + "," + unknown);
        assertThat(missing.status()).isEqualTo(404);
        assertThat(missing.json().get("detail").asString()).contains(unknown);

        String running = submit(TestScenarios.request(TestScenarios.endless())).get("id").asString();
        try {
            Api.Response unfinished = api.get("/api/v1/compare?ids=" + fqCodel + "," + running);
            assertThat(unfinished.status()).isEqualTo(409);
            assertThat(unfinished.json().get("detail").asString()).contains(running, "SUCCEEDED");
        } finally {
            api.post("/api/v1/experiments/" + running + "/cancel");
        }
    }

    private static JsonNode difference(JsonNode comparison, String pointer) {
        for (JsonNode d : comparison.get("scenarioDifferences")) {
            if (d.get("pointer").asString().equals(pointer)) {
                return d;
            }
        }
        return null;
    }

    static JsonNode metric(JsonNode comparison, String name) {
        for (JsonNode m : comparison.get("metrics")) {
            if (m.get("name").asString().equals(name)) {
                return m;
            }
        }
        return null;
    }
}
