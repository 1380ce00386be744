package dev.fqlab.sim;

import static dev.fqlab.sim.Scenarios.fqCodel;
import static dev.fqlab.sim.Scenarios.ping;
import static dev.fqlab.sim.Scenarios.udp;
import static dev.fqlab.sim.Scenarios.wired;
import static dev.fqlab.sim.Scenarios.withSeed;
import static dev.fqlab.sim.Scenarios.withWarmup;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.fqlab.sim.core.RunControl;
import dev.fqlab.sim.result.FlowResult;
import dev.fqlab.sim.result.QdiscResult;
import dev.fqlab.sim.result.SimulationResult;
import dev.fqlab.sim.scenario.EcnCodepoint;
import dev.fqlab.sim.scenario.QdiscSpec;
import dev.fqlab.sim.scenario.Scenario;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

/** The wired fq_codel path end to end, against what kernel-spec §2 and §9.5 predict. */
class WiredFqCodelTest {

    private static FlowResult flow(SimulationResult r, String name) {
        return r.flows().stream().filter(f -> f.name().equals(name)).findFirst().orElseThrow();
    }

    /** Serialisation time in ms of {@code bytes} at {@code mbps}. */
    private static double serialisationMs(int bytes, double mbps) {
        return bytes * 8 / (mbps * 1000);
    }

    @ParameterizedTest
    @ValueSource(longs = {1, 2, 3})
    void saturatingFlowsOfDifferentPacketSizesGetEqualWireBytes(long seed) {
        // DRR on qdisc_pkt_len: 1514 B and 314 B frames get the same bytes on the wire (kernel-spec §2.4).
        Scenario s = withSeed(withWarmup(wired(10, 6, fqCodel(), udp("big", 20, 1500, 6), udp("small", 20, 300, 6)),
                1), seed);
        SimulationResult r = ScenarioRunner.run(s, RunControl.NONE);
        // goodput (IP − 28 bytes) scaled to whole frames (IP + 14 bytes)
        double bigWire = flow(r, "big").throughputMbps() * 1514 / 1472;
        double smallWire = flow(r, "small").throughputMbps() * 314 / 272;
        assertThat(bigWire / smallWire).isCloseTo(1.0, within(0.01));
        // together they fill the link: 10 Mbit/s of frames over the measurement window
        assertThat(bigWire + smallWire).isCloseTo(10.0, within(0.01));
    }

    @ParameterizedTest
    @ValueSource(longs = {1, 7})
    void aSparseProbeNeverWaitsLongerThanOneFullSizePacket(long seed) {
        // kernel-spec §9.5: a sparse flow sees about one packet's serialisation of queueing under fq_codel.
        double rate = 10;
        Scenario s = withSeed(withWarmup(wired(rate, 6, fqCodel(), udp("big", 20, 1500, 6), udp("small", 20, 300, 6),
                ping("probe", 50, 64, 6)), 1), seed);
        SimulationResult r = ScenarioRunner.run(s, RunControl.NONE);
        FlowResult probe = flow(r, "probe");
        double base = 1.0 / 2 + serialisationMs(64 + 14, rate); // half the 1 ms wired RTT + its own frame
        assertThat(probe.latencyMs().samples()).isEqualTo(100);
        assertThat(probe.latencyMs().max()).isLessThanOrEqualTo(base + serialisationMs(1514, rate) + 1e-6);
        // the up direction is idle: only the probe's own serialisation and propagation
        assertThat(probe.upLatencyMs().max()).isCloseTo(base, within(1e-5));
        assertThat(probe.rttMs().samples()).isEqualTo(100);
        // meanwhile the bulk flows sit in a deep queue (unresponsive UDP at 4× capacity)
        assertThat(flow(r, "big").latencyMs().p50()).isGreaterThan(100);
    }

    @Test
    void withoutFlowQueueingTheProbeWaitsBehindTheBulkQueue() {
        // The same load through a single CoDel queue: the probe shares the standing queue.
        var codel = new QdiscSpec.Codel(1000, Scenarios.fqCodelDefaults());
        Scenario s = withWarmup(wired(10, 6, codel, udp("big", 20, 1500, 6), ping("probe", 50, 64, 6)), 1);
        SimulationResult r = ScenarioRunner.run(s, RunControl.NONE);
        assertThat(flow(r, "probe").latencyMs().p50()).isGreaterThan(5.0);
    }

    @Test
    void ecnCapableTrafficIsMarkedNotDroppedByCodel() {
        // 12 Mbit/s of ECT(0) into 10 Mbit/s: CoDel marks; only the packet limit drops (overlimit).
        Scenario s = wired(10, 5, fqCodel(), udp("ect", 12, 1500, 5, EcnCodepoint.ECT0));
        SimulationResult r = ScenarioRunner.run(s, RunControl.NONE);
        var q = (QdiscResult.FqCodel) r.qdisc();
        assertThat(q.xstats().ecnMark()).isGreaterThan(0);
        assertThat(q.counters().dropped()).isEqualTo(q.xstats().dropOverlimit());
        assertThat(flow(r, "ect").ecnMarks()).isGreaterThan(0);
    }

    @Test
    void notEctTrafficIsDroppedByCodel() {
        // 11 Mbit/s into 10 for 10 s: 11e6/12000 × 10 = 9167 packets offered, 10e6/(1514 × 8) × 10 = 8256 frames
        // carried, 911 in excess. Without AQM they would all queue (911 packets, ~1.1 s); CoDel drops them instead and
        // keeps the queue under 100 ms (10e6 × 0.1/12112 = 83 frames): at least 911 − 83 = 828 drops.
        Scenario s = wired(10, 10, fqCodel(), udp("plain", 11, 1500, 10));
        SimulationResult r = ScenarioRunner.run(s, RunControl.NONE);
        var q = (QdiscResult.FqCodel) r.qdisc();
        assertThat(q.xstats().ecnMark()).isZero();
        assertThat(q.counters().backlogPackets()).isLessThanOrEqualTo(83);
        assertThat(q.counters().dropped()).isGreaterThanOrEqualTo(828);
        assertThat(q.xstats().dropOverlimit()).isZero();
        assertThat(flow(r, "plain").ecnMarks()).isZero();
    }

    @Test
    void countersAddUp() {
        Scenario s = wired(10, 5, fqCodel(), udp("a", 8, 1500, 5), udp("b", 8, 600, 5), ping("p", 100, 64, 5));
        SimulationResult r = ScenarioRunner.run(s, RunControl.NONE);
        long sent = 0;
        long accounted = 0;
        for (FlowResult f : r.flows()) {
            sent += f.sentPackets();
            accounted += f.deliveredPackets() + f.droppedPackets() + f.queuedPackets();
            assertThat(f.sentPackets()).isEqualTo(f.deliveredPackets() + f.droppedPackets() + f.queuedPackets());
        }
        assertThat(accounted).isEqualTo(sent);
        var down = (QdiscResult.FqCodel) r.qdisc();
        var up = r.qdiscUp();
        // every packet offered to a qdisc was sent by it, dropped by it, is still in it, or is on the wire
        long dropped = r.flows().stream().mapToLong(FlowResult::droppedPackets).sum();
        assertThat(down.counters().dropped() + up.counters().dropped()).isEqualTo(dropped);
        assertThat(down.counters().sentPackets() + up.counters().sentPackets() + down.counters().backlogPackets()
                + up.counters().backlogPackets() + dropped)
                .isBetween(sent - 4, sent); // up to one packet on each wire and in each half-RTT delay line
        assertThat(down.xstats().maxPacket()).isEqualTo(1514);
        assertThat(r.summary().jainThroughput()).isNotNull();
        assertThat(r.summary().jainAirtime()).isNull();
    }

    @Test
    void theQdiscSeriesShowBacklogBytesSojournAndMarks() {
        // pfifo 100 on 10 Mbit/s, offered 12 Mbit/s: once full it holds 100 frames of 1500 + 14 bytes (151 400 B),
        // and each waits for the 100 ahead of it: 100 × 1514 × 8 bits / 10 Mbit/s = 121.1 ms.
        SimulationResult r = ScenarioRunner.run(wired(10, 3, new QdiscSpec.Pfifo(100), udp("u", 12, 1500, 3)),
                RunControl.NONE);
        var q = r.series().qdisc();
        int last = q.backlogBytes().size() - 1;
        assertThat(q.backlogBytes().get(last)).isBetween(99 * 1514.0, 100 * 1514.0);
        assertThat(q.delayMs().get(last)).isCloseTo(121.1, within(121.1 * 0.02));
        assertThat(q.ecnMarks()).allSatisfy(m -> assertThat(m).isZero());

        // ECN-capable traffic through fq_codel: CoDel marks instead of dropping, and the series count the marks.
        SimulationResult ect = ScenarioRunner.run(wired(10, 5, fqCodel(), udp("ect", 12, 1500, 5, EcnCodepoint.ECT0)),
                RunControl.NONE);
        double marks = ect.series().qdisc().ecnMarks().stream().mapToDouble(Double::doubleValue).sum();
        var xstats = ((QdiscResult.FqCodel) ect.qdisc()).xstats();
        assertThat(marks).isPositive().isEqualTo(xstats.ecnMark() + xstats.ceMark());
    }

    @Test
    void sameScenarioAndSeedGiveEqualResults() {
        Scenario s = wired(10, 3, fqCodel(), udp("a", 20, 1500, 3), udp("b", 20, 300, 3), ping("p", 50, 64, 3));
        SimulationResult first = ScenarioRunner.run(s, RunControl.NONE);
        SimulationResult second = ScenarioRunner.run(s, RunControl.NONE);
        assertThat(withoutWallClock(second)).isEqualTo(withoutWallClock(first));
    }

    static SimulationResult withoutWallClock(SimulationResult r) {
        var e = r.engine();
        return new SimulationResult(r.experimentId(), r.scenarioSha256(), r.engineVersion(), r.seed(), r.simulatedS(),
                new dev.fqlab.sim.result.EngineStats(0, e.events(), 0, e.packets(), 0), r.summary(), r.stations(),
                r.flows(), r.txqs(), r.qdisc(), r.qdiscUp(), r.series());
    }
}
