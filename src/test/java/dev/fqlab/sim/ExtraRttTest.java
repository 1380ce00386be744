package dev.fqlab.sim;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.fqlab.sim.core.RunControl;
import dev.fqlab.sim.result.FlowResult;
import dev.fqlab.sim.result.SimulationResult;
import dev.fqlab.sim.scenario.CongestionControlKind;
import dev.fqlab.sim.scenario.FlowSpec;
import dev.fqlab.sim.scenario.QdiscSpec;
import dev.fqlab.sim.scenario.Scenario;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.DoubleRange;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** A flow's {@code extraRttMs}: its server that much farther away, outside the bottleneck. */
class ExtraRttTest {

    private static SimulationResult run(Scenario s) {
        return ScenarioRunner.run(s, RunControl.NONE);
    }

    private static FlowResult flow(SimulationResult r, String name) {
        return r.flows().stream().filter(f -> f.name().equals(name)).findFirst().orElseThrow();
    }

    private static FlowSpec withExtra(FlowSpec flow, double extraRttMs) {
        return Scenarios.copyOf(FlowSpec.SCHEMA, flow).set("extraRttMs", extraRttMs).build();
    }

    /**
     * An idle link: a probe's round trip is the base RTT plus serialisation, and extraRttMs adds to it exactly (to
     * the six significant digits results keep, Numbers.round6).
     */
    @Property(tries = 10)
    void aPingsRoundTripGrowsByExactlyExtraRttMs(@ForAll @DoubleRange(min = 0.5, max = 300) double extraRttMs) {
        FlowSpec ping = Scenarios.ping("p", 100, 64, 3);
        Scenario base = Scenarios.wired(100, 0, 20, 3, Scenarios.fqCodel(), ping);
        Scenario farther = Scenarios.wired(100, 0, 20, 3, Scenarios.fqCodel(), withExtra(ping, extraRttMs));
        var before = flow(run(base), "p").rttMs();
        var after = flow(run(farther), "p").rttMs();
        double rounding = 5e-6 * (after.max() + before.max()); // half a unit in the 6th digit, each
        assertThat(after.mean() - before.mean()).isCloseTo(extraRttMs, within(rounding));
        assertThat(after.max() - before.max()).isCloseTo(extraRttMs, within(rounding));
        assertThat(after.p50() - before.p50()).isCloseTo(extraRttMs, within(rounding));
    }

    /**
     * flent's rtt_fair: two CUBIC flows of 10 and 100 ms base RTT through one tail-drop bottleneck. Linux's CUBIC
     * is not RTT-fair: the window of the short-RTT flow grows faster in real time, so it takes the larger share
     * (e.g. Ha, Rhee and Xu, "CUBIC", 2008, Fig. 8; RFC 9438 §5.1 calls CUBIC's RTT-fairness only "improved").
     */
    @ParameterizedTest
    @ValueSource(longs = {1, 2, 3})
    void theShorterRttFlowWinsAPfifoBottleneck(long seed) {
        QdiscSpec pfifo = Scenarios.record(QdiscSpec.VARIANTS, QdiscSpec.Pfifo.class, "limit", 200);
        FlowSpec near = Scenarios.tcp("near", CongestionControlKind.CUBIC, 30);
        FlowSpec far = withExtra(Scenarios.tcp("far", CongestionControlKind.CUBIC, 30), 90);
        Scenario s = Scenarios.withSeed(Scenarios.withWarmup(Scenarios.wired(50, 0, 10, 30, pfifo, near, far), 5),
                seed);
        SimulationResult r = run(s);
        double nearMbps = flow(r, "near").throughputMbps();
        double farMbps = flow(r, "far").throughputMbps();
        assertThat(nearMbps).isGreaterThan(farMbps);
        assertThat(nearMbps + farMbps).isGreaterThan(0.9 * 50 * 1448 / 1514);
        // the far flow's RTT samples include its 90 ms more
        assertThat(flow(r, "far").tcp().meanRttMs() - flow(r, "near").tcp().meanRttMs()).isCloseTo(90, within(5.0));
    }
}
