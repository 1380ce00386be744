package dev.fqlab.result;

import static org.assertj.core.api.Assertions.assertThat;

import dev.fqlab.sim.result.SimulationResult;
import dev.fqlab.sim.result.TxqResult;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The aqm rendering against the table in seed 004 (004_2d2c0477387797b4.txt, "with previous change"). */
class AqmTableTest {

    @Test
    void rendersTheSeedsTableLineForLine() {
        var txq0 = new TxqResult("sta1", 0, "BE", 0, 0, 5342229, 0, 0, 0, 0, 3867657029L, 5342229);
        var txq6 = new TxqResult("sta1", 6, "VO", 0, 0, 2, 0, 0, 0, 0, 144, 2);
        var txq7 = new TxqResult("sta1", 7, "VO", 0, 0, 2, 0, 0, 0, 0, 282, 2);
        var result = new SimulationResult("id", "sha", "v", 1, 10, null, null, List.of(), List.of(),
                List.of(txq0, txq6, txq7), null, null, null);
        String text = AqmTable.render(result, List.of("sta1"), 20, 100, true, false);
        assertThat(text.lines().toList()).containsExactly(
                "station sta1",
                "target 20000us interval 100000us ecn yes",
                "tid ac backlog-bytes backlog-packets new-flows drops marks overlimit collisions tx-bytes tx-packets flags",
                "0 2 0 0 5342229 0 0 0 0 3867657029 5342229 0x0(RUN)",
                "1 3 0 0 0 0 0 0 0 0 0 0x0(RUN)",
                "2 3 0 0 0 0 0 0 0 0 0 0x0(RUN)",
                "3 2 0 0 0 0 0 0 0 0 0 0x0(RUN)",
                "4 1 0 0 0 0 0 0 0 0 0 0x0(RUN)",
                "5 1 0 0 0 0 0 0 0 0 0 0x0(RUN)",
                "6 0 0 0 2 0 0 0 0 144 2 0x0(RUN)",
                "7 0 0 0 2 0 0 0 0 282 2 0x0(RUN)",
                "8 2 0 0 0 0 0 0 0 0 0 0x0(RUN)",
                "9 3 0 0 0 0 0 0 0 0 0 0x0(RUN)",
                "10 3 0 0 0 0 0 0 0 0 0 0x0(RUN)",
                "11 2 0 0 0 0 0 0 0 0 0 0x0(RUN)",
                "12 1 0 0 0 0 0 0 0 0 0 0x0(RUN)",
                "13 1 0 0 0 0 0 0 0 0 0 0x0(RUN)",
                "14 0 0 0 0 0 0 0 0 0 0 0x0(RUN)",
                "15 0 0 0 0 0 0 0 0 0 0 0x0(RUN)");
    }

    @Test
    void mac80211AggregationSessionsShowTheAmpduFlag() {
        var txq0 = new TxqResult("a", 0, "BE", 0, 0, 10, 0, 0, 0, 0, 15140, 10);
        var result = new SimulationResult("id", "sha", "v", 1, 10, null, null, List.of(), List.of(), List.of(txq0),
                null, null, null);
        String text = AqmTable.render(result, List.of("a", "b"), 20, 100, true, true);
        assertThat(text).contains("0 2 0 0 10 0 0 0 0 15140 10 0x2(RUN AMPDU)\n1 3 0 0 0 0 0 0 0 0 0 0x0(RUN)")
                .contains("\nstation b\n");
    }
}
