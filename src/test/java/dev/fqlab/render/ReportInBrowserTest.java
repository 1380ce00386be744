package dev.fqlab.render;

import static org.assertj.core.api.Assertions.assertThat;

import dev.fqlab.support.Api;
import dev.fqlab.support.ServiceTest;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/**
 * The report as a person sees it: headless Chromium loads it from the running service, the browser reports no
 * error of any kind, the page fetches nothing beyond itself, and the screenshot (kept in target/renderings) shows
 * the tables and every plot.
 */
class ReportInBrowserTest extends ServiceTest {

    private static final String FACTS = """
            ({title: document.title,
              tables: document.querySelectorAll('table').length,
              plots: Array.from(document.querySelectorAll('figure svg')).map(s => s.getBoundingClientRect().height),
              flowRows: document.querySelectorAll('section:nth-of-type(3) tbody tr').length,
              width: document.documentElement.scrollWidth})""";

    @Test
    void theReportRendersWithoutErrorsAndShowsTablesAndPlots() throws Exception {
        ExternalTool chromium = ExternalTool.require("chromium", "apt-get install chromium");
        String id = DemoExperiment.id(api);
        Api.Response report = api.get("/api/v1/experiments/" + id + "/report");
        assertThat(report.status()).isEqualTo(200);
        assertThat(report.contentType()).startsWith("text/html");
        // Offline by construction: no script, and no src or href leaving the page (SVG namespaces are not fetched).
        assertThat(report.body().contains("<script")).as("has a script").isFalse();
        assertThat(java.util.regex.Pattern.compile("(src|href)\\s*=\\s*['\"]?(https?:)?//").matcher(report.body()).find())
                .as("links to another host").isFalse();

        String url = "http://127.0.0.1:" + port + "/api/v1/experiments/" + id + "/report";
        try (HeadlessChromium browser = HeadlessChromium.start(chromium)) {
            HeadlessChromium.PageLoad page = browser.open(url, 1200, FACTS);
            Path screenshot = DemoExperiment.keep("report.png", page.screenshot());

            assertThat(page.errors()).as("errors the browser reported").isEmpty();
            assertThat(page.requestedUrls()).as("the report fetches nothing but itself").containsExactly(url);
            JsonNode facts = page.facts();
            assertThat(facts.get("title").asString()).contains("render-demo");
            assertThat(facts.get("tables").asInt()).isGreaterThanOrEqualTo(2);
            assertThat(facts.get("flowRows").asInt()).isEqualTo(4);
            // throughput, latency-cdf and backlog; a wired link has no airtime plot
            assertThat(facts.get("plots").size()).isEqualTo(3);
            facts.get("plots").forEach(height -> assertThat(height.asDouble()).isGreaterThan(200));
            assertThat(facts.get("width").asInt()).as("no horizontal overflow").isLessThanOrEqualTo(1200);
            assertThat(page.screenshot()).hasSizeGreaterThan(20_000);
            assertThat(new String(page.screenshot(), 1, 3, java.nio.charset.StandardCharsets.US_ASCII)).isEqualTo("PNG");
            assertThat(screenshot).exists();

            // A WiFi experiment's report adds the station and aqm tables and the airtime plot.
            String wifiUrl = "http://127.0.0.1:" + port + "/api/v1/experiments/" + DemoExperiment.wifiId(api) + "/report";
            HeadlessChromium.PageLoad wifi = browser.open(wifiUrl, 1200, FACTS);
            DemoExperiment.keep("report-wifi.png", wifi.screenshot());
            assertThat(wifi.errors()).as("errors the browser reported").isEmpty();
            assertThat(wifi.requestedUrls()).containsExactly(wifiUrl);
            assertThat(wifi.facts().get("tables").asInt()).isEqualTo(4); // traffic, flows, stations, TXQs
            assertThat(wifi.facts().get("plots").size()).isEqualTo(4);

            // A sweep's report: parameters and results tables, one plot per metric.
            String sweepUrl = "http://127.0.0.1:" + port + "/api/v1/sweeps/" + DemoExperiment.sweepId(api) + "/report";
            HeadlessChromium.PageLoad sweep = browser.open(sweepUrl, 1200, FACTS);
            DemoExperiment.keep("sweep-report.png", sweep.screenshot());
            assertThat(sweep.errors()).as("errors the browser reported").isEmpty();
            assertThat(sweep.requestedUrls()).containsExactly(sweepUrl);
            assertThat(sweep.facts().get("tables").asInt()).isEqualTo(2);
            assertThat(sweep.facts().get("plots").size()).isEqualTo(6);
            sweep.facts().get("plots").forEach(height -> assertThat(height.asDouble()).isGreaterThan(200));
            assertThat(sweep.facts().get("width").asInt()).as("no horizontal overflow").isLessThanOrEqualTo(1200);
        }
    }

    /**
     * The scenario reference and a plot opened on their own, and Swagger UI, each under the Content-Security-Policy
     * the service sends with it: the browser reports no error (a blocked load or script would be one) and each shows
     * what it should.
     */
    @Test
    void theReferenceAPlotAndSwaggerUiWorkUnderTheirPolicies() throws Exception {
        ExternalTool chromium = ExternalTool.require("chromium", "apt-get install chromium");
        String base = "http://127.0.0.1:" + port;
        String plot = base + "/api/v1/experiments/" + DemoExperiment.id(api) + "/plots/latency-cdf.svg";
        try (HeadlessChromium browser = HeadlessChromium.start(chromium)) {
            HeadlessChromium.PageLoad reference = browser.open(base + "/api/v1/reference/scenario", 1200, """
                    ({sections: document.querySelectorAll('h2').length,
                      width: document.documentElement.scrollWidth})""");
            assertThat(reference.errors()).as("errors the browser reported").isEmpty();
            assertThat(reference.requestedUrls()).containsExactly(base + "/api/v1/reference/scenario");
            assertThat(reference.facts().get("sections").asInt()).isGreaterThan(10);

            HeadlessChromium.PageLoad svg = browser.open(plot, 1200, """
                    ({paths: document.querySelectorAll('path, polyline, line').length,
                      text: document.documentElement.textContent.length})""");
            assertThat(svg.errors()).as("errors the browser reported").isEmpty();
            assertThat(svg.facts().get("paths").asInt()).isGreaterThan(5);

            // Swagger UI builds its page from /v3/api-docs after load: wait for the title it renders.
            HeadlessChromium.PageLoad swagger = browser.open(base + "/swagger-ui/index.html", 1200, """
                    new Promise(done => { const start = Date.now(); (function poll() {
                      const title = document.querySelector('.swagger-ui .info .title');
                      const operations = document.querySelectorAll('.opblock').length;
                      if ((title && operations > 0) || Date.now() - start > 30000) {
                        done({title: title ? title.textContent : null, operations});
                      } else { setTimeout(poll, 100); } })(); })""");
            DemoExperiment.keep("swagger-ui.png", swagger.screenshot());
            assertThat(swagger.errors()).as("errors the browser reported").isEmpty();
            assertThat(swagger.facts().get("title").asString()).contains("fqlab");
            assertThat(swagger.facts().get("operations").asInt()).isGreaterThan(10);
        }
    }
}
