package dev.fqlab.sim.wifi;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.fqlab.sim.ScenarioRunner;
import dev.fqlab.sim.WifiScenarios;
import dev.fqlab.sim.core.RunControl;
import dev.fqlab.sim.result.FlowResult;
import dev.fqlab.sim.result.SimulationResult;
import dev.fqlab.sim.result.StationResult;
import dev.fqlab.sim.scenario.AmpduSpec;
import dev.fqlab.sim.scenario.AmsduLocation;
import dev.fqlab.sim.scenario.AmsduSpec;
import dev.fqlab.sim.scenario.DequeueStrategy;
import dev.fqlab.sim.scenario.PhyStandard;
import dev.fqlab.sim.scenario.Scenario;
import dev.fqlab.sim.scenario.StackSpec;
import dev.fqlab.sim.scenario.StationSpec;
import dev.fqlab.sim.scenario.WifiLinkSpec;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * One 4×4 VHT80 MCS 9 short-GI station with saturating 1500-byte UDP downlink: what the air carries with and without
 * A-MSDU, computed here from IEEE 802.11-2016, against fqlab.
 *
 * <p><b>The arithmetic.</b> One exchange per TXOP, no collisions (one transmitter): AIFS[BE] of the AP (AIFSN 3:
 * 16 + 3 × 9 = 43 µs), the mean backoff (CWmin 15: 7.5 slots of 9 µs), the A-MPDU's PPDU, SIFS 16 µs and a compressed
 * BlockAck (32 bytes) at 24 Mbit/s, the highest basic rate not above the data rate's non-HT reference (10.7.6.5):
 * 20 + 4 × ⌈(16 + 8 × 32 + 6) / 96⌉ = 32 µs. The PPDU (21.4.3, eq. 21-105/106 with the short GI): TXTIME = L-STF 8 +
 * L-LTF 8 + L-SIG 4 + VHT-SIG-A 8 + VHT-STF 4 + 4 VHT-LTFs × 4 + VHT-SIG-B 4 + 4 × ⌈3.6 × N_SYM / 4⌉ µs, N_SYM =
 * ⌈(16 + 8 × PSDU + 6 × N_ES) / N_DBPS⌉ with N_DBPS = 4 × 1560 (Table 21-?: 80 MHz, MCS 9, 1560 per stream) and
 * N_ES = 6 (the 4-stream 80 MHz MCS 9 row; N_ES only moves the tail bits and changes no symbol count here).
 * The A-MPDU is 64 subframes (the BlockAck window): a subframe is the 4-byte delimiter and the MPDU padded to 4
 * (9.7.1). Without A-MSDU an MPDU is 26 + 8 + 1500 + 4 = 1538 bytes (subframe 1544); with 3-MSDU A-MSDUs it is 26 +
 * 1524 + 1524 + 1522 + 4 = 4600 (9.3.2.2; subframe 4604). Goodput: 64 × MSDUs × 1472 UDP bytes per exchange.
 */
class AmsduSaturationTest {
    private static final double SLOT = 9;
    private static final double SIFS = 16;
    private static final double AIFS_BE_AP = SIFS + 3 * SLOT;
    private static final double MEAN_BACKOFF = 7.5 * SLOT;
    private static final double BLOCK_ACK = 20 + 4 * Math.ceil((16 + 8 * 32 + 6) / 96.0);
    private static final int N_DBPS = 4 * 1560;
    private static final int N_ES = 6;
    private static final int AMPDU_SUBFRAMES = 64;

    /** 21.4.3 with the short guard interval, µs. */
    static double vhtTxtime(int psduBytes) {
        double nSym = Math.ceil((16 + 8.0 * psduBytes + 6 * N_ES) / N_DBPS);
        return 8 + 8 + 4 + 8 + 4 + 4 * 4 + 4 + 4 * Math.ceil(3.6 * nSym / 4);
    }

    /** Saturation goodput in Mbit/s with {@code msdus} 1500-byte MSDUs per MPDU, 64 MPDUs per A-MPDU. */
    static double expectedMbps(int msdus) {
        return expectedMbps(msdus, AMPDU_SUBFRAMES);
    }

    /** As above with {@code mpdus} MPDUs per A-MPDU. */
    static double expectedMbps(int msdus, int mpdus) {
        int mpdu = msdus == 1 ? 26 + 8 + 1500 + 4 : 26 + (msdus - 1) * 1524 + 1522 + 4;
        int subframe = (4 + mpdu + 3) / 4 * 4;
        double exchange = AIFS_BE_AP + MEAN_BACKOFF + vhtTxtime(mpdus * subframe) + SIFS + BLOCK_ACK;
        return mpdus * msdus * 1472 * 8 / exchange;
    }

    private static SimulationResult run(int msdus, AmsduLocation where, DequeueStrategy driver) {
        AmpduSpec ampdu = AmpduSpec.SCHEMA.builder().set("enabled", true).set("maxSubframes", AMPDU_SUBFRAMES)
                .set("maxBytes", 1_048_575).build();
        AmsduSpec amsdu = AmsduSpec.SCHEMA.builder().set("maxSubframes", msdus).set("where", where).build();
        WifiLinkSpec link = WifiLinkSpec.SCHEMA.builder(WifiScenarios.link(PhyStandard.AC, 80, true, ampdu))
                .set("amsdu", amsdu).build();
        StackSpec stack = WifiScenarios.wifiStack()
                .set("driver", WifiScenarios.driver(driver).set("hwQueuePackets", 1424).build()).build();
        List<StationSpec> stations = List.of(WifiScenarios.vht("sta", 9, 4));
        Scenario s = WifiScenarios.wifi(link, stack, stations, 4, 1,
                WifiScenarios.udpTo("udp", "sta", 2000, 4));
        return ScenarioRunner.run(s, RunControl.NONE);
    }

    private static double throughput(SimulationResult r) {
        return r.stations().stream().mapToDouble(StationResult::throughputMbps).sum();
    }

    @Test
    void theArithmeticGivesTheIssuesNumbers() {
        assertThat(expectedMbps(1)).isCloseTo(1124, within(1.0));
        assertThat(expectedMbps(3)).isGreaterThanOrEqualTo(1300);
    }

    @Test
    void withoutAmsduTheAirCarriesAbout1124MbitPerSecond() {
        double expected = expectedMbps(1);
        assertThat(throughput(run(1, AmsduLocation.FIRMWARE, DequeueStrategy.PER_WAKE)))
                .isCloseTo(expected, within(0.01 * expected));
    }

    @Test
    void firmwareAmsdusOfThreeCarryMoreThan1300() {
        double expected = expectedMbps(3);
        double fqlab = throughput(run(3, AmsduLocation.FIRMWARE, DequeueStrategy.PER_WAKE));
        assertThat(fqlab).isGreaterThanOrEqualTo(1300).isCloseTo(expected, within(0.01 * expected));
    }

    /**
     * mac80211's A-MSDUs behind ath9k's aggregate driver: ath9k keeps two A-MPDUs in its hardware queue
     * ({@code hwQueueAggregates} 2), which share the 64-MPDU BlockAck window, so each carries 32 MPDUs: 1264 Mbit/s
     * by the same arithmetic (and 851.9 without A-MSDU), not the firmware's 1436.
     */
    @Test
    void mac80211AmsdusOfThreeGiveTheSameArithmeticBehindAth9k() {
        double expected = expectedMbps(3, 32);
        SimulationResult r = run(3, AmsduLocation.MAC80211, DequeueStrategy.AGGREGATE);
        assertThat(throughput(r)).isCloseTo(expected, within(0.01 * expected));
        // each MSDU is still one packet for the flow: every UDP packet delivered is one 1500-byte IP packet
        FlowResult udp = r.flows().get(0);
        assertThat(udp.deliveredBytes()).isEqualTo(udp.deliveredPackets() * 1500);
        assertThat(udp.reorderedPackets()).isZero();
    }
}
