package dev.fqlab.sim.wifi;

import static org.assertj.core.api.Assertions.assertThat;

import dev.fqlab.sim.packet.Packet;
import dev.fqlab.sim.wifi.phy.PhyMode;
import org.junit.jupiter.api.Test;

/** AQL's per-frame airtime estimate, kernel-spec §4.6 and §3.6, computed by hand. */
class AirtimeEstimateTest {

    private static Packet packet(int bytes) {
        Packet p = new Packet();
        p.length = bytes;
        p.ipBytes = bytes;
        return p;
    }

    @Test
    void anAggregatedHtFrameSharesThePpduOverheadByAggShift() {
        // HT20 MCS 15, 800 ns GI: 130 Mbit/s → 1024 B take 8192/130 = 63.02 µs (≤ 70, > 20: agg_shift 5).
        // (1500 + 38) × 63.02/1024 = 94.65 µs + ((36 + 4 × 2) >> 5) = 1 µs (an integer shift) = 95.65 µs
        // → 24 units of 4 µs = 96 µs.
        assertThat(AccessPoint.airtimeEstimateNs(PhyMode.ht(15, 20, false), packet(1500), true)).isEqualTo(96_000);
    }

    @Test
    void aVoiceFrameCarriesTheWholeOverhead() {
        // Not A-MPDU-able (VO): 94.65 + 44 = 138.65 µs → 35 units = 140 µs.
        assertThat(AccessPoint.airtimeEstimateNs(PhyMode.ht(15, 20, false), packet(1500), false)).isEqualTo(140_000);
    }

    @Test
    void aLegacyFrameIsPreamblePlusOverheadPlusPayload() {
        // 802.11a 54 Mbit/s: 20 + 16 + 1538 × 8/54 = 263.85 µs → 66 units = 264 µs.
        assertThat(AccessPoint.airtimeEstimateNs(PhyMode.legacy(54), packet(1500), true)).isEqualTo(264_000);
    }

    @Test
    void aSlowRateShiftsLess() {
        // HT20 MCS 0: 6.5 Mbit/s → 1260.3 µs per 1024 B (> 400: agg_shift 1).
        // 1538 × 1260.3/1024 = 1892.9 µs + (40 >> 1) = 1912.9 µs → 479 units = 1916 µs.
        assertThat(AccessPoint.airtimeEstimateNs(PhyMode.ht(0, 20, false), packet(1500), true)).isEqualTo(1_916_000);
    }
}
