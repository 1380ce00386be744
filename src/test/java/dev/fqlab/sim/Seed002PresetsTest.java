package dev.fqlab.sim;

import static org.assertj.core.api.Assertions.assertThat;

import dev.fqlab.sim.core.RunControl;
import dev.fqlab.sim.result.FlowResult;
import dev.fqlab.sim.result.SimulationResult;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Seed 002's "shows" criteria (presets.md) on the engine, for several seeds: a local TCP download's throughput rises
 * from pacing shift 10 to 9 (≥ 1.3×) and to 8 (≥ 1.8×), shift 7 is within 15 % of shift 8, and the competing
 * ping's RTT p50 is higher at shift 8 than at shift 10.
 */
class Seed002PresetsTest {

    private static SimulationResult run(int shift, long seed) {
        return ScenarioRunner.run(Seed003PresetsTest.preset("seed-002-shift-" + shift, seed), RunControl.NONE);
    }

    private static FlowResult flow(SimulationResult r, String name) {
        return r.flows().stream().filter(f -> f.name().equals(name)).findFirst().orElseThrow();
    }

    @ParameterizedTest
    @ValueSource(longs = {1, 2, 3, 4, 5})
    void aBiggerPacingShiftBudgetBuysThroughputUntilTheAggregatesAreFull(long seed) {
        SimulationResult s10 = run(10, seed);
        SimulationResult s9 = run(9, seed);
        SimulationResult s8 = run(8, seed);
        SimulationResult s7 = run(7, seed);
        double t10 = flow(s10, "tcp").throughputMbps();
        double t9 = flow(s9, "tcp").throughputMbps();
        double t8 = flow(s8, "tcp").throughputMbps();
        double t7 = flow(s7, "tcp").throughputMbps();
        assertThat(t9).isGreaterThanOrEqualTo(1.3 * t10);
        assertThat(t8).isGreaterThanOrEqualTo(1.8 * t10);
        assertThat(Math.abs(t7 - t8)).isLessThanOrEqualTo(0.15 * t8);
        assertThat(flow(s8, "ping").rttMs().p50()).isGreaterThan(flow(s10, "ping").rttMs().p50());
        // the mechanism: short aggregates at shift 10, long ones at shift 8 (the station's PPDUs include its ACKs)
        assertThat(s8.stations().getFirst().avgAggregateSize())
                .isGreaterThan(3 * s10.stations().getFirst().avgAggregateSize());
        // and nothing was lost: TSQ, not loss, limits the sender
        assertThat(flow(s10, "tcp").tcp().retransmits()).isZero();
        // calibration: shift 7 and 8 near the seed's 128.31 and 123.94 Mbit/s (within 10 %)
        assertThat(t8).isBetween(0.9 * 123.94, 1.1 * 123.94);
        assertThat(t7).isBetween(0.9 * 128.31, 1.1 * 128.31);
    }
}
