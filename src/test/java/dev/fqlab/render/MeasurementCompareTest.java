package dev.fqlab.render;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.fqlab.support.Api;
import dev.fqlab.support.ServiceTest;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.zip.GZIPInputStream;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/**
 * A flent data file recorded by the real flent 2.1.1 (src/test/resources/measurements/README.md: fping and irtt
 * over a pfifo'd loopback for 10 s) uploaded, stored and compared with a simulation of a ping over a pfifo on the
 * same page. The expected numbers are read from the file by the test itself.
 */
class MeasurementCompareTest extends ServiceTest {

    private static final String FILE = "/measurements/ping-loopback-pfifo.flent.gz";

    @Test
    void aRealFlentFileIsStoredAndComparedWithASimulation() throws Exception {
        byte[] file = resource(FILE);
        JsonNode flent = Api.JSON.readTree(new GZIPInputStream(new ByteArrayInputStream(file)));

        Api.Response uploaded = api.postRaw("/api/v1/measurements", "application/gzip", file);
        assertThat(uploaded.status()).as(uploaded.toString()).isEqualTo(201);
        String id = uploaded.json().get("id").asString();
        assertThat(uploaded.header("Location").orElseThrow()).endsWith("/api/v1/measurements/" + id);
        assertThat(uploaded.json().get("name").asString()).isEqualTo("loopback-pfifo"); // the file's TITLE
        assertThat(uploaded.json().get("test").asString()).isEqualTo("ping");
        assertThat(api.get("/api/v1/measurements/" + id).json().get("sizeBytes").asLong()).isEqualTo(file.length);
        assertThat(DemoExperiment.getBytes(port, "/api/v1/measurements/" + id + "/flent").body()).isEqualTo(file);
        assertThat(api.get("/api/v1/measurements").body()).contains(id);
        long rows = jdbc.sql("SELECT count(*) FROM measurements WHERE id = ?").param(UUID.fromString(id))
                .query(Long.class).single();
        assertThat(rows).isEqualTo(1);

        String experiment = DemoExperiment.run(api, """
                {"durationS": 10, "wiredRttMs": 0.05, "link": {"type": "wired", "rateMbps": 1000},
                 "stack": {"qdisc": {"type": "pfifo", "limit": 1000}},
                 "flows": [{"name": "ping", "type": "ping", "intervalMs": 200}]}""", "sim-of-loopback");
        Api.Response response = api.get("/api/v1/compare?ids=" + experiment + "&measurements=" + id);
        assertThat(response.status()).as(response.toString()).isEqualTo(200);
        JsonNode c = response.json();
        assertThat(c.at("/columns/1/kind").asString()).isEqualTo("measurement");
        assertThat(c.at("/columns/1/test").asString()).isEqualTo("ping");
        assertThat(c.at("/columns/1/qdisc").asString()).isEqualTo("pfifo");

        // Ping: every probe of both flent ping series, pooled, read by nearest rank.
        List<Double> probes = new ArrayList<>();
        for (String series : List.of("Ping (ms) ICMP", "Ping (ms) UDP")) {
            flent.at("/raw_values").get(series).forEach(e -> probes.add(e.get("val").asDouble()));
        }
        probes.sort(null);
        assertThat(probes).hasSize(100);
        JsonNode p50 = CompareTest.metric(c, "ping.rttMs.p50");
        assertThat(p50.at("/values/1").asDouble()).isEqualTo(probes.get(49)); // ⌈0.5 × 100⌉ = the 50th
        assertThat(CompareTest.metric(c, "ping.rttMs.p99").at("/values/1").asDouble()).isEqualTo(probes.get(98));
        assertThat(CompareTest.metric(c, "ping.rttMs.max").at("/values/1").asDouble()).isEqualTo(probes.get(99));
        assertThat(CompareTest.metric(c, "ping.rttMs.samples").at("/values/1").asDouble()).isEqualTo(100);
        double simulated = p50.at("/values/0").asDouble();
        assertThat(p50.at("/ratios/1").asDouble()).isCloseTo(probes.get(49) / simulated, within(probes.get(49) / simulated * 1e-5));

        // Qdisc counters: flent's tc -s qdisc after the run minus before it.
        String pre = flent.at("/metadata/EGRESS_INFO/tc_stats_pre/0").asString();
        String post = flent.at("/metadata/EGRESS_INFO/tc_stats_post/0").asString();
        Matcher sentAfter = Pattern.compile("Sent (\\d+) bytes (\\d+) pkt").matcher(post);
        Matcher sentBefore = Pattern.compile("Sent (\\d+) bytes (\\d+) pkt").matcher(pre);
        assertThat(sentAfter.find() && sentBefore.find()).isTrue();
        assertThat(CompareTest.metric(c, "qdisc.sentPackets").at("/values/1").asDouble())
                .isEqualTo(Double.parseDouble(sentAfter.group(2)) - Double.parseDouble(sentBefore.group(2)));
        assertThat(CompareTest.metric(c, "qdisc.sentBytes").at("/values/1").asDouble())
                .isEqualTo(Double.parseDouble(sentAfter.group(1)) - Double.parseDouble(sentBefore.group(1)));
        assertThat(CompareTest.metric(c, "qdisc.dropped").at("/values/1").asDouble()).isZero();

        // One page: the simulation and the measurement in the ping CDF and the qdisc counters.
        String query = "ids=" + experiment + "&measurements=" + id;
        Api.Response page = api.get("/api/v1/compare/report?" + query);
        assertThat(page.status()).isEqualTo(200);
        assertThat(page.body()).contains("sim-of-loopback", "loopback-pfifo", "ping.rttMs.p50", "flent ping");
        String pingCdf = api.get("/api/v1/compare/plots/ping-cdf.svg?" + query).body();
        assertThat(pingCdf).contains("1 sim-of-loopback: ping RTT", "2 loopback-pfifo: Ping (ms) ICMP",
                "2 loopback-pfifo: Ping (ms) UDP");
        assertThat(api.get("/api/v1/compare/plots/qdisc.svg?" + query).body()).contains("2 loopback-pfifo");
        DemoExperiment.keep("compare-measurement.html", page.body().getBytes(StandardCharsets.UTF_8));
        DemoExperiment.keep("compare-measurement-ping-cdf.svg", pingCdf.getBytes(StandardCharsets.UTF_8));

        assertThat(api.get("/api/v1/compare?ids=" + experiment + "&measurements=" + UUID.randomUUID()).status())
                .isEqualTo(404);
        // curl --data-binary sends application/x-www-form-urlencoded unless told otherwise: the file is still read
        // as sent, and a name in the query string wins over the file's TITLE.
        Api.Response asForm = api.postRaw("/api/v1/measurements?name=home%20router", "application/x-www-form-urlencoded", file);
        assertThat(asForm.status()).as(asForm.toString()).isEqualTo(201);
        assertThat(asForm.json().get("name").asString()).isEqualTo("home router");
        assertThat(api.delete("/api/v1/measurements/" + asForm.json().get("id").asString()).status()).isEqualTo(204);

        assertThat(api.delete("/api/v1/measurements/" + id).status()).isEqualTo(204);
        assertThat(api.get("/api/v1/measurements/" + id).status()).isEqualTo(404);
    }

    @Test
    void badUploadsSayWhatIsWrong() throws Exception {
        Api.Response notGzip = api.postRaw("/api/v1/measurements", "application/gzip",
                "{\"version\": 4}".getBytes(StandardCharsets.UTF_8));
        assertThat(notGzip.status()).isEqualTo(400);
        assertThat(notGzip.json().get("detail").asString()).contains("not gzip");

        Api.Response notJson = api.postRaw("/api/v1/measurements", "application/gzip", gzip("PING 127.0.0.1 56 bytes"));
        assertThat(notJson.status()).isEqualTo(400);
        assertThat(notJson.json().get("detail").asString()).contains("no JSON");

        Api.Response notFlent = api.postRaw("/api/v1/measurements", "application/gzip", gzip("{\"hello\": 1}"));
        assertThat(notFlent.status()).isEqualTo(400);
        assertThat(notFlent.json().get("detail").asString()).contains("not a flent data file", "'version'",
                "'metadata'", "'x_values'", "'results'");

        Api.Response tooNew = api.postRaw("/api/v1/measurements", "application/gzip", gzip("""
                {"version": 5, "metadata": {"NAME": "ping"}, "x_values": [0, 1], "results": {"Ping (ms) ICMP": [1]}}"""));
        assertThat(tooNew.status()).isEqualTo(400);
        assertThat(tooNew.json().get("detail").asString()).contains("'version' 5", "'Ping (ms) ICMP' has 1 values",
                "one per x value (2)");

        Api.Response damaged = api.postRaw("/api/v1/measurements", "application/gzip",
                java.util.Arrays.copyOf(resource(FILE), 200));
        assertThat(damaged.status()).isEqualTo(400);
        assertThat(damaged.json().get("detail").asString()).contains("gzip");

        // Larger than the request limit (1 MiB by default): refused before it is read, naming the limit.
        byte[] big = new byte[1024 * 1024 + 1];
        big[0] = 0x1f;
        big[1] = (byte) 0x8b;
        Api.Response tooBig = api.postRaw("/api/v1/measurements", "application/gzip", big);
        assertThat(tooBig.status()).isEqualTo(413);
        assertThat(tooBig.json().get("detail").asString()).contains("1048576 bytes", "max-request-bytes");

        // A small gzip that expands past the JSON cap (64 MiB by default) is cut off while decompressing.
        ByteArrayOutputStream bomb = new ByteArrayOutputStream();
        try (GZIPOutputStream out = new GZIPOutputStream(bomb)) {
            byte[] spaces = new byte[1024 * 1024];
            java.util.Arrays.fill(spaces, (byte) ' ');
            for (int i = 0; i < 65; i++) {
                out.write(spaces);
            }
        }
        Api.Response expands = api.postRaw("/api/v1/measurements", "application/gzip", bomb.toByteArray());
        assertThat(expands.status()).isEqualTo(400);
        assertThat(expands.json().get("detail").asString()).contains("decompresses to more than 67108864 bytes");
    }

    private static byte[] gzip(String text) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (GZIPOutputStream out = new GZIPOutputStream(bytes)) {
            out.write(text.getBytes(StandardCharsets.UTF_8));
        }
        return bytes.toByteArray();
    }

    private static byte[] resource(String name) throws IOException {
        try (InputStream in = MeasurementCompareTest.class.getResourceAsStream(name)) {
            assertThat(in).as(name).isNotNull();
            return in.readAllBytes();
        }
    }
}
