package dev.fqlab.sim;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.fqlab.sim.core.RunControl;
import dev.fqlab.sim.result.FlowResult;
import dev.fqlab.sim.result.SimulationResult;
import dev.fqlab.sim.result.StationResult;
import dev.fqlab.sim.result.TxqResult;
import dev.fqlab.sim.scenario.FlowSpec;
import dev.fqlab.sim.scenario.Scenario;
import java.util.List;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** presets.md's "shows" criteria for the WiFi presets, on the engine, for several seeds. */
class WifiPresetsTest {

    private static SimulationResult run(String preset, long seed) {
        return ScenarioRunner.run(Seed003PresetsTest.preset(preset, seed), RunControl.NONE);
    }

    private static SimulationResult run(Scenario s) {
        return ScenarioRunner.run(s, RunControl.NONE);
    }

    /** The preset with only one station's UDP flow, saturating it (200 Mbit/s): what the station gets alone. */
    private static Scenario alone(String preset, String station, long seed) {
        Scenario s = Seed003PresetsTest.preset(preset, seed);
        List<FlowSpec> flows = s.flows().stream()
                .filter(f -> f.station().equals(station) && f.type().equals("udp"))
                .map(f -> Scenarios.copyOf(FlowSpec.SCHEMA, f).set("traffic", Scenarios.udpRate(200, 1500)).build())
                .toList();
        return Scenarios.copyOf(Scenario.SCHEMA, s).set("flows", flows).build();
    }

    private static StationResult station(SimulationResult r, String name) {
        return r.stations().stream().filter(s -> s.name().equals(name)).findFirst().orElseThrow();
    }

    private static FlowResult flow(SimulationResult r, String name) {
        return r.flows().stream().filter(f -> f.name().equals(name)).findFirst().orElseThrow();
    }

    private static TxqResult busiestTxq(SimulationResult r) {
        return r.txqs().stream().max((a, b) -> Long.compare(a.txPackets(), b.txPackets())).orElseThrow();
    }

    @Nested
    class Seed000 {
        @ParameterizedTest
        @ValueSource(longs = {1, 2, 3, 4, 5})
        void legacyShowsThePerformanceAnomalyBehindALongQueue(long seed) {
            double t1 = run(alone("seed-000-legacy", "sta1", seed)).stations().get(0).throughputMbps();
            double t2 = run(alone("seed-000-legacy", "sta2", seed)).stations().get(1).throughputMbps();
            // calibration (issue 12): under Minstrel-HT at the fitted SNRs, alone within 15 % of the seed's 45 and 7 Mbit/s
            assertThat(t1).isCloseTo(45, within(0.15 * 45));
            assertThat(t2).isCloseTo(7, within(0.15 * 7));
            double anomaly = 1 / (1 / t1 + 1 / t2);
            SimulationResult r = run("seed-000-legacy", seed);
            double r1 = station(r, "sta1").throughputMbps();
            double r2 = station(r, "sta2").throughputMbps();
            assertThat(r1).isCloseTo(r2, within(0.25 * Math.max(r1, r2)));
            assertThat(r1).isCloseTo(anomaly, within(0.25 * anomaly));
            assertThat(r2).isCloseTo(anomaly, within(0.25 * anomaly));
            assertThat(flow(r, "ping-sta1").rttMs().p50()).isGreaterThanOrEqualTo(200);
            assertThat(flow(r, "ping-sta2").rttMs().p50()).isGreaterThanOrEqualTo(200);
        }

        @ParameterizedTest
        @ValueSource(longs = {1, 2, 3, 4, 5})
        void airtimeFairnessHalvesEachStationsAloneThroughputAndCutsLatency(long seed) {
            double t1 = run(alone("seed-000-airtime", "sta1", seed)).stations().get(0).throughputMbps();
            double t2 = run(alone("seed-000-airtime", "sta2", seed)).stations().get(1).throughputMbps();
            SimulationResult r = run("seed-000-airtime", seed);
            assertThat(station(r, "sta1").throughputMbps()).isCloseTo(t1 / 2, within(0.15 * t1 / 2));
            assertThat(station(r, "sta2").throughputMbps()).isCloseTo(t2 / 2, within(0.15 * t2 / 2));
            assertThat(r.summary().jainAirtime()).isGreaterThanOrEqualTo(0.95);
            SimulationResult legacy = run("seed-000-legacy", seed);
            for (String ping : List.of("ping-sta1", "ping-sta2")) {
                assertThat(flow(r, ping).rttMs().p50()).as(ping)
                        .isLessThanOrEqualTo(flow(legacy, ping).rttMs().p50() / 5);
            }
        }

        @ParameterizedTest
        @ValueSource(strings = {"seed-000-txq", "seed-000-fq", "seed-000-fq-fixed"})
        void txqsGiveTheFastStationAtLeastTwiceTheSlowOnes(String preset) {
            for (long seed = 1; seed <= 5; seed++) {
                SimulationResult r = run(preset, seed);
                assertThat(station(r, "sta1").throughputMbps())
                        .isGreaterThanOrEqualTo(2 * station(r, "sta2").throughputMbps());
                if (preset.equals("seed-000-fq")) {
                    assertThat(flow(r, "udp-sta1").reorderedPackets()).isGreaterThan(0);
                }
                if (preset.equals("seed-000-fq-fixed")) {
                    assertThat(r.flows()).allMatch(f -> f.reorderedPackets() == 0);
                }
            }
        }
    }

    @Nested
    class Seed004 {
        @ParameterizedTest
        @ValueSource(longs = {1, 2, 3, 4, 5})
        void oneFramePerWakeKeepsTheTxqEmptyWhileDrainingFallsBehind(long seed) {
            SimulationResult perWake = run("seed-004-per-wake", seed);
            SimulationResult drainAll = run("seed-004-drain-all", seed);
            TxqResult pw = busiestTxq(perWake);
            TxqResult da = busiestTxq(drainAll);
            assertThat(pw.newFlows()).isGreaterThanOrEqualTo((long) (0.95 * pw.txPackets()));
            assertThat(pw.overlimit()).isZero();
            assertThat(da.newFlows()).isLessThanOrEqualTo((long) (0.6 * da.txPackets()));
            assertThat(da.overlimit()).isGreaterThan(0);
            assertThat(perWake.summary().throughputMbps())
                    .isGreaterThanOrEqualTo(1.05 * drainAll.summary().throughputMbps());
            // presets.md: within 15 % of the seed's normal-mode 1380 (with the change) and 1310 Mbit/s (without)
            assertThat(perWake.summary().throughputMbps()).isCloseTo(1380, within(0.15 * 1380));
            assertThat(drainAll.summary().throughputMbps()).isCloseTo(1310, within(0.15 * 1310));
        }
    }

    @Nested
    class AnomalyN {
        @ParameterizedTest
        @ValueSource(longs = {1, 2})
        void theAirtimeSchedulerGivesEveryStationAQuarterOfItsAloneThroughput(long seed) {
            SimulationResult r = run("anomaly-n-airtime", seed);
            for (StationResult s : r.stations()) {
                double alone = run(alone("anomaly-n-airtime", s.name(), seed)).stations().stream()
                        .filter(x -> x.name().equals(s.name())).findFirst().orElseThrow().throughputMbps();
                assertThat(s.throughputMbps()).as(s.name()).isCloseTo(alone / 4, within(0.15 * alone / 4));
            }
            assertThat(r.summary().jainAirtime()).isGreaterThanOrEqualTo(0.95);
        }
    }
}
