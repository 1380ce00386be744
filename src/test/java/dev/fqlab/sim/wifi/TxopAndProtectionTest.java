package dev.fqlab.sim.wifi;

import static dev.fqlab.sim.WifiScenarios.ht;
import static dev.fqlab.sim.WifiScenarios.wifi;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.fqlab.sim.ScenarioRunner;
import dev.fqlab.sim.Scenarios;
import dev.fqlab.sim.WifiScenarios;
import dev.fqlab.sim.core.RunControl;
import dev.fqlab.sim.result.StationResult;
import dev.fqlab.sim.scenario.AccessCategory;
import dev.fqlab.sim.scenario.DequeueStrategy;
import dev.fqlab.sim.scenario.Direction;
import dev.fqlab.sim.scenario.FlowSpec;
import dev.fqlab.sim.scenario.PhyStandard;
import dev.fqlab.sim.scenario.StackSpec;
import dev.fqlab.sim.scenario.StationSpec;
import dev.fqlab.sim.scenario.WifiLinkSpec;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * One saturated station, end to end, against closed forms: the AP's own EDCA parameters, TXOP bursting within the
 * VO TXOP limit, and RTS/CTS protection ({@code rtsThresholdBytes}). A TXOP costs AIFS + the mean backoff (CW/2 slots: VO CWmin 3 → 13.5 µs,
 * BE 15 → 67.5 µs) + its exchanges; goodput = 1472-byte UDP payloads × 8 / that time.
 */
class TxopAndProtectionTest {
    private static final WifiLinkSpec A = WifiScenarios.link(PhyStandard.A, 20, false, WifiScenarios.ampdu(false));

    private static StationResult run(WifiLinkSpec link, StationSpec station, AccessCategory ac, Direction direction) {
        return run(link, WifiScenarios.txqStack(), station, ac, direction);
    }

    private static StationResult run(WifiLinkSpec link, StackSpec stack, StationSpec station, AccessCategory ac,
                                     Direction direction) {
        FlowSpec flow = Scenarios.flowSpec("u", 10).set("station", station.name()).set("ac", ac)
                .set("direction", direction).set("traffic", Scenarios.udpRate(150, 1500)).build();
        return ScenarioRunner.run(wifi(link, stack, List.of(station), 10, 1, flow), RunControl.NONE)
                .stations().getFirst();
    }

    private static WifiLinkSpec withRts(WifiLinkSpec link, Integer threshold) {
        return WifiLinkSpec.SCHEMA.builder().set("standard", link.standard()).set("channelWidthMhz",
                link.channelWidthMhz()).set("shortGuardInterval", link.shortGuardInterval())
                .set("ampdu", link.ampdu()).set("rtsThresholdBytes", threshold).build();
    }

    @Test
    void theApBurstsVoiceFramesWithinItsTxopLimitAfterItsOwnAifs() {
        // 802.11a 54 Mbit/s: PPDU 252 µs, Ack 28 µs at 24. First exchange 252 + 16 + 28 = 296 µs, then SIFS + 296
        // = 312 µs each: 296 + 3 × 312 = 1232 ≤ 1504 µs < 1544, four frames per TXOP. The AP's VO: AIFSN 1 → AIFS
        // 25 µs. TXOP = 25 + 13.5 + 1232 = 1270.5 µs → 4 × 11776 bits / 1270.5 µs = 37.07 Mbit/s (one frame per
        // TXOP after the stations' AIFS 34 µs would be 11776 / 343.5 = 34.28)
        StationResult r = run(A, WifiScenarios.legacy("sta", 54.0), AccessCategory.VO, Direction.DOWN);
        assertThat(r.throughputMbps()).isCloseTo(37.07, within(37.07 * 0.003));
    }

    @Test
    void aFirmwareQueueBurstsToo() {
        // the drain-all driver's firmware builds each further PPDU of the TXOP from its queue: the same 37.07
        var stack = WifiScenarios.wifiStack().set("driver",
                WifiScenarios.driver(DequeueStrategy.DRAIN_ALL).set("hwQueuePackets", 64).build()).build();
        StationResult r = run(A, stack, WifiScenarios.legacy("sta", 54.0), AccessCategory.VO, Direction.DOWN);
        assertThat(r.throughputMbps()).isCloseTo(37.07, within(37.07 * 0.003));
    }

    @Test
    void aStationBurstsAfterTheAdvertisedAifs() {
        // the same from the station: its VO AIFS is 34 µs → 34 + 13.5 + 1232 = 1279.5 µs → 36.81 Mbit/s
        StationResult r = run(A, WifiScenarios.legacy("sta", 54.0), AccessCategory.VO, Direction.UP);
        assertThat(r.throughputMbps()).isCloseTo(36.81, within(36.81 * 0.003));
    }

    @Test
    void htVoiceFitsFiveExchangesInOneTxop() {
        // HT20 MCS 7 (N_DBPS 260), one 1538-byte MPDU: 36 µs HT-mixed preamble + 4 × ⌈12326/260⌉ = 48 symbols
        // → 228 µs; Ack at 24 Mbit/s 28 µs. 272 + 4 × 288 = 1424 ≤ 1504 < 1712: five frames per TXOP.
        // 25 + 13.5 + 1424 = 1462.5 µs → 5 × 11776 / 1462.5 = 40.26 Mbit/s
        StationResult r = run(WifiScenarios.ht20(), ht("sta", 7), AccessCategory.VO, Direction.DOWN);
        assertThat(r.throughputMbps()).isCloseTo(40.26, within(40.26 * 0.003));
        assertThat(r.avgAggregateSize()).isEqualTo(1.0);
    }

    @Test
    void bestEffortHasNoTxopLimitAndSendsOnePpduPerTxop() {
        // BE, TXOP limit 0: 43 + 67.5 + 252 + 16 + 28 = 406.5 µs per frame → 28.97 Mbit/s, from the AP too
        StationResult r = run(A, WifiScenarios.legacy("sta", 54.0), AccessCategory.BE, Direction.DOWN);
        assertThat(r.throughputMbps()).isCloseTo(28.97, within(28.97 * 0.003));
    }

    @Test
    void rtsCtsPrecedesFramesLongerThanTheThreshold() {
        // 802.11a 54 Mbit/s, 1538-byte MPDU: RTS 28 + SIFS + CTS 28 + SIFS = 88 µs more per TXOP:
        // 43 + 67.5 + 88 + 252 + 16 + 28 = 494.5 µs → 11776 / 494.5 = 23.81 Mbit/s
        StationSpec sta = WifiScenarios.legacy("sta", 54.0);
        assertThat(run(withRts(A, 1537), sta, AccessCategory.BE, Direction.DOWN).throughputMbps())
                .isCloseTo(23.81, within(23.81 * 0.003));
        assertThat(run(withRts(A, 0), sta, AccessCategory.BE, Direction.UP).throughputMbps())
                .isCloseTo(23.81, within(23.81 * 0.003));
        // len > threshold: a 1538-byte MPDU is not protected at 1538, nor with the threshold off
        assertThat(run(withRts(A, 1538), sta, AccessCategory.BE, Direction.DOWN).throughputMbps())
                .isCloseTo(28.97, within(28.97 * 0.003));
        assertThat(run(withRts(A, null), sta, AccessCategory.BE, Direction.DOWN).throughputMbps())
                .isCloseTo(28.97, within(28.97 * 0.003));
    }

    @Test
    void anAmpduIsProtectedOnceAtSixMegabits() {
        // HT20 MCS 15, 32 × 1544 bytes: PPDU 3084 µs (WifiEngineTest). RTS/CTS for an HT rate at 6 Mbit/s:
        // 52 + 16 + 44 + 16 = 128 µs. 43 + 67.5 + 128 + 3084 + 16 + 32 = 3370.5 µs → 32 × 11776 / 3370.5
        // = 111.80 Mbit/s (116.2 without)
        StationResult r = run(withRts(WifiScenarios.ht20(), 2347), ht("sta", 15), AccessCategory.BE,
                Direction.DOWN);
        assertThat(r.throughputMbps()).isCloseTo(111.80, within(111.80 * 0.005));
        assertThat(r.avgAggregateSize()).isCloseTo(32, within(0.5));
    }
}
