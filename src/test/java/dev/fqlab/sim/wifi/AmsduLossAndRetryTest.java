package dev.fqlab.sim.wifi;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.fqlab.sim.ScenarioRunner;
import dev.fqlab.sim.WifiScenarios;
import dev.fqlab.sim.core.RunControl;
import dev.fqlab.sim.result.FlowResult;
import dev.fqlab.sim.result.SimulationResult;
import dev.fqlab.sim.result.StationResult;
import dev.fqlab.sim.result.TxqResult;
import dev.fqlab.sim.scenario.AmpduSpec;
import dev.fqlab.sim.scenario.AmsduSpec;
import dev.fqlab.sim.scenario.DequeueStrategy;
import dev.fqlab.sim.scenario.PhyStandard;
import dev.fqlab.sim.scenario.Scenario;
import dev.fqlab.sim.scenario.StackSpec;
import dev.fqlab.sim.scenario.WifiLinkSpec;
import java.util.List;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.DoubleRange;

/**
 * An A-MSDU is one MPDU (IEEE 802.11-2016 10.11, 10.24): one FCS, so a frame error loses all its MSDUs, and one
 * sequence number, so it is retransmitted whole. The station gets full 3-MSDU A-MSDUs (ath10k's firmware, a TXQ that
 * never runs dry: a FIFO large enough that nothing is dropped before the air), so every air loss of MPDUs is three
 * MSDUs lost, and retries count MPDUs, not MSDUs.
 */
class AmsduLossAndRetryTest {

    private static SimulationResult run(double frameErrorRate, int retryLimit) {
        AmpduSpec ampdu = AmpduSpec.SCHEMA.builder().set("enabled", true).set("maxSubframes", 64)
                .set("maxBytes", 1_048_575).build();
        WifiLinkSpec link = WifiLinkSpec.SCHEMA.builder(WifiScenarios.link(PhyStandard.AC, 80, true, ampdu))
                .set("amsdu", AmsduSpec.SCHEMA.builder().set("maxSubframes", 3).build())
                .set("retryLimit", retryLimit).build();
        StackSpec stack = WifiScenarios.wifiStack()
                .set("txqs", WifiScenarios.txqsBuilder().set("fq", false).set("limit", 1_000_000)
                        .set("memoryLimitBytes", 1L << 40).build())
                .set("driver", WifiScenarios.driver(DequeueStrategy.PER_WAKE).set("hwQueuePackets", 1424).build())
                .build();
        var station = WifiScenarios.station("sta").set("mcs", 9).set("spatialStreams", 4)
                .set("frameErrorRate", frameErrorRate).build();
        Scenario s = WifiScenarios.wifi(link, stack, List.of(station), 2, 0,
                WifiScenarios.udpTo("udp", "sta", 1600, 2));
        return ScenarioRunner.run(s, RunControl.NONE);
    }

    /** With one transmission per MPDU, every MSDU lost on the air belongs to a lost A-MSDU of three. */
    @Property(tries = 4)
    void aLostAmsduLosesAllItsMsdus(@ForAll @DoubleRange(min = 0.05, max = 0.5) double frameErrorRate) {
        SimulationResult r = run(frameErrorRate, 1);
        StationResult sta = r.stations().get(0);
        FlowResult udp = r.flows().get(0);
        TxqResult txq = r.txqs().get(0);
        assertThat(txq.drops() + txq.overlimit()).as("nothing dropped before the air").isZero();
        assertThat(sta.failedMpdus()).isPositive();
        // three MSDUs per lost MPDU; the first A-MSDUs of the run, before the firmware queue fills, may carry fewer
        assertThat(udp.droppedPackets()).isBetween(3 * sta.failedMpdus() - 4, 3 * sta.failedMpdus());
        assertThat(sta.retries()).isZero();
    }

    /**
     * With a retry limit of 10 each MPDU needs p / (1 − p) retransmissions on average (almost nothing reaches the
     * limit: p^10): the retries per delivered A-MSDU (delivered MSDUs / 3), not per MSDU. An A-MSDU that does reach
     * the limit is lost whole; the receiver's reorder buffer keeps the flow in order.
     */
    @Property(tries = 4)
    void retriesResendTheAmsduWhole(@ForAll @DoubleRange(min = 0.05, max = 0.4) double frameErrorRate) {
        SimulationResult r = run(frameErrorRate, 10);
        StationResult sta = r.stations().get(0);
        FlowResult udp = r.flows().get(0);
        double mpdusDelivered = udp.deliveredPackets() / 3.0;
        double expected = frameErrorRate / (1 - frameErrorRate);
        assertThat(sta.retries() / mpdusDelivered).isCloseTo(expected, within(0.05 * expected + 0.002));
        assertThat(udp.reorderedPackets()).isZero();
        assertThat(udp.droppedPackets()).isEqualTo(3 * sta.failedMpdus());
    }
}
