package dev.fqlab.sim.wifi.mac80211;

import static org.assertj.core.api.Assertions.assertThat;

import dev.fqlab.sim.Scenarios;
import dev.fqlab.sim.ScenarioRunner;
import dev.fqlab.sim.WifiScenarios;
import dev.fqlab.sim.core.RunControl;
import dev.fqlab.sim.kernel.KernelProfile;
import dev.fqlab.sim.result.SimulationResult;
import dev.fqlab.sim.result.TxqResult;
import dev.fqlab.sim.scenario.CodelArithmetic;
import dev.fqlab.sim.scenario.CodelSettings;
import dev.fqlab.sim.scenario.DequeueStrategy;
import dev.fqlab.sim.scenario.EcnCodepoint;
import dev.fqlab.sim.scenario.FlowSpec;
import dev.fqlab.sim.scenario.Scenario;
import dev.fqlab.sim.scenario.StackSpec;
import dev.fqlab.sim.wifi.phy.PhyMode;
import java.util.List;
import org.junit.jupiter.api.Test;

/** net/mac80211/sta_info.c {@code sta_update_codel_params} and the kernels that had it. */
class SlowStationCodelTest {
    private static final CodelSettings TXQ = CodelSettings.TXQ.builder().build();

    @Test
    void expectedThroughputIsMinstrelsFigureInUnitsOf1024BitsPerSecond() {
        // tp × AVG_PKT_SIZE × 8 / 1024 with the success probability capped at 90 %:
        // HT20 MCS 0 is 6.5 Mbit/s: 0.9 × 6 500 000 / 1024 = 5712.9
        assertThat(SlowStationCodel.expectedThroughput(PhyMode.ht(0, 20, false), 1)).isEqualTo(5712);
        // HT20 MCS 7, 65 Mbit/s: 0.9 × 65 000 000 / 1024 = 57 128.9
        assertThat(SlowStationCodel.expectedThroughput(PhyMode.ht(7, 20, false), 1)).isEqualTo(57_128);
        // half the MPDUs lost: 0.5 × 6 500 000 / 1024 = 3173.8
        assertThat(SlowStationCodel.expectedThroughput(PhyMode.ht(0, 20, false), 0.5)).isEqualTo(3173);
        // below 10 % success minstrel counts no throughput at all
        assertThat(SlowStationCodel.expectedThroughput(PhyMode.ht(7, 20, false), 0.09)).isZero();
    }

    @Test
    void slowMeansBelowSixThousandTimesTheAssociatedStations() {
        // thr && thr < STA_SLOW_THRESHOLD (6000) × num_sta → target 50 ms, interval 300 ms, ecn false
        CodelSettings slow = new CodelSettings(50, 300, false, null, CodelArithmetic.LINUX);
        assertThat(SlowStationCodel.parameters(TXQ, 5999, 1)).isEqualTo(slow);
        assertThat(SlowStationCodel.parameters(TXQ, 6000, 1)).isEqualTo(TXQ);
        assertThat(SlowStationCodel.parameters(TXQ, 11_999, 2)).isEqualTo(slow);
        assertThat(SlowStationCodel.parameters(TXQ, 12_000, 2)).isEqualTo(TXQ);
        // HT20 MCS 7 (57 128) is slow once 10 stations are associated (60 000)
        assertThat(SlowStationCodel.parameters(TXQ, 57_128, 9)).isEqualTo(TXQ);
        assertThat(SlowStationCodel.parameters(TXQ, 57_128, 10)).isEqualTo(slow);
        // thr 0 is "unknown": never slow
        assertThat(SlowStationCodel.parameters(TXQ, 0, 100)).isEqualTo(TXQ);
        // the fast parameters are the TXQs' own: 20 ms / 100 ms / ECN by default
        assertThat(TXQ.targetMs()).isEqualTo(20);
        assertThat(TXQ.intervalMs()).isEqualTo(100);
        assertThat(TXQ.ecn()).isTrue();
    }

    @Test
    void onlyTheKernelsWithTheRuleAndDriversWithMac80211RateControlApplyIt() {
        StackSpec ath9k = WifiScenarios.txqStack();
        StackSpec ath10k = WifiScenarios.wifiStack().set("driver", WifiScenarios.driver(DequeueStrategy.DRAIN_ALL)
                .build()).build();
        // 484a54c2e597 … 4876376988081d: in 4.16 (present in a v4.16 tree), 5.10, 6.1, 6.6; reverted in 6.12.35+,
        // 6.18, mainline
        assertThat(List.of(KernelProfile.values())).filteredOn(k -> SlowStationCodel.applies(k, ath9k))
                .containsExactly(KernelProfile.LINUX_4_16, KernelProfile.LINUX_5_10, KernelProfile.LINUX_6_1,
                        KernelProfile.LINUX_6_6);
        assertThat(SlowStationCodel.applies(KernelProfile.LINUX_6_6, ath10k)).isFalse();
        assertThat(SlowStationCodel.applies(KernelProfile.LINUX_6_6, WifiScenarios.legacyStack())).isFalse();
    }

    /** ECT UDP to two HT20 stations, 20 Mbit/s to MCS 0 and 60 Mbit/s to MCS 7 (both overloaded), over the TXQs. */
    private static SimulationResult twoStations(KernelProfile kernel) {
        FlowSpec slow = Scenarios.flowSpec("slow", 6).set("station", "a").set("ecn", EcnCodepoint.ECT0)
                .set("traffic", Scenarios.udpRate(20, 1500)).build();
        FlowSpec fast = Scenarios.flowSpec("fast", 6).set("station", "b").set("ecn", EcnCodepoint.ECT0)
                .set("traffic", Scenarios.udpRate(60, 1500)).build();
        Scenario s = WifiScenarios.wifi(WifiScenarios.ht20(), WifiScenarios.txqStack(),
                List.of(WifiScenarios.ht("a", 0), WifiScenarios.ht("b", 7)), 6, 1, slow, fast);
        s = Scenarios.copyOf(Scenario.SCHEMA, s).set("kernel", kernel).build();
        return ScenarioRunner.run(s, RunControl.NONE);
    }

    private static TxqResult txq(SimulationResult r, String station) {
        return r.txqs().stream().filter(t -> t.station().equals(station)).findFirst().orElseThrow();
    }

    @Test
    void aSlowStationsCodelDropsInsteadOfMarkingIn66ButNotIn618() {
        // Two stations: the threshold is 12 000. MCS 0 (5712) is slow, MCS 7 (57 128) is fast.
        SimulationResult old = twoStations(KernelProfile.LINUX_6_6);
        assertThat(txq(old, "a").marks()).isZero();
        assertThat(txq(old, "a").drops()).isPositive();
        assertThat(txq(old, "b").drops()).isZero();
        assertThat(txq(old, "b").marks()).isPositive();

        SimulationResult lts = twoStations(KernelProfile.LINUX_6_18);
        assertThat(txq(lts, "a").drops()).isZero();
        assertThat(txq(lts, "a").marks()).isPositive();
    }
}
