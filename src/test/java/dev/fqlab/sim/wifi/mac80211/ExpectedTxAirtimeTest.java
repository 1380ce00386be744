package dev.fqlab.sim.wifi.mac80211;

import static org.assertj.core.api.Assertions.assertThat;

import dev.fqlab.sim.wifi.phy.PhyMode;
import org.junit.jupiter.api.Test;

/**
 * AQL's per-frame airtime, worked by hand from Linux 6.6's net/mac80211/airtime.c and include/net/mac80211.h in
 * their integer arithmetic (every division truncates):
 * <pre>
 *   MCS_N_KSYMS(bps)  = DIV_ROUND_UP(8192 &lt;&lt; 10 = 8388608, bps)
 *   MCS_DURATION      = sgi ? ksyms * 4 * 18 / 20 : ksyms * 4
 *   shift             = max(0, 16 - clz(MCS_DURATION of the group's MCS 0)),  table = MCS_DURATION &gt;&gt; shift
 *   duration          = table &lt;&lt; shift,  overhead = 36 + 4 * streams,  len = skb-&gt;len + 38
 *   A-MPDU-able:        max(duration * len / 1024 / 1024 + (overhead &gt;&gt; agg_shift), 4)
 *   VO (no A-MPDU):     duration * len / 1024 / 1024 + overhead
 *   charged by AQL:     (min(est, 4095) &gt;&gt; 2) &lt;&lt; 2
 * </pre>
 * A 1500-byte IP packet is an skb of 26 (QoS data header) + 8 (LLC/SNAP) + 1500 = 1534 bytes: len = 1572.
 */
class ExpectedTxAirtimeTest {

    private static long aqlUs(PhyMode phy, int ipBytes, boolean ampdu) {
        return ExpectedTxAirtime.aqlNs(phy, ipBytes, ampdu) / 1_000;
    }

    @Test
    void vht80FourStreamsMcs9IsEightMicroseconds() {
        // VHT80, 4 streams, short GI (seed 004's station). Group shift from BW2VBPS(80 MHz) = 117 bits per stream:
        // 4 × 117 = 468; ksyms = ⌈8388608 / 468⌉ = 17925 (468 × 17924 = 8388432); 17925 × 72 / 20 = 64530 < 2^16,
        // clz 16 → shift 0. MCS 9: 4 × 1560 = 6240; ⌈8388608 / 6240⌉ = 1345; 1345 × 72 / 20 = 4842 → duration 4842.
        // 4842 ≤ 70 × 1024 → agg_shift 5; overhead 36 + 16 = 52, 52 >> 5 = 1.
        // 4842 × 1572 = 7611624; / 1024 = 7433; / 1024 = 7; + 1 = 8 µs (fqlab said 12: it rounded up to 4 µs units).
        PhyMode phy = PhyMode.vht(9, 4, 80, true);
        assertThat(ExpectedTxAirtime.rateDuration(phy)).isEqualTo(4842);
        assertThat(ExpectedTxAirtime.estimateUs(phy, 1534, true)).isEqualTo(8);
        assertThat(aqlUs(phy, 1500, true)).isEqualTo(8);
    }

    @Test
    void theStoredEstimateIsRoundedDownToFourMicroseconds() {
        // VHT80, 4 streams, long GI: shift from 4 × 117: 17925 × 4 = 71700 ≥ 2^16, clz 15 → shift 1.
        // MCS 9: 1345 × 4 = 5380; table 5380 >> 1 = 2690; duration 2690 << 1 = 5380.
        // 5380 × 1572 = 8457360; / 1024 = 8259; / 1024 = 8; + (52 >> 5) = 9 µs → (9 >> 2) << 2 = 8 µs charged.
        PhyMode phy = PhyMode.vht(9, 4, 80, false);
        assertThat(ExpectedTxAirtime.estimateUs(phy, 1534, true)).isEqualTo(9);
        assertThat(aqlUs(phy, 1500, true)).isEqualTo(8);
        // the 10-bit field: at most 1023 units of 4 µs
        assertThat(ExpectedTxAirtime.chargedUs(4095)).isEqualTo(4092);
        assertThat(ExpectedTxAirtime.chargedUs(6000)).isEqualTo(4092);
    }

    @Test
    void anAggregatedHtFrameSharesThePpduOverheadByAggShift() {
        // HT20 MCS 15 (2 streams, long GI). Shift: 2 × 26 = 52; ⌈8388608 / 52⌉ = 161320; × 4 = 645280, in
        // [2^19, 2^20): clz 12 → shift 4. MCS 7 on 2 streams: 2 × 260 = 520; ⌈8388608 / 520⌉ = 16132; × 4 = 64528;
        // table 64528 >> 4 = 4033; duration 4033 << 4 = 64528 ≤ 71680 → agg_shift 5; overhead 36 + 8 = 44 >> 5 = 1.
        // 64528 × 1572 = 101438016; / 1024 = 99060; / 1024 = 96; + 1 = 97 µs → charged 96 µs.
        PhyMode phy = PhyMode.ht(15, 20, false);
        assertThat(ExpectedTxAirtime.estimateUs(phy, 1534, true)).isEqualTo(97);
        assertThat(aqlUs(phy, 1500, true)).isEqualTo(96);
    }

    @Test
    void aVoiceFrameCarriesTheWholeOverhead() {
        // Not A-MPDU-able (VO): ieee80211_calc_rx_airtime, 96 + 44 = 140 µs → 140.
        assertThat(aqlUs(PhyMode.ht(15, 20, false), 1500, false)).isEqualTo(140);
    }

    @Test
    void aSlowRateShiftsLess() {
        // HT20 MCS 0: ⌈8388608 / 26⌉ = 322639; × 4 = 1290556, in [2^20, 2^21): clz 11 → shift 5;
        // table 1290556 >> 5 = 40329; duration 40329 << 5 = 1290528 > 400 × 1024 → agg_shift 1; overhead 40 >> 1 = 20.
        // 1290528 × 1572 = 2028710016 (fits a u32); / 1024 = 1981162; / 1024 = 1934; + 20 = 1954 → charged 1952.
        PhyMode phy = PhyMode.ht(0, 20, false);
        assertThat(ExpectedTxAirtime.rateDuration(phy)).isEqualTo(1_290_528);
        assertThat(aqlUs(phy, 1500, true)).isEqualTo(1952);
    }

    @Test
    void shortGuardIntervalAt40MHz() {
        // HT40 MCS 7, short GI. Shift: ⌈8388608 / 54⌉ = 155345; × 72 / 20 = 559242, in [2^19, 2^20) → shift 4.
        // MCS 7: ⌈8388608 / 540⌉ = 15535; × 72 / 20 = 55926; table 55926 >> 4 = 3495; duration 3495 << 4 = 55920.
        // 55920 × 1572 = 87906240; / 1024 = 85845; / 1024 = 83; + (40 >> 5) = 84 µs → 84.
        assertThat(aqlUs(PhyMode.ht(7, 40, true), 1500, true)).isEqualTo(84);
    }

    @Test
    void aLegacyFrameIsPreamblePlusSifsPlusPayload() {
        // ieee80211_calc_legacy_rate_duration, OFDM: 20 + 16 + (1572 << 3) × 10 / bitrate (100 kbit/s units).
        // 54 Mbit/s: 125760 / 540 = 232 → 268 µs. 6 Mbit/s: 125760 / 60 = 2096 → 2132 µs. A-MPDU or not.
        assertThat(aqlUs(PhyMode.legacy(54), 1500, true)).isEqualTo(268);
        assertThat(aqlUs(PhyMode.legacy(6), 1500, false)).isEqualTo(2132);
    }

    @Test
    void aSmallFrameCostsAtLeastFourMicroseconds() {
        // A 64-byte ping at VHT80 4×4 MCS 9 SGI: len 64 + 34 + 38 = 136; 4842 × 136 = 658512; / 1024 = 643;
        // / 1024 = 0; + 1 = 1 → max(1, 4) = 4 µs.
        assertThat(aqlUs(PhyMode.vht(9, 4, 80, true), 64, true)).isEqualTo(4);
    }
}
