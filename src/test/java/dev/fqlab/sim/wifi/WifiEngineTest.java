package dev.fqlab.sim.wifi;

import static dev.fqlab.sim.WifiScenarios.ht;
import static dev.fqlab.sim.WifiScenarios.ht20;
import static dev.fqlab.sim.WifiScenarios.pingTo;
import static dev.fqlab.sim.WifiScenarios.udpFrom;
import static dev.fqlab.sim.WifiScenarios.udpTo;
import static dev.fqlab.sim.WifiScenarios.wifi;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.fqlab.sim.ScenarioRunner;
import dev.fqlab.sim.WifiScenarios;
import dev.fqlab.sim.core.RunControl;
import dev.fqlab.sim.result.FlowResult;
import dev.fqlab.sim.result.SimulationResult;
import dev.fqlab.sim.scenario.DequeueStrategy;
import dev.fqlab.sim.scenario.DriverSpec;
import dev.fqlab.sim.scenario.FlowSpec;
import dev.fqlab.sim.scenario.PhyStandard;
import dev.fqlab.sim.scenario.StackSpec;
import dev.fqlab.sim.scenario.StationSpec;
import dev.fqlab.sim.scenario.schema.RecordSchema;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

/** The WiFi model end to end, against closed forms from the standard and kernel-spec §9. */
class WifiEngineTest {

    private static SimulationResult run(dev.fqlab.sim.scenario.Scenario s) {
        return ScenarioRunner.run(s, RunControl.NONE);
    }

    private static double alone(StationSpec station, StackSpec stack) {
        return run(wifi(ht20(), stack, List.of(station), 10, 1, udpTo("u", station.name(), 200, 10)))
                .stations().getFirst().throughputMbps();
    }

    @Nested
    class SaturatedStation {
        @Test
        void htThroughputIsPayloadPerTxopOverTheTxopsAirtime() {
            // HT20 MCS 15 (N_DBPS 520), 32 subframes of 1544 bytes = 49408-byte PSDU:
            // ⌈(16 + 8·49408 + 6)/520⌉ = 761 symbols = 3044 µs, + HT preamble 32 + 4·2 = 40 µs → PPDU 3084 µs.
            // TXOP = AIFS(BE) 43 µs + mean backoff 7.5 × 9 µs + 3084 + SIFS 16 + BlockAck 32 µs = 3242.5 µs.
            // Goodput = 32 × 1472 × 8 bits / 3242.5 µs = 116.2 Mbit/s.
            SimulationResult r = run(wifi(ht20(), WifiScenarios.txqStack(), List.of(ht("sta", 15)), 10, 1,
                    udpTo("u", "sta", 200, 10)));
            assertThat(r.stations().getFirst().throughputMbps()).isCloseTo(116.2, within(116.2 * 0.01));
            assertThat(r.stations().getFirst().avgAggregateSize()).isCloseTo(32, within(0.5));
            // Per 100 ms interval the AP transmits PPDU + SIFS + BlockAck = 3132 of every 3242.5 µs: 96 592 µs.
            var series = r.series().stations().get("sta");
            assertThat(series.airtimeTxUs().get(50)).isCloseTo(96_592, within(96_592 * 0.02));
            assertThat(series.airtimeRxUs().get(50)).isZero();
            assertThat(series.avgAggregateSize().get(50)).isCloseTo(32, within(0.5));
        }

        @Test
        void legacyOfdmSendsOneFramePerTxopWithAnAck() {
            // 802.11a 54 Mbit/s: PPDU 20 + 4·⌈(16 + 8·1538 + 6)/216⌉ = 252 µs; ACK at 24 Mbit/s 28 µs.
            // TXOP = 43 + 67.5 + 252 + 16 + 28 = 406.5 µs → 1472 × 8 / 406.5 µs = 28.97 Mbit/s.
            var link = WifiScenarios.link(PhyStandard.A, 20, false, WifiScenarios.ampdu(false));
            var station = WifiScenarios.legacy("sta", 54.0);
            SimulationResult r = run(wifi(link, WifiScenarios.txqStack(), List.of(station), 10, 1,
                    udpTo("u", "sta", 100, 10)));
            assertThat(r.stations().getFirst().throughputMbps()).isCloseTo(28.97, within(28.97 * 0.01));
            assertThat(r.stations().getFirst().avgAggregateSize()).isEqualTo(1.0);
        }

        @Test
        void withoutAggregationAth9kQueuesEightFramesInHardware() {
            // kernel-spec §5.1: non-aggregated traffic fills the hardware queue up to ATH_NON_AGGR_MIN_QDEPTH = 8
            // frames. A sparse ping takes the slot freed by the next completion: half a TXOP on average until then,
            // then 7 frames of 406.5 µs (see above) ahead of it, then its own exchange, 43 + 67.5 + 20 +
            // 4·⌈(16 + 8·102 + 6)/216⌉ + 16 + 28 = 194.5 µs; plus 0.5 ms, half the default wiredRttMs, from the
            // server: 0.2 + 2.85 + 0.19 + 0.5 ≈ 3.74 ms one way (≈ 1.3 ms with a 2-frame queue).
            var link = WifiScenarios.link(PhyStandard.A, 20, false, WifiScenarios.ampdu(false));
            var station = WifiScenarios.legacy("sta", 54.0);
            SimulationResult r = run(wifi(link, WifiScenarios.txqStack(), List.of(station), 10, 1,
                    udpTo("u", "sta", 100, 10), pingTo("p", "sta", 100, 10)));
            assertThat(ping(r).latencyMs().p50()).isBetween(3.74 * 0.9, 3.74 * 1.1);
        }
    }

    @Nested
    class PerformanceAnomaly {
        private final StationSpec fast = ht("fast", 15);
        private final StationSpec slow = ht("slow", 0);

        private SimulationResult both(StackSpec stack) {
            return run(wifi(ht20(), stack, List.of(fast, slow), 20, 2,
                    udpTo("u1", "fast", 80, 20), udpTo("u2", "slow", 80, 20)));
        }

        @Test
        void aSharedFifoGivesEveryStationOneOverTheSumOfInverseThroughputs() {
            // kernel-spec §9.1/§9.2: equal frames per TXOP round → R_i = 1 / Σ_j (1/T_j) for every station
            double t1 = alone(fast, WifiScenarios.legacyStack());
            double t2 = alone(slow, WifiScenarios.legacyStack());
            double expected = 1 / (1 / t1 + 1 / t2);
            SimulationResult r = both(WifiScenarios.legacyStack());
            for (var s : r.stations()) {
                assertThat(s.throughputMbps()).as(s.name()).isCloseTo(expected, within(expected * 0.1));
            }
            assertThat(r.stations().get(1).airtimeShare()).isGreaterThan(0.8); // the slow station takes the air
        }

        @Test
        void theAirtimeSchedulerGivesEachStationItsAloneThroughputOverN() {
            double t1 = alone(fast, WifiScenarios.airtimeStack());
            double t2 = alone(slow, WifiScenarios.airtimeStack());
            SimulationResult r = both(WifiScenarios.airtimeStack());
            assertThat(r.stations().get(0).throughputMbps()).isCloseTo(t1 / 2, within(t1 / 2 * 0.1));
            assertThat(r.stations().get(1).throughputMbps()).isCloseTo(t2 / 2, within(t2 / 2 * 0.1));
            assertThat(r.summary().jainAirtime()).isGreaterThan(0.99);
        }
    }

    @Test
    void collisionsBecomeLikelierWithMoreContendersAsBianchisModelSays() {
        // Saturated uplink from n stations (no frame errors): every retry is a collision. Bianchi's model (JSAC 2000)
        // with W = CWmin + 1 = 16 and m = 6 backoff stages (CWmax + 1 = 1024 = 2⁶ × 16) solves
        // p = 1 − (1 − τ)^(n−1), τ = 2(1 − 2p) / ((1 − 2p)(W + 1) + pW(1 − (2p)^m)) to p = 0.1046, 0.2715 and 0.3844
        // for n = 2, 5, 10 (the retry limit of 10 changes the third decimal at most). EDCA decrements a frozen counter
        // at the slot boundary where another station starts, as Bianchi's chain does: within 5 % over 40 s (about
        // 11 000 A-MPDUs; over 10 s the share still varies by ±0.02 from seed to seed).
        double[] bianchi = {0.1046, 0.2715, 0.3844};
        int[] contenders = {2, 5, 10};
        for (int k = 0; k < contenders.length; k++) {
            int n = contenders[k];
            List<StationSpec> stations = new ArrayList<>();
            List<FlowSpec> flows = new ArrayList<>();
            for (int i = 0; i < n; i++) {
                stations.add(ht("s" + i, 7));
                flows.add(udpFrom("u" + i, "s" + i, 100, 40));
            }
            SimulationResult r = run(wifi(ht20(), WifiScenarios.txqStack(), stations, 40, 1,
                    flows.toArray(FlowSpec[]::new)));
            long retries = r.stations().stream().mapToLong(s -> s.retries()).sum();
            double mpdus = r.stations().stream().mapToDouble(s -> s.ppdus() * s.avgAggregateSize()).sum();
            double p = retries / mpdus;
            assertThat(p).as("collision share with %d contenders", n).isCloseTo(bianchi[k], within(bianchi[k] * 0.05));
        }
    }

    @Nested
    class NewFlows {
        private void assertNewFlowsEqualTxPackets(DriverSpec driver) {
            var stack = WifiScenarios.wifiStack().set("driver", driver).build();
            SimulationResult r = run(wifi(ht20(), stack, List.of(ht("sta", 15)), 5, 0, udpTo("u", "sta", 10, 5)));
            var txq = r.txqs().getFirst();
            assertThat(txq.txPackets()).isGreaterThan(4000);
            assertThat(txq.newFlows()).isEqualTo(txq.txPackets());
        }

        @Test
        void equalTxPacketsWhenTheAggregateDriverFindsTheTxqEmptyAtEachDequeue() {
            // kernel-spec §3.7: a driver that drains the TXQ releases the flow after every packet
            assertNewFlowsEqualTxPackets(WifiScenarios.ath9k());
        }

        @Test
        void equalTxPacketsWithOneFramePerWake() {
            assertNewFlowsEqualTxPackets(firmwareQueue(DequeueStrategy.PER_WAKE).build());
        }
    }

    @Test
    void everyDriverStrategyKeepsAFlowInOrderWhenItsCpuFallsBehind() {
        // One TXQ is a FIFO per flow and the driver hands frames to the firmware in the order it dequeued them
        // (kernel-spec §5.2), so sequence numbers follow the sending order: no reordering without frame errors,
        // also with seed 004's CPU costs and twice the offered load the air carries.
        for (DequeueStrategy strategy : DequeueStrategy.values()) {
            if (strategy == DequeueStrategy.AGGREGATE) {
                continue;
            }
            var driver = firmwareQueue(strategy).set("perWakeCpuUs", 2).set("perPacketCpuUs", 4)
                    .set("batchContentionCpuUs", 10).build();
            var stack = WifiScenarios.wifiStack().set("driver", driver).build();
            SimulationResult r = run(wifi(ht20(), stack, List.of(ht("sta", 15)), 3, 0.5, udpTo("u", "sta", 250, 3)));
            FlowResult udp = r.flows().getFirst();
            assertThat(udp.deliveredPackets()).as(strategy.name()).isGreaterThan(20_000);
            assertThat(udp.reorderedPackets()).as(strategy + " reordered packets").isZero();
        }
    }

    @Test
    void aqlMovesTheStandingQueueFromTheFirmwareIntoTheTxqs() {
        // kernel-spec §9.4: draining into a 1424-frame firmware queue at ~12 Mbit/s gives ≈ 1.4 s of latency;
        // with AQL the firmware holds a few ms per station and fq/CoDel control the TXQ, so a sparse ping is fast.
        var drainAll = firmwareQueue(DequeueStrategy.DRAIN_ALL).build();
        var without = WifiScenarios.wifiStack().set("driver", drainAll).build();
        var with = WifiScenarios.wifiStack().set("aql", WifiScenarios.aql()).set("driver", drainAll)
                .build();
        FlowResult pingWithout = ping(run(wifi(ht20(), without, List.of(ht("sta", 1)), 20, 5,
                udpTo("u", "sta", 20, 20), pingTo("p", "sta", 100, 20))));
        FlowResult pingWith = ping(run(wifi(ht20(), with, List.of(ht("sta", 1)), 20, 5,
                udpTo("u", "sta", 20, 20), pingTo("p", "sta", 100, 20))));
        assertThat(pingWithout.latencyMs().p50()).isGreaterThan(1000);
        assertThat(pingWith.latencyMs().p50()).isLessThan(50);
    }

    /** A driver with {@code dequeue} and a 1424-frame firmware queue. */
    private static RecordSchema.Builder<DriverSpec> firmwareQueue(DequeueStrategy dequeue) {
        return WifiScenarios.driver(dequeue).set("hwQueuePackets", 1424);
    }

    private static FlowResult ping(SimulationResult r) {
        return r.flows().stream().filter(f -> f.type().equals("ping")).findFirst().orElseThrow();
    }
}
