package dev.fqlab.render;

import static org.assertj.core.api.Assertions.assertThat;

import dev.fqlab.support.Api;
import dev.fqlab.support.ServiceTest;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.zip.GZIPInputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/**
 * The flent file through the API, opened by the real flent (Debian's package): it loads the file and draws
 * {@code ping_cdf}, {@code totals} and the qdisc's {@code drops} as PNGs. flent exits 0 and writes a 0-byte PNG when
 * it finds nothing to plot, so the test checks the PNG itself.
 */
class FlentFileTest extends ServiceTest {

    @TempDir
    Path work;

    @Test
    void theFileFollowsFlentsFormat() throws Exception {
        HttpResponse<byte[]> response = DemoExperiment.getBytes(port, "/api/v1/experiments/" + DemoExperiment.id(api) + "/flent");

        assertThat(response.statusCode()).isEqualTo(200);
        assertThat(response.headers().firstValue("Content-Type")).hasValue("application/gzip");
        assertThat(response.headers().firstValue("Content-Disposition").orElseThrow())
                .matches("attachment; filename=\"rtt_fair_var-\\d{4}-\\d\\d-\\d\\dT\\d{6}\\.\\d{6}\\.render-demo\\.flent\\.gz\"");
        JsonNode file = Api.JSON.readTree(new GZIPInputStream(new ByteArrayInputStream(response.body())));
        assertThat(file.get("version").asInt()).isEqualTo(4);
        JsonNode metadata = file.get("metadata");
        assertThat(metadata.get("NAME").asString()).isEqualTo("rtt_fair_var");
        assertThat(metadata.get("TIME").asString()).matches("\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\d\\.\\d{6}Z");
        assertThat(metadata.get("T0").asString()).isEqualTo(metadata.get("TIME").asString());
        assertThat(metadata.get("TEST_PARAMETERS").get("qdisc_stats_interfaces").asString()).isEqualTo("fq_codel");
        int points = file.get("x_values").size();
        assertThat(points).isEqualTo(60);
        assertThat(file.get("results").propertyNames()).containsExactly(
                "TCP download BE udp1", "TCP download BE udp2", "TCP upload BE up1", "Ping (ms) ICMP ping",
                "qdisc_stats_bottleneck", "qdisc_stats_bottleneck::dropped");
        file.get("results").properties().forEach(series ->
                assertThat(series.getValue().size()).as(series.getKey()).isEqualTo(points));
        file.get("raw_values").properties().forEach(series ->
                assertThat(series.getValue().size()).as(series.getKey()).isPositive());
        // udp2 starts at 2 s: nothing before, its goodput after
        JsonNode udp2 = file.get("results").get("TCP download BE udp2");
        assertThat(udp2.get(5).asDouble()).isZero();
        assertThat(udp2.get(40).asDouble()).isGreaterThan(2.5);
    }

    @Test
    void flentPlotsThePingCdfTotalsAndDrops() throws Exception {
        ExternalTool flent = ExternalTool.require("flent", "apt-get install flent python3-matplotlib");
        HttpResponse<byte[]> response = DemoExperiment.getBytes(port, "/api/v1/experiments/" + DemoExperiment.id(api) + "/flent");
        Path data = Files.write(work.resolve("demo.flent.gz"), response.body());
        DemoExperiment.keep("demo.flent.gz", response.body());

        for (String plot : new String[] {"ping_cdf", "totals", "drops"}) {
            Path png = work.resolve(plot + ".png");
            ExternalTool.Run run = flent.run(work, work.resolve(plot + ".log"), headlessMatplotlib(), 120,
                    "-i", data.toString(), "-p", plot, "-o", png.toString());

            assertThat(run.exitCode()).as(run.output()).isZero();
            assertThat(run.output()).as(plot).doesNotContain("Traceback", "ERROR", "No data", "Zero-length");
            assertThat(png).as(run.output()).exists();
            byte[] image = Files.readAllBytes(png);
            assertThat(image.length).as(plot + ": " + run.output()).isGreaterThan(10_000);
            assertThat(new String(image, 1, 3, java.nio.charset.StandardCharsets.US_ASCII)).isEqualTo("PNG");
            DemoExperiment.keep("flent-" + plot + ".png", image);
        }
    }

    @Test
    void flentPlotsTheAirtimeOfAWifiExperiment() throws Exception {
        ExternalTool flent = ExternalTool.require("flent", "apt-get install flent python3-matplotlib");
        HttpResponse<byte[]> response = DemoExperiment.getBytes(port, "/api/v1/experiments/" + DemoExperiment.wifiId(api) + "/flent");
        Path data = Files.write(work.resolve("wifi.flent.gz"), response.body());
        JsonNode file = Api.JSON.readTree(new GZIPInputStream(new ByteArrayInputStream(response.body())));
        assertThat(file.get("metadata").get("TEST_PARAMETERS").get("wifi_stats_stations").asString()).isEqualTo("fast,slow");
        assertThat(file.get("results").propertyNames()).contains("wifi_stats_ap::airtime_tx::fast", "wifi_stats_ap::airtime_tx::slow");

        Path png = work.resolve("airtime.png");
        ExternalTool.Run run = flent.run(work, work.resolve("airtime.log"), headlessMatplotlib(), 120,
                "-i", data.toString(), "-p", "airtime", "-o", png.toString());
        assertThat(run.exitCode()).as(run.output()).isZero();
        assertThat(run.output()).doesNotContain("Traceback", "ERROR");
        assertThat(Files.size(png)).as(run.output()).isGreaterThan(10_000);
        DemoExperiment.keep("flent-wifi-airtime.png", Files.readAllBytes(png));
    }

    /** matplotlib without a display, its caches under target/ rather than in the home directory. */
    static Map<String, String> headlessMatplotlib() throws IOException {
        return Map.of("MPLBACKEND", "Agg", "MPLCONFIGDIR", DemoExperiment.matplotlibConfig().toString());
    }
}
