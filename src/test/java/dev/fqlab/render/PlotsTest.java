package dev.fqlab.render;

import static org.assertj.core.api.Assertions.assertThat;

import dev.fqlab.render.plot.PlotKind;
import dev.fqlab.support.Api;
import dev.fqlab.support.ServiceTest;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;
import org.w3c.dom.NodeList;
import tools.jackson.databind.JsonNode;

/** The SVG plots through the API: each is an SVG document; names and states answer as api.md says. */
class PlotsTest extends ServiceTest {

    static final String SVG_NS = "http://www.w3.org/2000/svg";

    @Test
    void everyPlotIsAnSvgDocument() throws Exception {
        String id = DemoExperiment.id(api);
        for (PlotKind kind : PlotKind.values()) {
            Api.Response plot = api.get("/api/v1/experiments/" + id + "/plots/" + kind.slug() + ".svg");

            assertThat(plot.status()).as(kind.slug()).isEqualTo(200);
            assertThat(plot.contentType()).startsWith("image/svg+xml");
            Document svg = parse(plot.body());
            assertThat(svg.getDocumentElement().getLocalName()).isEqualTo("svg");
            assertThat(svg.getDocumentElement().getNamespaceURI()).isEqualTo(SVG_NS);
            assertThat(texts(svg)).as(kind.slug()).contains(kind.title(), "render-demo");
            DemoExperiment.keep(kind.slug() + ".svg", plot.body().getBytes(StandardCharsets.UTF_8));
        }
    }

    @Test
    void plotsLabelWhatTheyShow() throws Exception {
        String base = "/api/v1/experiments/" + DemoExperiment.id(api) + "/plots/";

        assertThat(texts(parse(api.get(base + "throughput.svg").body())))
                .contains("udp1", "udp2", "up1", "ping", "Goodput (Mbit/s)", "Simulated time (s)", "warm-up");
        assertThat(texts(parse(api.get(base + "latency-cdf.svg").body())))
                .contains("udp1", "ping", "Cumulative probability");
        assertThat(texts(parse(api.get(base + "backlog.svg").body())))
                .contains("fq_codel (down)", "Backlog (packets)", "Drops per interval");
        // A wired link has no stations: the image says so instead of showing empty axes.
        assertThat(String.join(" ", texts(parse(api.get(base + "airtime.svg").body()))))
                .contains("No stations on a wired link");
    }

    @Test
    void aWifiExperimentsPlotsShowItsStations() throws Exception {
        String base = "/api/v1/experiments/" + DemoExperiment.wifiId(api) + "/plots/";
        for (PlotKind kind : PlotKind.values()) {
            Api.Response plot = api.get(base + kind.slug() + ".svg");
            assertThat(plot.status()).as(kind.slug()).isEqualTo(200);
            assertThat(parse(plot.body()).getDocumentElement().getLocalName()).isEqualTo("svg");
            DemoExperiment.keep("wifi-" + kind.slug() + ".svg", plot.body().getBytes(StandardCharsets.UTF_8));
        }
        List<String> airtime = texts(parse(api.get(base + "airtime.svg").body()));
        assertThat(airtime).contains("fast", "slow", "Airtime (% of the interval)");
        assertThat(String.join(" ", airtime)).doesNotContain("No stations");
        assertThat(texts(parse(api.get(base + "throughput.svg").body()))).contains("bulk-fast", "station fast", "station slow");
        assertThat(texts(parse(api.get(base + "backlog.svg").body()))).contains("station fast", "station slow");
    }

    @Test
    void theTcpPlotShowsEachTcpFlowsWindowAndRtt() throws Exception {
        String id = DemoExperiment.run(api, """
                {"name": "render-tcp", "durationS": 3, "warmupS": 0.5, "wiredRttMs": 20,
                 "link": {"type": "wired", "rateMbps": 20}, "stack": {"qdisc": {"type": "fq_codel"}},
                 "flows": [{"name": "cubic", "type": "tcp"},
                           {"name": "ping", "type": "ping", "intervalMs": 100},
                           {"name": "reno", "type": "tcp", "congestionControl": "reno", "startS": 1}]}""", "render-tcp");

        Api.Response plot = api.get("/api/v1/experiments/" + id + "/plots/tcp.svg");

        assertThat(plot.status()).isEqualTo(200);
        List<String> texts = texts(parse(plot.body()));
        assertThat(texts).contains(PlotKind.TCP.title(), "cubic", "reno", "cwnd (packets)", "RTT (ms)",
                "Simulated time (s)");
        // The ping has no window: not a series here.
        assertThat(texts).doesNotContain("ping");
        DemoExperiment.keep("tcp.svg", plot.body().getBytes(StandardCharsets.UTF_8));
        // The report shows it for TCP experiments only.
        assertThat(api.get("/api/v1/experiments/" + id + "/report").body()).contains("plots/tcp.svg");
        assertThat(api.get("/api/v1/experiments/" + DemoExperiment.id(api) + "/report").body()).doesNotContain("plots/tcp.svg");
        // Without TCP flows the image says so.
        assertThat(String.join(" ", texts(parse(api.get("/api/v1/experiments/" + DemoExperiment.id(api) + "/plots/tcp.svg").body()))))
                .contains("No TCP flows in this scenario");
    }

    @Test
    void theExperimentLinksEveryRendering() {
        String id = DemoExperiment.id(api);
        JsonNode links = api.get("/api/v1/experiments/" + id).json().get("links");

        assertThat(links.get("report").asString()).isEqualTo("/api/v1/experiments/" + id + "/report");
        assertThat(links.get("flent").asString()).isEqualTo("/api/v1/experiments/" + id + "/flent");
        List<String> plotNames = new ArrayList<>();
        links.get("plots").properties().forEach(e -> plotNames.add(e.getKey()));
        assertThat(plotNames).containsExactly(java.util.Arrays.stream(PlotKind.values()).map(PlotKind::slug).toArray(String[]::new));
        for (String link : List.of(links.get("report").asString(), links.get("flent").asString())) {
            assertThat(api.get(link).status()).as(link).isEqualTo(200);
        }
        links.get("plots").values().forEach(link -> assertThat(api.get(link.asString()).status()).isEqualTo(200));
    }

    @Test
    void unknownPlotsAndExperimentsAre404AndUnfinishedOnes409() {
        String id = DemoExperiment.id(api);

        Api.Response unknownPlot = api.get("/api/v1/experiments/" + id + "/plots/goodput.svg");
        assertThat(unknownPlot.status()).isEqualTo(404);
        assertThat(unknownPlot.contentType()).startsWith("application/problem+json");
        assertThat(unknownPlot.json().get("detail").asString()).contains("throughput, latency-cdf, airtime, backlog, tcp");

        for (String rendering : List.of("/flent", "/report", "/plots/throughput.svg")) {
            Api.Response unknown = api.get("/api/v1/experiments/" + UUID.randomUUID() + rendering);
            assertThat(unknown.status()).as(rendering).isEqualTo(404);
            assertThat(unknown.contentType()).as(rendering).startsWith("application/problem+json");
        }

        String queued = submit(dev.fqlab.support.TestScenarios.request(dev.fqlab.support.TestScenarios.endless(),
                "render-unfinished")).get("id").asString();
        try {
            for (String rendering : List.of("/flent", "/report", "/plots/backlog.svg")) {
                Api.Response early = api.get("/api/v1/experiments/" + queued + rendering);
                assertThat(early.status()).as(rendering).isEqualTo(409);
                assertThat(early.json().get("experimentStatus").asString()).isIn("QUEUED", "RUNNING");
            }
        } finally {
            api.post("/api/v1/experiments/" + queued + "/cancel");
        }
    }

    static Document parse(String svg) throws Exception {
        DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
        factory.setNamespaceAware(true);
        // JFreeSVG declares the SVG 1.1 DTD; parse without fetching it (the tests have no network).
        factory.setFeature("http://apache.org/xml/features/nonvalidating/load-external-dtd", false);
        return factory.newDocumentBuilder().parse(new ByteArrayInputStream(svg.getBytes(StandardCharsets.UTF_8)));
    }

    static List<String> texts(Document svg) {
        NodeList nodes = svg.getElementsByTagNameNS(SVG_NS, "text");
        List<String> texts = new ArrayList<>();
        for (int i = 0; i < nodes.getLength(); i++) {
            texts.add(nodes.item(i).getTextContent());
        }
        return texts;
    }
}
