package dev.fqlab.sim;

import static dev.fqlab.sim.Scenarios.ping;
import static dev.fqlab.sim.Scenarios.tcp;
import static dev.fqlab.sim.Scenarios.withWarmup;
import static org.assertj.core.api.Assertions.assertThat;

import dev.fqlab.sim.core.Event;
import dev.fqlab.sim.core.RunControl;
import dev.fqlab.sim.core.Time;
import dev.fqlab.sim.result.FlowResult;
import dev.fqlab.sim.result.SimulationResult;
import dev.fqlab.sim.scenario.CongestionControlKind;
import dev.fqlab.sim.scenario.QdiscSpec;
import dev.fqlab.sim.scenario.Scenario;
import dev.fqlab.sim.traffic.tcp.Bbr;
import dev.fqlab.sim.traffic.tcp.TcpFlow;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * BBR v1 end to end over a wired 100 Mbit/s × 40 ms path with a deep tail-drop queue (pfifo of 2000 packets, 242 ms
 * of 1514-byte frames, 6 BDPs), against the numbers of its design (tcp_bbr.c, Cardwell et al. 2016): inflight bounded
 * by cwnd_gain 2 × BDP and pacing at the bottleneck rate keep the queue near empty where CUBIC fills the buffer;
 * STARTUP ends 3 rounds after the bandwidth stops growing by 25 % ({@code bbr_full_bw_cnt}, {@code bbr_full_bw_thresh});
 * PROBE_RTT comes when the min RTT is {@code bbr_min_rtt_win_sec} = 10 s old and holds cwnd at 4 for at least
 * {@code bbr_probe_rtt_mode_ms} = 200 ms.
 */
class BbrPathTest {
    private static final double RATE_MBPS = 100;
    private static final double RTT_MS = 40;
    /** 1514-byte frames per second on the link: 100e6 / (1514 × 8) = 8256. */
    private static final double FRAMES_PER_S = RATE_MBPS * 1e6 / (1514 * 8);
    private static final QdiscSpec DEEP = new QdiscSpec.Pfifo(2000);

    /** Payload the link carries in full-size segments: 1448 of every 1514 bytes on the wire. */
    private static double payloadCapacity() {
        return RATE_MBPS * 1448 / 1514;
    }

    private static FlowResult flow(SimulationResult r, String name) {
        return r.flows().stream().filter(f -> f.name().equals(name)).findFirst().orElseThrow();
    }

    @Test
    void bbrKeepsTheDeepQueueNearlyEmptyAndFillsTheLinkWhereCubicFillsTheBuffer() {
        // a 64-byte ping every 10 ms measures the queue; warm-up 5 s leaves STARTUP out
        double p50Bbr = 0;
        for (CongestionControlKind cc : new CongestionControlKind[] {CongestionControlKind.BBR,
                CongestionControlKind.CUBIC}) {
            Scenario s = withWarmup(Scenarios.wired(RATE_MBPS, 0, RTT_MS, 25, DEEP, tcp("t", cc, 25),
                    ping("p", 10, 64, 25)), 5);
            SimulationResult r = ScenarioRunner.run(s, RunControl.NONE);
            double p50 = flow(r, "p").rttMs().p50();
            if (cc == CongestionControlKind.BBR) {
                p50Bbr = p50;
                assertThat(p50).isLessThanOrEqualTo(1.25 * RTT_MS);
                assertThat(flow(r, "t").throughputMbps()).isGreaterThanOrEqualTo(0.9 * payloadCapacity());
                assertThat(flow(r, "t").tcp().retransmits()).isZero();
            } else {
                // CUBIC grows until the 2000-packet buffer overflows: most pings wait behind a full queue
                assertThat(p50).isGreaterThan(RTT_MS + 0.5 * 2000 / FRAMES_PER_S * 1000);
            }
        }
        assertThat(p50Bbr).isGreaterThanOrEqualTo(RTT_MS);
    }

    /** A mode change of the flow's BBR. */
    record Change(Bbr.Mode from, Bbr.Mode to, long now, long round, long maxBw) {
    }

    /** Runs {@code s} for {@code seconds}, logging the first flow's BBR mode changes and its cwnd in PROBE_RTT. */
    private static final class Watched {
        final List<Change> changes = new ArrayList<>();
        /** The first round whose max bandwidth reached 80 % of the link, -1 if none. */
        long round80 = -1;
        double probeRttCwnd;

        Watched(Scenario s, double seconds) {
            WiredModel net = new WiredModel(s);
            TcpFlow flow = (TcpFlow) net.flows[0];
            Bbr bbr = (Bbr) flow.congestionControl();
            bbr.listener((from, to, now) -> changes.add(new Change(from, to, now, bbr.roundCount(), bbr.maxBw())));
            long linkBw = (long) (FRAMES_PER_S / 1e6 * (1L << 24)); // packets per µs << 24
            Event watch = new Event() {
                @Override
                protected void fire(long now) {
                    if (round80 < 0 && bbr.maxBw() >= 0.8 * linkBw) {
                        round80 = bbr.roundCount();
                    }
                    if (bbr.mode() == Bbr.Mode.PROBE_RTT) {
                        probeRttCwnd = Math.max(probeRttCwnd, flow.cwnd());
                    }
                    net.sim.scheduleIn(this, Time.NS_PER_US * 200);
                }
            };
            net.sim.schedule(watch, 0);
            net.start();
            net.sim.run(Time.seconds(seconds), RunControl.NONE);
        }

        List<Change> probeRtts() {
            return changes.stream().filter(c -> c.to() == Bbr.Mode.PROBE_RTT).toList();
        }

        Change after(Change c) {
            return changes.get(changes.indexOf(c) + 1);
        }
    }

    @Test
    void startupEndsThreeRoundsAfterTheBandwidthStopsGrowing() {
        Watched w = new Watched(Scenarios.wired(RATE_MBPS, 0, RTT_MS, 3, DEEP, tcp("t", CongestionControlKind.BBR, 3)), 3);
        long linkBw = (long) (FRAMES_PER_S / 1e6 * (1L << 24));
        Change drain = w.changes.getFirst();
        assertThat(drain.to()).isEqualTo(Bbr.Mode.DRAIN);
        // the estimate reaches the link rate within a round of reaching 80 % of it (25 % more), then 3 rounds
        // without 25 % growth: DRAIN 3 to 5 rounds after the 80 % round
        assertThat(w.round80).isPositive();
        assertThat(drain.round() - w.round80).isBetween(3L, 5L);
        assertThat(drain.maxBw()).isBetween((long) (0.95 * linkBw), (long) (1.01 * linkBw));
        assertThat(w.changes.get(1).to()).isEqualTo(Bbr.Mode.PROBE_BW);
    }

    @Test
    void probeRttComesTenSecondsAfterTheMinRttWasLastSeenAndHoldsFourPacketsForAtLeast200Ms() {
        // Alone on the path a BBR flow drains the queue in each 3/4 phase and its data segments then see the min
        // RTT again, which restarts the 10 s (a sample <= min_rtt_us refreshes min_rtt_stamp): after the first
        // PROBE_RTT — at 10 s, since the SYN's RTT is shorter than any data segment's — it needs no other. Beside a
        // CUBIC flow the queue never empties, the min RTT is not seen again, and PROBE_RTT comes back: no sooner
        // than 10 s after the last one ended (min_rtt_stamp is reset there).
        Watched alone = new Watched(Scenarios.wired(RATE_MBPS, 0, RTT_MS, 11, DEEP,
                tcp("t", CongestionControlKind.BBR, 11)), 11);
        Watched shared = new Watched(Scenarios.wired(RATE_MBPS, 0, RTT_MS, 24, DEEP,
                tcp("t", CongestionControlKind.BBR, 24), tcp("cubic", CongestionControlKind.CUBIC, 24)), 24);
        for (Watched w : List.of(alone, shared)) {
            List<Change> probes = w.probeRtts();
            assertThat(probes).isNotEmpty();
            // min_rtt is stamped when the connection is established (one RTT, 40 ms, after the start): it expires
            // 10 s later, at the next ACK
            assertThat(probes.getFirst().now()).isBetween(Time.seconds(10.040), Time.seconds(10.050));
            for (Change entry : probes) {
                long held = w.after(entry).now() - entry.now();
                // 200 ms once inflight is down to 4, and a round: a round trip through whatever queue is left
                // (at most 2000 packets, 242 ms)
                assertThat(held).isBetween(Time.seconds(0.200), Time.seconds(0.200 + 3 * (0.040 + 0.242)));
            }
            assertThat(w.probeRttCwnd).isEqualTo(Bbr.CWND_MIN_TARGET);
        }
        assertThat(alone.after(alone.probeRtts().getFirst()).now() - alone.probeRtts().getFirst().now())
                .isLessThanOrEqualTo(Time.seconds(0.200 + 2 * 0.040));
        List<Change> probes = shared.probeRtts();
        assertThat(probes).hasSizeGreaterThanOrEqualTo(2);
        for (int i = 1; i < probes.size(); i++) {
            assertThat(probes.get(i).now() - shared.after(probes.get(i - 1)).now()).isGreaterThan(Time.seconds(10));
        }
    }
}
