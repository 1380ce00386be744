package dev.fqlab.render.report;

import static org.assertj.core.api.Assertions.assertThat;

import dev.fqlab.sim.result.CodelXstats;
import dev.fqlab.sim.result.FqCodelXstats;
import dev.fqlab.sim.result.QdiscResult;
import dev.fqlab.sim.result.TcCounters;
import org.junit.jupiter.api.Test;

/** The report's qdisc block, per type, as {@code tc -s qdisc show} prints it (xstats only where the type has them). */
class ReportPageTcTest {

    @Test
    void noqueueAndPfifoShowTheGenericLinesOnly() {
        assertThat(ReportPage.tc(QdiscResult.noqueue(), "down")).isEqualTo("""
                qdisc noqueue (down)
                 Sent 0 bytes 0 pkt (dropped 0, overlimits 0 requeues 0)
                 backlog 0b 0p requeues 0""");
        assertThat(ReportPage.tc(QdiscResult.pfifo(new TcCounters(1248148, 1206, 2, 0, 0, 40222, 39)), "up"))
                .isEqualTo("""
                        qdisc pfifo (up)
                         Sent 1248148 bytes 1206 pkt (dropped 2, overlimits 0 requeues 0)
                         backlog 40222b 39p requeues 0""");
    }

    @Test
    void fqCodelAddsItsXstats() {
        var q = new QdiscResult.FqCodel(new TcCounters(1249830, 835, 28, 0, 0, 224072, 148),
                new FqCodelXstats(1514, 0, 0, 343, 0, 0, 388352, 1, 1));
        assertThat(ReportPage.tc(q, "down")).isEqualTo("""
                qdisc fq_codel (down)
                 Sent 1249830 bytes 835 pkt (dropped 28, overlimits 0 requeues 0)
                 backlog 224072b 148p requeues 0
                 maxpacket 1514 drop_overlimit 0 drop_overmemory 0 new_flow_count 343 ecn_mark 0 ce_mark 0 \
                memory_used 388352 new_flows_len 1 old_flows_len 1""");
    }

    @Test
    void codelAddsItsXstatsAndStateSayingDroppingOnlyWhenItIs() {
        var dropping = new QdiscResult.Codel(new TcCounters(1249670, 833, 2, 0, 0, 492284, 328),
                new CodelXstats(1514, 0, 26, 0, 28, 1, 307.525632, true));
        assertThat(ReportPage.tc(dropping, "down")).isEqualTo("""
                qdisc codel (down)
                 Sent 1249670 bytes 833 pkt (dropped 2, overlimits 0 requeues 0)
                 backlog 492284b 328p requeues 0
                 maxpacket 1514 drop_overlimit 0 ecn_mark 26 ce_mark 0 count 28 lastcount 1 ldelay 307.5ms dropping""");
        var idle = new QdiscResult.Codel(new TcCounters(6860, 102, 0, 0, 0, 0, 0),
                new CodelXstats(78, 0, 0, 0, 0, 0, 0.0, false));
        assertThat(ReportPage.tc(idle, "up")).endsWith("\n maxpacket 78 drop_overlimit 0 ecn_mark 0 ce_mark 0 count 0 "
                + "lastcount 0 ldelay 0ms");
    }
}
