package dev.fqlab.sim;

import static dev.fqlab.sim.WifiScenarios.ht;
import static dev.fqlab.sim.WifiScenarios.txqStack;
import static dev.fqlab.sim.WifiScenarios.udpFrom;
import static org.assertj.core.api.Assertions.assertThat;

import dev.fqlab.sim.core.Event;
import dev.fqlab.sim.core.RunControl;
import dev.fqlab.sim.core.Time;
import dev.fqlab.sim.kernel.KernelProfile;
import dev.fqlab.sim.packet.Truesize;
import dev.fqlab.sim.result.FlowResult;
import dev.fqlab.sim.result.SimulationResult;
import dev.fqlab.sim.scenario.Direction;
import dev.fqlab.sim.scenario.FlowSpec;
import dev.fqlab.sim.scenario.Scenario;
import dev.fqlab.sim.scenario.TcpOrigin;
import dev.fqlab.sim.traffic.tcp.TcpFlow;
import dev.fqlab.sim.traffic.tcp.TcpSmallQueues;
import dev.fqlab.sim.traffic.tcp.TsoAutosize;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** TCP over the WiFi model: ACKs on the uplink, TCP Small Queues at the AP and at stations, determinism. */
class WifiTcpTest {

    private static FlowSpec tcp(String name, Direction direction, TcpOrigin origin, int shift, double durationS) {
        var tcp = Scenarios.tcpTraffic().set("origin", origin).set("pacingShift", shift).build();
        return Scenarios.flowSpec(name, durationS).set("station", "sta1").set("direction", direction)
                .set("traffic", tcp).build();
    }

    private static Scenario ht20(double durationS, FlowSpec... flows) {
        return WifiScenarios.wifi(WifiScenarios.ht20(), txqStack(), List.of(ht("sta1", 15)), durationS, 1, flows);
    }

    private static FlowResult flow(SimulationResult r, String name) {
        return r.flows().stream().filter(f -> f.name().equals(name)).findFirst().orElseThrow();
    }

    @Test
    void theAcksOfADownloadShareTheStationsUplinkQueueAndAir() {
        // The receiver's ACKs leave through the station's per-AC FIFO (123 frames, tail drop) and contend for the
        // air like any station frame. Alone, the download's ACK PPDUs are the station's only transmissions. With a
        // saturating UDP upload from the same station (from 1 s, once the connection is up) the FIFO stays full:
        // most ACKs are dropped or wait behind the flood, and the download collapses, starved of ACKs.
        SimulationResult alone = ScenarioRunner.run(ht20(6, tcp("down", Direction.DOWN, TcpOrigin.REMOTE, 10, 6)),
                RunControl.NONE);
        FlowSpec flood = udpFrom("flood", "sta1", 200, 6);
        flood = Scenarios.copyOf(FlowSpec.SCHEMA, flood).set("startS", 1).set("stopS", 6).build();
        SimulationResult contended = ScenarioRunner.run(ht20(6, tcp("down", Direction.DOWN, TcpOrigin.REMOTE, 10, 6),
                flood), RunControl.NONE);
        FlowResult a = flow(alone, "down");
        FlowResult c = flow(contended, "down");
        assertThat(a.throughputMbps()).isGreaterThan(50);
        assertThat(alone.stations().getFirst().upMbps()).isZero();
        assertThat(alone.stations().getFirst().ppdus()).isGreaterThan(0);
        assertThat(c.throughputMbps()).isLessThan(0.1 * a.throughputMbps());
        assertThat(c.droppedPackets()).isPositive(); // its ACKs, at the full FIFO
        assertThat(flow(contended, "flood").throughputMbps()).isGreaterThan(50);
    }

    @Test
    void anUploadFromAStationWorksAndItsAcksComeDown() {
        SimulationResult r = ScenarioRunner.run(ht20(6, tcp("up", Direction.UP, TcpOrigin.REMOTE, 10, 6)),
                RunControl.NONE);
        FlowResult up = flow(r, "up");
        assertThat(up.throughputMbps()).isGreaterThan(30);
        assertThat(r.stations().getFirst().upMbps()).isEqualTo(up.throughputMbps());
        assertThat(up.tcp().rtoCount()).isZero();
    }

    @ParameterizedTest
    @ValueSource(ints = {10, 8})
    void theBytesBelowALocalSenderStayWithinTheTsqLimitAndAllReturn(int shift) {
        // A local download from the AP: sampled every millisecond, the truesize below TCP never exceeds the limit
        // (computed from the sender's own pacing rate, retransmission allowance included) by more than the one
        // segment the strict check lets through; after the flow stops, every segment's completion has returned it.
        Scenario s = ht20(3, tcp("local", Direction.DOWN, TcpOrigin.LOCAL, shift, 2));
        WifiModel model = new WifiModel(s);
        TcpFlow sender = (TcpFlow) model.flows[0];
        int segment = Truesize.of(1514);
        long[] worst = {0};
        long[] previousLimit = {0};
        Event probe = new Event() {
            @Override
            protected void fire(long now) {
                // the default kernel (6.18) checks a GSO skb: at most tcp_tso_autosize segments of 1448 bytes
                // on a 896-byte head (skb_small_head_cache, v6.3+), so its floor is at most 2 × that skb
                int segs = TsoAutosize.segments(sender.pacingRate(), shift, 1448, sender.minRttUs(),
                        KernelProfile.DEFAULT.tcp());
                int gsoSkb = Truesize.gsoSkb(896, segs * 1448);
                long limit = TcpSmallQueues.limit(sender.pacingRate(), shift, gsoSkb, 1);
                // the bytes below were charged under the limit of their moment: when the pacing rate falls (the
                // 200 % → 120 % switch at HyStart's exit) the previous millisecond's limit still covers them
                long allowed = Math.max(limit, previousLimit[0]);
                previousLimit[0] = limit;
                worst[0] = Math.max(worst[0], sender.wmemAlloc() - allowed);
                if (now < Time.seconds(2)) {
                    model.sim.schedule(this, now + Time.ms(1));
                }
            }
        };
        model.sim.schedule(probe, Time.ms(1));
        model.start();
        model.sim.run(Time.seconds(3), RunControl.NONE);
        assertThat(worst[0]).isLessThanOrEqualTo(segment);
        assertThat(sender.wmemAlloc()).isZero();
        assertThat(sender.recorder().retransmits()).isZero();
    }

    @Test
    void theSameWifiScenarioAndSeedGiveTheSameResult() {
        Scenario s = Scenarios.withSeed(ht20(3, tcp("local", Direction.DOWN, TcpOrigin.LOCAL, 9, 3),
                tcp("up", Direction.UP, TcpOrigin.REMOTE, 10, 3)), 7);
        SimulationResult first = ScenarioRunner.run(s, RunControl.NONE);
        SimulationResult second = ScenarioRunner.run(s, RunControl.NONE);
        assertThat(second.flows()).isEqualTo(first.flows());
        assertThat(second.stations()).isEqualTo(first.stations());
        assertThat(second.series()).isEqualTo(first.series());
    }
}
