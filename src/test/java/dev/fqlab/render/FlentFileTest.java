package dev.fqlab.render;

import static org.assertj.core.api.Assertions.assertThat;

import dev.fqlab.support.Api;
import dev.fqlab.support.ServiceTest;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
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
        assertThat(metadata.get("FLENT_VERSION").asString()).isEqualTo("2.1.1");
        assertThat(metadata.at("/SERIES_META/TCP download BE udp1/UNITS").asString()).isEqualTo("Mbits/s");
        assertThat(metadata.at("/SERIES_META/Ping (ms) ICMP ping/UNITS").asString()).isEqualTo("ms");
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

        // The qdisc_stats keys flent's backlog, drops and delay plots read, per interval as its tc runner stores them.
        for (String key : List.of("backlog_bytes", "backlog_pkts", "dropped", "ecn_mark", "delay")) {
            List<String> values = flentRawValues(work, data, "qdisc_stats_bottleneck", key);
            assertThat(values).as(key).hasSize(60);
            if (!key.equals("delay")) {
                assertThat(values).as(key).doesNotContain("-");
            }
        }
        // udp1 (9 Mbit/s) overloads the 10 Mbit/s link once udp2 joins: fq_codel holds a queue of 1514-byte frames.
        assertThat(flentRawValues(work, data, "qdisc_stats_bottleneck", "backlog_bytes").get(50)).isNotEqualTo("0.0");

        for (String plot : new String[] {"ping_cdf", "totals", "drops", "backlog", "delay"}) {
            DemoExperiment.keep("flent-" + plot + ".png", plot(flent, data, plot));
        }
    }

    /** Has the real flent plot {@code plot} of a data file into a PNG, and checks that it did so cleanly. */
    private byte[] plot(ExternalTool flent, Path data, String plot) throws Exception {
        Path png = work.resolve(plot + ".png");
        ExternalTool.Run run = flent.run(work, work.resolve(plot + ".log"), headlessMatplotlib(), 120,
                "-i", data.toString(), "-p", plot, "-o", png.toString());
        assertThat(run.exitCode()).as(run.output()).isZero();
        assertThat(run.output()).as(plot).doesNotContain("Traceback", "ERROR", "No data", "Zero-length");
        assertThat(png).as(run.output()).exists();
        byte[] image = Files.readAllBytes(png);
        assertThat(image.length).as(plot + ": " + run.output()).isGreaterThan(10_000);
        assertThat(new String(image, 1, 3, java.nio.charset.StandardCharsets.US_ASCII)).isEqualTo("PNG");
        return image;
    }

    @Test
    void flentPlotsTheAirtimeOfAWifiExperiment() throws Exception {
        ExternalTool flent = ExternalTool.require("flent", "apt-get install flent python3-matplotlib");
        HttpResponse<byte[]> response = DemoExperiment.getBytes(port, "/api/v1/experiments/" + DemoExperiment.wifiId(api) + "/flent");
        Path data = Files.write(work.resolve("wifi.flent.gz"), response.body());
        JsonNode file = Api.JSON.readTree(new GZIPInputStream(new ByteArrayInputStream(response.body())));
        assertThat(file.get("metadata").get("TEST_PARAMETERS").get("wifi_stats_stations").asString()).isEqualTo("fast,slow");
        assertThat(file.get("results").propertyNames()).contains("wifi_stats_ap::airtime_tx::fast", "wifi_stats_ap::airtime_tx::slow",
                "wifi_stats_ap::airtime_rx::slow", "wifi_stats_ap::avg_aggr_size::fast");
        // flent reads the per-station keys: the fast station's aggregates are larger than the slow one's.
        List<String> fast = flentRawValues(work, data, "wifi_stats_ap", "stations::fast::avg_aggr_size");
        List<String> slow = flentRawValues(work, data, "wifi_stats_ap", "stations::slow::avg_aggr_size");
        assertThat(Double.parseDouble(fast.get(20))).isGreaterThan(Double.parseDouble(slow.get(20)));
        assertThat(flentRawValues(work, data, "wifi_stats_ap", "stations::slow::airtime_rx")).doesNotContain("-");

        for (String plot : List.of("airtime", "aggregation")) {
            DemoExperiment.keep("flent-wifi-" + plot + ".png", plot(flent, data, plot));
        }
    }

    @Test
    void flentPlotsTheWindowAndRttOfTcpFlows() throws Exception {
        ExternalTool flent = ExternalTool.require("flent", "apt-get install flent python3-matplotlib");
        String id = DemoExperiment.run(api, """
                {"name": "flent-tcp", "durationS": 3, "wiredRttMs": 20, "link": {"type": "wired", "rateMbps": 20},
                 "flows": [{"name": "bulk", "type": "tcp"}, {"name": "ping", "type": "ping", "intervalMs": 100}]}""",
                "flent-tcp");
        HttpResponse<byte[]> response = DemoExperiment.getBytes(port, "/api/v1/experiments/" + id + "/flent");
        Path data = Files.write(work.resolve("tcp.flent.gz"), response.body());
        JsonNode result = api.get("/api/v1/experiments/" + id + "/result").json();

        // Each interval's cwnd and RTT as the result's series have them, under flent's ss runner's keys.
        List<String> cwnd = flentRawValues(work, data, "TCP download BE bulk", "tcp_cwnd");
        List<String> rtt = flentRawValues(work, data, "TCP download BE bulk", "tcp_rtt");
        assertThat(Double.parseDouble(cwnd.get(20))).isEqualTo(result.at("/series/flows/bulk/cwndPackets/20").asDouble());
        assertThat(Double.parseDouble(rtt.get(20))).isEqualTo(result.at("/series/flows/bulk/rttMs/20").asDouble());
        assertThat(Double.parseDouble(rtt.get(20))).isGreaterThan(20); // at least the base RTT

        for (String plot : List.of("tcp_cwnd", "tcp_rtt")) {
            DemoExperiment.keep("flent-tcp-" + plot + ".png", plot(flent, data, plot));
        }
    }

    /**
     * What flent's own loader ({@code flent.resultset.load}, with the interpreter flent runs on) reads from a file:
     * the values of raw key {@code key} of series {@code series}, as flent's raw-key plots (backlog, delay,
     * tcp_cwnd, airtime, aggregation) get them; "-" where an entry lacks the key. Nested keys join with "::", as
     * flent names them ({@code stations::sta1::airtime_rx}).
     */
    static List<String> flentRawValues(Path work, Path data, String series, String key) throws Exception {
        ExternalTool python = ExternalTool.require("python3", "apt-get install flent", Path.of("/usr/bin/python3"));
        String script = """
                import sys
                sys.path.insert(0, '/usr/share/flent')
                from flent.resultset import load
                r = load(sys.argv[1])
                for entry in r.raw_values[sys.argv[2]]:
                    v = entry
                    for k in sys.argv[3].split('::'):
                        v = v.get(k) if isinstance(v, dict) else None
                    print('-' if v is None else v)
                """;
        ExternalTool.Run run = python.run(work, work.resolve("raw-" + key + ".log"), Map.of(), 60,
                "-c", script, data.toString(), series, key);
        assertThat(run.exitCode()).as(run.output()).isZero();
        return run.output().lines().toList();
    }

    /** matplotlib without a display, its caches under target/ rather than in the home directory. */
    static Map<String, String> headlessMatplotlib() throws IOException {
        return Map.of("MPLBACKEND", "Agg", "MPLCONFIGDIR", DemoExperiment.matplotlibConfig().toString());
    }
}
