package dev.fqlab.result;

import static dev.fqlab.support.TestScenarios.request;
import static org.assertj.core.api.Assertions.assertThat;

import dev.fqlab.support.ServiceTest;
import java.time.Duration;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/** A TCP experiment through the API: the tcp block, the cwnd and RTT series in JSON, CSV and SQL. */
class TcpResultApiTest extends ServiceTest {

    private static final String SCENARIO = """
            {"durationS": 2, "wiredRttMs": 10, "link": {"type": "wired", "rateMbps": 10},
             "flows": [{"name": "bulk", "type": "tcp"},
                       {"name": "ping", "type": "ping", "intervalMs": 100}]}""";

    @Test
    void tcpFlowsReportTheirSenderAndItsSeries() {
        String id = submit(request(SCENARIO, "tcp-api", "tcp")).get("id").asString();
        awaitStatus(id, "SUCCEEDED", Duration.ofSeconds(60));

        JsonNode result = api.get("/api/v1/experiments/" + id + "/result").json();
        JsonNode bulk = result.get("flows").get(0);
        assertThat(bulk.get("type").asString()).isEqualTo("tcp");
        assertThat(List.copyOf(bulk.get("tcp").propertyNames()))
                .containsExactly("retransmits", "rtoCount", "meanCwndPackets", "meanRttMs");
        assertThat(bulk.at("/tcp/meanRttMs").asDouble()).isGreaterThan(10);
        assertThat(result.get("flows").get(1).has("tcp")).isFalse();
        JsonNode series = result.at("/series/flows");
        assertThat(series.at("/bulk/cwndPackets")).hasSize(20);
        assertThat(series.at("/bulk/rttMs")).hasSize(20);
        assertThat(series.get("ping").has("cwndPackets")).isFalse();

        String csv = api.get("/api/v1/experiments/" + id + "/result.csv").body();
        assertThat(csv.lines().findFirst().orElseThrow())
                .contains("tcp.retransmits,tcp.rtoCount,tcp.meanCwndPackets,tcp.meanRttMs");
        String seriesCsv = api.get("/api/v1/experiments/" + id + "/series.csv").body();
        assertThat(seriesCsv.lines().findFirst().orElseThrow())
                .contains("flow.bulk.cwndPackets", "flow.bulk.rttMs").doesNotContain("flow.ping.cwndPackets");

        // the renderings take TCP flows like any other
        assertThat(api.get("/api/v1/experiments/" + id + "/report").status()).isEqualTo(200);
        assertThat(api.get("/api/v1/experiments/" + id + "/plots/throughput.svg").status()).isEqualTo(200);
        assertThat(api.get("/api/v1/experiments/" + id + "/plots/latency-cdf.svg").status()).isEqualTo(200);

        UUID uuid = UUID.fromString(id);
        assertThat(jdbc.sql("SELECT tcp_mean_cwnd_packets FROM result_flows WHERE experiment_id = ? AND name = 'bulk'")
                .param(uuid).query(Double.class).single()).isPositive();
        assertThat(jdbc.sql("SELECT tcp_retransmits IS NULL FROM result_flows WHERE experiment_id = ? AND name = 'ping'")
                .param(uuid).query(Boolean.class).single()).isTrue();
        assertThat(jdbc.sql("""
                SELECT COUNT(*) FROM result_series
                WHERE experiment_id = ? AND kind = 'flow' AND name = 'bulk' AND metric IN ('cwndPackets', 'rttMs')""")
                .param(uuid).query(Long.class).single()).isEqualTo(40);
    }
}
