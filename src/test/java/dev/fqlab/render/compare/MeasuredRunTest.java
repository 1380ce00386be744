package dev.fqlab.render.compare;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.json.JsonMapper;

/** Reading {@code tc -s qdisc} text the way it prints (iproute2's q_fq_codel.c and tc_util.c layout). */
class MeasuredRunTest {

    @Test
    void readsTheCountersAndFqCodelXstats() {
        String tc = """
                qdisc fq_codel 0: root refcnt 2 limit 10240p flows 1024 quantum 1514 target 5ms interval 100ms memory_limit 32Mb ecn drop_batch 64
                 Sent 123456 bytes 789 pkt (dropped 12, overlimits 3 requeues 4)
                 backlog 3028b 2p requeues 4
                  maxpacket 1514 drop_overlimit 5 new_flow_count 67 ecn_mark 8 drop_overmemory 0
                  new_flows_len 0 old_flows_len 1""";
        Map<String, Double> c = MeasuredRun.tcCounters(tc);
        assertThat(c).containsEntry("sentBytes", 123456.0).containsEntry("sentPackets", 789.0)
                .containsEntry("dropped", 12.0).containsEntry("overlimits", 3.0).containsEntry("requeues", 4.0)
                .containsEntry("backlogBytes", 3028.0).containsEntry("backlogPackets", 2.0)
                .containsEntry("maxPacket", 1514.0).containsEntry("dropOverlimit", 5.0)
                .containsEntry("newFlowCount", 67.0).containsEntry("ecnMark", 8.0).containsEntry("dropOvermemory", 0.0)
                .doesNotContainKey("limit").doesNotContainKey("flows");
    }

    /**
     * The series layout of flent 2.1's tcp_nup files (its unittests/test_data/test-tcp_nup.flent.gz): one series
     * per flow ("TCP upload::3", NetperfDemoRunner, Mbits/s), each flow's socket statistics as series of their own
     * ("TCP upload::3::tcp_cwnd", NullRunner, no units) and the computed sum and average: only the flows are goodput.
     */
    @Test
    void onlyMeasuredDataSeriesAreThroughput() {
        MeasuredRun run = MeasuredRun.of(JsonMapper.builder().build().readTree("""
                {"version": 4, "x_values": [0, 0.2, 0.4],
                 "metadata": {"NAME": "tcp_nup", "SERIES_META": {
                    "TCP upload::1": {"UNITS": "Mbits/s", "RUNNER": "NetperfDemoRunner"},
                    "TCP upload::2": {"UNITS": "Mbits/s", "RUNNER": "NetperfDemoRunner"},
                    "TCP upload::1::tcp_cwnd": {"RUNNER": "NullRunner"},
                    "Ping (ms) ICMP": {"UNITS": "ms", "RUNNER": "PingRunner"}}},
                 "results": {"TCP upload::1": [1, 2, null], "TCP upload::2": [3, 3, 3],
                             "TCP upload::1::tcp_cwnd": [10, 20, 30], "TCP upload::1::tcp_rtt_var": [1, 1, 1],
                             "TCP upload sum": [4, 5, 3], "TCP upload avg": [2, 2.5, 3], "TCP totals": [4, 5, 3],
                             "Ping (ms) ICMP": [1.5, null, 2.5], "Ping (ms) avg": [1.5, null, 2.5]},
                 "raw_values": {"Ping (ms) ICMP": [{"t": 1, "val": 1.5}, {"t": 1.1, "val": 1.7}, {"t": 1.4, "val": 2.5}]}}"""));
        assertThat(run.throughput()).containsOnlyKeys("TCP upload::1", "TCP upload::2");
        assertThat(MeasuredRun.mean(run.throughput().get("TCP upload::1"))).isEqualTo(1.5);
        assertThat(run.pings()).containsOnlyKeys("Ping (ms) ICMP");
        assertThat(run.pings().get("Ping (ms) ICMP")).containsExactly(1.5, 1.7, 2.5); // every probe, from raw_values
        assertThat(ComparedMetrics.of(run)).containsEntry("summary.throughputMbps", 4.5)
                .containsEntry("ping.rttMs.p50", 1.7).containsEntry("ping.rttMs.samples", 3.0);
    }
}
