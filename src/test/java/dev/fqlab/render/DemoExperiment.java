package dev.fqlab.render;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.fqlab.support.Api;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Set;
import tools.jackson.databind.JsonNode;

/**
 * The experiment the rendering tests look at, run once per test JVM: 6 s through fq_codel on a 10 Mbit/s link
 * with a 1 s warm-up. udp1 (9 Mbit/s) fills the link alone until udp2 (3 Mbit/s, below its fair share) joins at
 * 2 s; an upstream flow and a ping run throughout. Shared by {@link dev.fqlab.support.ServiceTest} subclasses
 * only: they share one service and database.
 */
public final class DemoExperiment {

    /** Where matplotlib (under flent) keeps its font cache: built once per checkout, not per test. */
    public static Path matplotlibConfig() throws IOException {
        return Files.createDirectories(Path.of("target", "matplotlib")).toAbsolutePath();
    }

    public static final String SCENARIO = """
            {"name": "demo-fq-codel", "durationS": 6, "warmupS": 1,
             "link": {"type": "wired", "rateMbps": 10},
             "stack": {"qdisc": {"type": "fq_codel"}},
             "flows": [{"name": "udp1", "type": "udp", "rateMbps": 9},
                       {"name": "udp2", "type": "udp", "rateMbps": 3, "startS": 2},
                       {"name": "up1", "type": "udp", "direction": "up", "rateMbps": 1},
                       {"name": "ping", "type": "ping", "intervalMs": 50}]}""";

    /**
     * The WiFi counterpart, also once per JVM: 802.11n, a fast station (MCS 15) and a slow one (MCS 0) each with a
     * downstream UDP flow more than it can carry, and a ping to the slow one; default stack (mac80211 TXQs,
     * round-robin). The slow station's airtime shows the performance anomaly.
     */
    public static final String WIFI_SCENARIO = """
            {"name": "demo-wifi", "durationS": 3, "warmupS": 0.5,
             "link": {"type": "wifi", "standard": "802.11n"},
             "stations": [{"name": "fast", "mcs": 15}, {"name": "slow", "mcs": 0}],
             "flows": [{"name": "bulk-fast", "type": "udp", "station": "fast", "rateMbps": 80},
                       {"name": "bulk-slow", "type": "udp", "station": "slow", "rateMbps": 10},
                       {"name": "ping", "type": "ping", "station": "slow", "intervalMs": 50}]}""";

    /**
     * A sweep to look at, once per JVM: udp1's rate 3, 6, 9 and 12 Mbit/s on a 10 Mbit/s fq_codel link, udp2 at
     * 3 Mbit/s and a ping, 3 repetitions of 2 s each.
     */
    public static final String SWEEP = """
            {"name": "demo sweep: udp1's rate", "reuse": false,
             "base": {"scenario": {"name": "demo-sweep", "durationS": 2, "warmupS": 0.5,
                                   "link": {"type": "wired", "rateMbps": 10}, "stack": {"qdisc": {"type": "fq_codel"}},
                                   "flows": [{"name": "udp1", "type": "udp", "rateMbps": 3},
                                             {"name": "udp2", "type": "udp", "rateMbps": 3},
                                             {"name": "ping", "type": "ping", "intervalMs": 50}]}},
             "parameters": [{"name": "udp1 rate (Mbit/s)", "pointer": "/flows/0/rateMbps", "values": [3, 6, 9, 12]}],
             "repetitions": 3}""";

    private static String id;
    private static String wifiId;
    private static String sweepId;

    private DemoExperiment() {
    }

    /** The id of the succeeded demo experiment, submitting it on first use. */
    public static synchronized String id(Api api) {
        if (id == null) {
            id = run(api, SCENARIO, "render-demo");
        }
        return id;
    }

    /** The id of the succeeded WiFi demo experiment, submitting it on first use. */
    public static synchronized String wifiId(Api api) {
        if (wifiId == null) {
            wifiId = run(api, WIFI_SCENARIO, "render-demo-wifi");
        }
        return wifiId;
    }

    /** The id of the succeeded demo sweep, submitting it on first use. */
    public static synchronized String sweepId(Api api) {
        if (sweepId == null) {
            Api.Response submitted = api.post("/api/v1/sweeps", SWEEP);
            assertThat(submitted.status()).as(submitted.toString()).isEqualTo(202);
            String sweep = submitted.json().get("id").asString();
            await().atMost(Duration.ofSeconds(90)).pollInterval(Duration.ofMillis(100))
                    .until(() -> api.get("/api/v1/sweeps/" + sweep).json().get("status").asString(), "SUCCEEDED"::equals);
            sweepId = sweep;
        }
        return sweepId;
    }

    /** Submits a scenario and waits until it has succeeded. */
    public static String run(Api api, String scenario, String name, String... tags) {
        StringBuilder t = new StringBuilder("\"render\"");
        for (String tag : tags) {
            t.append(", \"").append(tag).append('"');
        }
        Api.Response submitted = api.post("/api/v1/experiments",
                "{\"name\": \"" + name + "\", \"tags\": [" + t + "], \"scenario\": " + scenario + "}");
        assertThat(submitted.status()).as(submitted.toString()).isEqualTo(202);
        String experiment = submitted.json().get("id").asString();
        await().atMost(Duration.ofSeconds(60)).pollInterval(Duration.ofMillis(100)).until(() -> {
            JsonNode e = api.get("/api/v1/experiments/" + experiment).json();
            assertThat(e.get("status").asString()).isIn("QUEUED", "RUNNING", "SUCCEEDED");
            return e.get("status").asString().equals("SUCCEEDED");
        });
        return experiment;
    }

    /** A GET whose body is bytes (Api reads text), for the gzip'ed flent file. */
    public static HttpResponse<byte[]> getBytes(int port, String path) throws IOException, InterruptedException {
        try (HttpClient http = HttpClient.newHttpClient()) {
            return http.send(HttpRequest.newBuilder(URI.create("http://localhost:" + port + path))
                    .timeout(Duration.ofSeconds(30)).build(), HttpResponse.BodyHandlers.ofByteArray());
        }
    }

    /** The renderings the README shows (the wired demo's airtime plot only says that there are no stations). */
    private static final Set<String> PICTURES = Set.of("throughput.svg", "latency-cdf.svg", "backlog.svg", "report.png",
            "flent-ping_cdf.png", "flent-totals.png", "demo.flent.gz", "wifi-airtime.svg", "flent-wifi-airtime.png",
            "tcp.svg", "flent-wifi-aggregation.png", "flent-backlog.png");

    /**
     * Where a test keeps what it rendered: {@code target/renderings}, and the README's pictures also in the
     * directory named by {@code -Dfqlab.docs.dir} (see src/main/deploy/docs/README.md).
     */
    public static Path keep(String fileName, byte[] content) throws IOException {
        Path dir = Path.of("target", "renderings");
        Files.createDirectories(dir);
        Path file = Files.write(dir.resolve(fileName), content);
        String docs = System.getProperty("fqlab.docs.dir");
        if (docs != null && !docs.isBlank() && PICTURES.contains(fileName)) {
            Files.createDirectories(Path.of(docs));
            Files.write(Path.of(docs).resolve(fileName), content);
        }
        return file;
    }
}
