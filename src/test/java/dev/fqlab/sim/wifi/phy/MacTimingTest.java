package dev.fqlab.sim.wifi.phy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.fqlab.sim.scenario.AccessCategory;
import org.junit.jupiter.api.Test;

/** MAC framing, EDCA parameters and control responses, with the numbers worked out by hand in the comments. */
class MacTimingTest {

    @Test
    void framingOfA1500ByteIpPacket() {
        // 26 QoS header + 8 LLC/SNAP + 1500 + 4 FCS = 1538; + 4 delimiter = 1542, padded to 4 → 1544
        assertThat(MacFraming.mpduBytes(1500)).isEqualTo(1538);
        assertThat(MacFraming.subframeBytes(1538)).isEqualTo(1544);
        assertThat(MacFraming.MPDU_OVERHEAD_BYTES).isEqualTo(38); // mac80211's "len + 38" (kernel-spec §4.6)
    }

    @Test
    void subframePadding() {
        // 40-byte TCP ACK: 78-byte MPDU + 4 = 82 → 84; 64-byte ping: 102 + 4 = 106 → 108
        assertThat(MacFraming.subframeBytes(MacFraming.mpduBytes(40))).isEqualTo(84);
        assertThat(MacFraming.subframeBytes(MacFraming.mpduBytes(64))).isEqualTo(108);
        // already a multiple of 4: 1540 + 4 = 1544, no padding; 1541 → 1545 → 1548
        assertThat(MacFraming.subframeBytes(1540)).isEqualTo(1544);
        assertThat(MacFraming.subframeBytes(1541)).isEqualTo(1548);
        assertThat(MacFraming.subframeBytes(0)).isEqualTo(4);
        assertThatThrownBy(() -> MacFraming.mpduBytes(-1)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> MacFraming.subframeBytes(-1)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void aifsPerAccessCategory() {
        // AIFSN × 9 µs + 16 µs: BE 3 → 43 µs, VI/VO 2 → 34 µs, BK 7 → 79 µs
        assertThat(Edca.aifsNs(AccessCategory.BE)).isEqualTo(43_000);
        assertThat(Edca.aifsNs(AccessCategory.VI)).isEqualTo(34_000);
        assertThat(Edca.aifsNs(AccessCategory.VO)).isEqualTo(34_000);
        assertThat(Edca.aifsNs(AccessCategory.BK)).isEqualTo(79_000);
        assertThat(Edca.SLOT_NS).isEqualTo(9_000);
        assertThat(Edca.SIFS_NS).isEqualTo(16_000);
    }

    @Test
    void defaultEdcaParameterSet() {
        // Table 9-137 with aCWmin 15, aCWmax 1023 (OFDM): BK/BE 15..1023, VI 7..15, VO 3..7
        assertThat(Edca.cwMin(AccessCategory.BK)).isEqualTo(15);
        assertThat(Edca.cwMax(AccessCategory.BK)).isEqualTo(1023);
        assertThat(Edca.cwMin(AccessCategory.BE)).isEqualTo(15);
        assertThat(Edca.cwMax(AccessCategory.BE)).isEqualTo(1023);
        assertThat(Edca.cwMin(AccessCategory.VI)).isEqualTo(7);
        assertThat(Edca.cwMax(AccessCategory.VI)).isEqualTo(15);
        assertThat(Edca.cwMin(AccessCategory.VO)).isEqualTo(3);
        assertThat(Edca.cwMax(AccessCategory.VO)).isEqualTo(7);
        assertThat(Edca.aifsn(AccessCategory.BK)).isEqualTo(7);
        assertThat(Edca.aifsn(AccessCategory.BE)).isEqualTo(3);
        // TXOP limits for OFDM/HT/VHT: BK, BE 0 (one A-MPDU per TXOP); VI 3.008 ms; VO 1.504 ms
        assertThat(Edca.txopLimitNs(AccessCategory.BK)).isZero();
        assertThat(Edca.txopLimitNs(AccessCategory.BE)).isZero();
        assertThat(Edca.txopLimitNs(AccessCategory.VI)).isEqualTo(3_008_000);
        assertThat(Edca.txopLimitNs(AccessCategory.VO)).isEqualTo(1_504_000);
    }

    @Test
    void interframeSpacesAndTimeouts() {
        // DIFS = SIFS + 2 slots = 16 + 18 = 34 µs (10.3.2.3)
        assertThat(Edca.DIFS_NS).isEqualTo(34_000);
        // EIFS = aSIFSTime + AckTxTime at the lowest mandatory rate + DIFS (10.3.2.3.7): an Ack at 6 Mbit/s is
        // 20 µs + 4 µs × ⌈(16 + 112 + 6)/24⌉ = 20 + 24 = 44 µs, so EIFS = 16 + 44 + 34 = 94 µs
        assertThat(ControlFrames.ackAtLowestRateNs()).isEqualTo(44_000);
        assertThat(Edca.EIFS_NS).isEqualTo(94_000);
        // an EDCAF defers EIFS − DIFS + AIFS[AC] (10.22.2.4): 60 µs beyond its AIFS
        assertThat(Edca.EIFS_MINUS_DIFS_NS).isEqualTo(60_000);
        // AckTimeout = aSIFSTime + aSlotTime + aRxPHYStartDelay (25 µs, Table 17-21) = 16 + 9 + 25 = 50 µs
        assertThat(Edca.ACK_TIMEOUT_NS).isEqualTo(50_000);
    }

    @Test
    void theApsOwnEdcaParameterSet() {
        // hostapd_config_defaults' tx_queue_data3..0 (the dot11QAPEDCATable): BK 7/15/1023, BE 3/15/63,
        // VI 1/7/15, VO 1/3/7; TXOP 0, 0, (30 × 100 + 16)/32 = 94 units = 3008 µs, (15 × 100 + 16)/32 = 47 → 1504 µs
        assertThat(Edca.accessPoint(AccessCategory.BK)).isEqualTo(
                new Edca.Parameters(AccessCategory.BK, 7, 15, 1023, 0));
        assertThat(Edca.accessPoint(AccessCategory.BE)).isEqualTo(
                new Edca.Parameters(AccessCategory.BE, 3, 15, 63, 0));
        assertThat(Edca.accessPoint(AccessCategory.VI)).isEqualTo(
                new Edca.Parameters(AccessCategory.VI, 1, 7, 15, 3_008_000));
        assertThat(Edca.accessPoint(AccessCategory.VO)).isEqualTo(
                new Edca.Parameters(AccessCategory.VO, 1, 3, 7, 1_504_000));
        // AIFSN 1 → AIFS = 9 + 16 = 25 µs (PIFS); the stations' VO and VI: 2 → 34 µs
        assertThat(Edca.accessPoint(AccessCategory.VO).aifsNs()).isEqualTo(25_000);
        assertThat(Edca.station(AccessCategory.VO).aifsNs()).isEqualTo(34_000);
        assertThat(Edca.station(AccessCategory.BE)).isEqualTo(
                new Edca.Parameters(AccessCategory.BE, 3, 15, 1023, 0));
    }

    @Test
    void contentionWindowDoublesUpToCwMax() {
        // BE: 15, 31, 63, 127, 255, 511, 1023, 1023
        int[] be = {15, 31, 63, 127, 255, 511, 1023, 1023};
        for (int retry = 0; retry < be.length; retry++) {
            assertThat(Edca.contentionWindow(AccessCategory.BE, retry)).isEqualTo(be[retry]);
        }
        assertThat(Edca.contentionWindow(AccessCategory.BE, 1000)).isEqualTo(1023);
        // VO: 3, 7, 7
        assertThat(Edca.contentionWindow(AccessCategory.VO, 0)).isEqualTo(3);
        assertThat(Edca.contentionWindow(AccessCategory.VO, 1)).isEqualTo(7);
        assertThat(Edca.contentionWindow(AccessCategory.VO, 2)).isEqualTo(7);
        // mean backoff CW/2 slots: BE first attempt 7.5 × 9 µs = 67.5 µs (kernel-spec §9.1); VO 1.5 × 9 = 13.5 µs
        assertThat(Edca.meanBackoffNs(AccessCategory.BE, 0)).isEqualTo(67_500);
        assertThat(Edca.meanBackoffNs(AccessCategory.VO, 0)).isEqualTo(13_500);
        assertThatThrownBy(() -> Edca.contentionWindow(AccessCategory.BE, -1))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void controlResponsesAtTheBasicRate() {
        // Ack, 14 bytes at 24 Mbit/s (96 bits per symbol): 16 + 112 + 6 = 134 / 96 → 2 symbols → 20 + 8 = 28 µs
        assertThat(ControlFrames.ackNs()).isEqualTo(28_000);
        // compressed BlockAck, 32 bytes: 16 + 256 + 6 = 278 / 96 → 3 symbols → 20 + 12 = 32 µs
        assertThat(ControlFrames.blockAckNs()).isEqualTo(32_000);
    }

    @Test
    void theResponseRateIsTheHighestBasicRateNotAboveTheDataFramesReferenceRate() {
        // 10.6.6.5.2: basic rates 6, 12, 24 Mbit/s; HT/VHT frames by their non-HT reference rate.
        // BlockAck 278 bits: at 12 Mbit/s (48 bits/symbol) 6 symbols → 44 µs; at 6 (24) 12 symbols → 68 µs.
        assertThat(ControlFrames.responseNs(PhyMode.ht(0, 20, false), true)).isEqualTo(68_000);   // BPSK 1/2 → 6
        assertThat(ControlFrames.responseNs(PhyMode.ht(9, 20, false), true)).isEqualTo(44_000);   // QPSK 1/2 → 12
        assertThat(ControlFrames.responseNs(PhyMode.ht(2, 40, true), true)).isEqualTo(44_000);    // QPSK 3/4 → 18 → 12
        assertThat(ControlFrames.responseNs(PhyMode.ht(11, 20, false), true)).isEqualTo(32_000);  // 16-QAM 1/2 → 24
        assertThat(ControlFrames.responseNs(PhyMode.vht(9, 4, 80, true), true)).isEqualTo(32_000);
        // Ack 134 bits: at 6 Mbit/s 6 symbols → 44 µs; at 12, 3 symbols → 32 µs.
        assertThat(ControlFrames.responseNs(PhyMode.legacy(9), false)).isEqualTo(44_000);
        assertThat(ControlFrames.responseNs(PhyMode.legacy(18), false)).isEqualTo(32_000);
        assertThat(ControlFrames.responseNs(PhyMode.legacy(54), false)).isEqualTo(28_000);
        assertThat(ControlFrames.basicRateMbps(PhyMode.legacy(36))).isEqualTo(24);
    }

    @Test
    void rtsCtsAtTheControlRate() {
        // RTS 20 bytes: 16 + 160 + 6 = 182 bits; CTS 14 bytes: 134 bits (as the Ack).
        // 802.11a 54 Mbit/s data → 24 Mbit/s (96 bits/symbol): RTS 2 symbols = 28 µs, CTS 28 µs;
        // RTS + SIFS + CTS + SIFS = 28 + 16 + 28 + 16 = 88 µs
        assertThat(ControlFrames.rtsRateMbps(PhyMode.legacy(54))).isEqualTo(24);
        assertThat(ControlFrames.rtsNs(PhyMode.legacy(54))).isEqualTo(28_000);
        assertThat(ControlFrames.protectionNs(PhyMode.legacy(54))).isEqualTo(88_000);
        // 12 Mbit/s data → 12 (48 bits/symbol): RTS ⌈182/48⌉ = 4 symbols = 36 µs, CTS 3 = 32 µs → 36 + 16 + 32 + 16
        assertThat(ControlFrames.protectionNs(PhyMode.legacy(12))).isEqualTo(100_000);
        // HT/VHT data: mac80211 leaves rts_cts_rate_idx at 0, 6 Mbit/s (24 bits/symbol): RTS ⌈182/24⌉ = 8 symbols
        // = 52 µs, CTS 6 = 44 µs → 52 + 16 + 44 + 16 = 128 µs, whatever the MCS
        assertThat(ControlFrames.rtsRateMbps(PhyMode.ht(15, 20, false))).isEqualTo(6);
        assertThat(ControlFrames.rtsNs(PhyMode.vht(9, 4, 80, true))).isEqualTo(52_000);
        assertThat(ControlFrames.protectionNs(PhyMode.ht(7, 40, true))).isEqualTo(128_000);
    }

    @Test
    void anomalyModelTxopAirtimesOfKernelSpec91() {
        // T = AIFS(BE) 43 + mean backoff 67.5 + PPDU + SIFS 16 + BlockAck 32 (µs)
        long overhead = Edca.aifsNs(AccessCategory.BE) + Edca.meanBackoffNs(AccessCategory.BE, 0) + Edca.SIFS_NS
                + ControlFrames.blockAckNs();
        assertThat(overhead).isEqualTo(158_500);
        // fast station: HT20 MCS 15 SGI, 32 × 1544 bytes → PPDU 2780 µs (PhyModeTest) → 2938.5 µs ≈ §9.1's 2.94 ms
        int subframe = MacFraming.subframeBytes(MacFraming.mpduBytes(1500));
        long fast = overhead + PhyMode.ht(15, 20, true).ppduNs(32 * subframe);
        assertThat(fast).isEqualTo(2_938_500);
        // slow station: HT20 MCS 0, 2 × 1544 bytes → PPDU 3840 µs → 3998.5 µs ≈ §9.1's 4.00 ms
        long slow = overhead + PhyMode.ht(0, 20, false).ppduNs(2 * 1544);
        assertThat(slow).isEqualTo(3_998_500);
    }
}
