package dev.fqlab.render.compare;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Test;

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
}
