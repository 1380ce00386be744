package dev.fqlab.sim.wifi.mac80211;

import dev.fqlab.sim.wifi.phy.MacFraming;
import dev.fqlab.sim.wifi.phy.PhyMode;

/**
 * mac80211's airtime estimate for AQL, net/mac80211/airtime.c of Linux 6.6 ({@code ieee80211_calc_expected_tx_airtime},
 * {@code ieee80211_get_rate_duration}, {@code ieee80211_calc_rx_airtime}, {@code ieee80211_calc_legacy_rate_duration},
 * the {@code airtime_mcs_groups} table) and include/net/mac80211.h of 6.6 ({@code ieee80211_info_set_tx_time_est}),
 * in the kernel's integer arithmetic; kernel-spec §4.6.
 *
 * <p><b>The table.</b> For each HT group (streams, short GI, 40 MHz) and VHT group (streams, short GI, bandwidth) the
 * kernel stores, per MCS, the time to send 1024 bytes in 1/1024 µs, shifted right by the group's {@code shift}
 * to fit a u16:
 * <pre>
 *   MCS_N_KSYMS(bps)        = DIV_ROUND_UP(8192 &lt;&lt; 10, bps)               // kilo-symbols for 1024 bytes
 *   MCS_SYMBOL_TIME(sgi, k) = sgi ? k * 4 * 18 / 20 : k * 4                  // 3.6 or 4 µs per symbol
 *   MCS_DURATION(n, sgi, b) = (u32) MCS_SYMBOL_TIME(sgi, MCS_N_KSYMS(n * b))
 *   shift                   = max(0, 16 - clz(MCS_DURATION(n, sgi, the group's MCS 0 bits per symbol)))
 *   duration[mcs]           = (u16) (MCS_DURATION(n, sgi, bits per symbol of mcs) &gt;&gt; shift)
 * </pre>
 * with HT's bits per stream and symbol 26, 52, 78, 104, 156, 208, 234, 260 (×54/26 at 40 MHz) and VHT's per
 * bandwidth. The VHT groups take their shift from {@code BW2VBPS(bw, 243, 117, 54, 26)}: 243, not 234, at 160 MHz,
 * as the source has it.
 *
 * <p><b>The estimate.</b> {@code len = skb->len + 38}; {@code duration = table << shift}, {@code overhead = 36 +
 * 4·streams}. Legacy rates and frames that are not A-MPDU-able (VO) take {@code ieee80211_calc_rx_airtime}:
 * {@code duration · len / 1024 / 1024 + overhead} (OFDM legacy: {@code 20 + 16 + len·8·10 / rate} with the rate in
 * 100 kbit/s). A-MPDU-able HT/VHT frames share the overhead by {@code agg_shift}: 1 if {@code duration > 400·1024},
 * 2 if {@code > 250·1024}, 3 if {@code > 150·1024}, 4 if {@code > 70·1024}, else 5 (6 only for HE, not modelled);
 * {@code max(duration · len / 1024 / 1024 + (overhead >> agg_shift), 4)}. All of it in u32, each division
 * truncating.
 *
 * <p><b>What AQL charges.</b> {@code ieee80211_info_set_tx_time_est} keeps the estimate in a 10-bit field of 4 µs
 * units, {@code min(est, 4095) >> 2}, and {@code ieee80211_tx_dequeue} charges what it returns, {@code field << 2}:
 * the estimate rounded <em>down</em> to a multiple of 4 µs, at most 4092. (A later patch by Felix Fietkau rounds up
 * with {@code DIV_ROUND_UP}; 6.6 does not.)
 *
 * <p><b>Which length.</b> {@code skb->len} at {@code ieee80211_tx_dequeue} is the 802.11 frame without its FCS:
 * mac80211 builds the QoS data header and the RFC 1042 LLC/SNAP header before queueing (net/mac80211/tx.c,
 * {@code ieee80211_build_hdr} and the fast-xmit path), and the drivers fqlab models use no 802.3 encapsulation
 * offload. So {@code len} = IP packet + 26 + 8 + 38: 1572 for a 1500-byte packet.
 */
public final class ExpectedTxAirtime {
    private static final int AVG_PKT_SIZE = 1024;
    private static final long MCS_NBITS = AVG_PKT_SIZE << 3;
    /** {@code ieee80211_info_set_tx_time_est}: 10 bits of 4 µs. */
    private static final int TX_TIME_EST_MAX_US = 4095;

    /** HT bits per stream and symbol, MCS 0–7, [20 MHz, 40 MHz] ({@code __MCS_GROUP}). */
    private static final int[][] HT_BPS = {
        {26, 52, 78, 104, 156, 208, 234, 260},
        {54, 108, 162, 216, 324, 432, 486, 540}};
    /** VHT bits per stream and symbol, MCS 0–9, per bandwidth 20, 40, 80, 160 MHz ({@code __VHT_GROUP}). */
    private static final int[][] VHT_BPS = {
        {26, 52, 78, 104, 156, 208, 234, 260, 312, 346},
        {54, 108, 162, 216, 324, 432, 486, 540, 648, 720},
        {117, 234, 351, 468, 702, 936, 1053, 1170, 1404, 1560},
        {234, 468, 702, 936, 1404, 1872, 2106, 2340, 2808, 3120}};
    /** {@code VHT_GROUP_SHIFT}'s {@code BW2VBPS(_bw, 243, 117, 54, 26)}, per bandwidth 20…160 MHz. */
    private static final int[] VHT_SHIFT_BPS = {26, 54, 117, 243};

    /** [streams − 1][sgi][ht40]: the group's shift and its u16 durations per MCS. */
    private static final int[][][] HT_SHIFT = new int[4][2][2];
    private static final int[][][][] HT_DURATION = new int[4][2][2][8];
    /** [streams − 1][sgi][bw]. */
    private static final int[][][] VHT_SHIFT = new int[4][2][4];
    private static final int[][][][] VHT_DURATION = new int[4][2][4][10];

    static {
        for (int n = 1; n <= 4; n++) {
            for (int sgi = 0; sgi < 2; sgi++) {
                for (int w = 0; w < 2; w++) {
                    int shift = groupShift(mcsDuration(n, sgi == 1, HT_BPS[w][0]));
                    HT_SHIFT[n - 1][sgi][w] = shift;
                    for (int mcs = 0; mcs < 8; mcs++) {
                        HT_DURATION[n - 1][sgi][w][mcs] = (int) ((mcsDuration(n, sgi == 1, HT_BPS[w][mcs]) >> shift)
                                & 0xFFFF);
                    }
                }
                for (int bw = 0; bw < 4; bw++) {
                    int shift = groupShift(mcsDuration(n, sgi == 1, VHT_SHIFT_BPS[bw]));
                    VHT_SHIFT[n - 1][sgi][bw] = shift;
                    for (int mcs = 0; mcs < 10; mcs++) {
                        VHT_DURATION[n - 1][sgi][bw][mcs] =
                                (int) ((mcsDuration(n, sgi == 1, VHT_BPS[bw][mcs]) >> shift) & 0xFFFF);
                    }
                }
            }
        }
    }

    private ExpectedTxAirtime() {
    }

    /** {@code MCS_DURATION(streams, sgi, bps)}: 1024 bytes in 1/1024 µs, as a u32. */
    static long mcsDuration(int streams, boolean sgi, int bps) {
        long bitsPerSymbol = (long) streams * bps;
        long ksyms = ((MCS_NBITS << 10) + bitsPerSymbol - 1) / bitsPerSymbol; // DIV_ROUND_UP
        long time = sgi ? ksyms * 4 * 18 / 20 : ksyms * 4;
        return time & 0xFFFF_FFFFL;
    }

    /** {@code GROUP_SHIFT(duration)}: {@code max(0, 16 - __builtin_clz(duration))}. */
    static int groupShift(long duration) {
        return Math.max(0, 16 - Integer.numberOfLeadingZeros((int) duration));
    }

    /**
     * {@code ieee80211_get_rate_duration}: the table entry shifted back, in 1/1024 µs per 1024 bytes; 0 for a legacy
     * rate (no table).
     */
    static long rateDuration(PhyMode phy) {
        int n = phy.spatialStreams();
        int sgi = phy.shortGuardInterval() ? 1 : 0;
        return switch (phy.format()) {
            case HT -> {
                int w = phy.channelWidthMhz() == 40 ? 1 : 0;
                yield (long) HT_DURATION[n - 1][sgi][w][phy.mcs() & 7] << HT_SHIFT[n - 1][sgi][w];
            }
            case VHT -> {
                int bw = Integer.numberOfTrailingZeros(phy.channelWidthMhz() / 20);
                yield (long) VHT_DURATION[n - 1][sgi][bw][phy.mcs()] << VHT_SHIFT[n - 1][sgi][bw];
            }
            case NON_HT -> 0;
        };
    }

    /**
     * {@code ieee80211_calc_expected_tx_airtime(hw, vif, sta, skbLen, ampdu)} for a station whose last TX rate is
     * {@code phy}: µs, before AQL stores it.
     */
    public static long estimateUs(PhyMode phy, int skbLen, boolean ampdu) {
        long len = skbLen + 38; // "Ethernet header length"
        if (phy.format() == PhyMode.Format.NON_HT) {
            // ieee80211_calc_legacy_rate_duration, OFDM: preamble + SIFS, then len·8·10 / bitrate (100 kbit/s units)
            long bitrate = Math.round(phy.dataRateMbps() * 10);
            return 20 + 16 + ((len << 3) * 10) / bitrate;
        }
        long duration = rateDuration(phy);
        long overhead = 36 + ((long) phy.spatialStreams() << 2);
        long scaled = ((duration * len) & 0xFFFF_FFFFL) / AVG_PKT_SIZE / 1024;
        if (!ampdu) {
            return scaled + overhead; // ieee80211_calc_rx_airtime
        }
        int aggShift;
        if (duration > 400 * 1024) {
            aggShift = 1;
        } else if (duration > 250 * 1024) {
            aggShift = 2;
        } else if (duration > 150 * 1024) {
            aggShift = 3;
        } else if (duration > 70 * 1024) {
            aggShift = 4;
        } else {
            aggShift = 5; // not HE
        }
        return Math.max(scaled + (overhead >> aggShift), 4);
    }

    /** {@code ieee80211_info_set_tx_time_est}'s return value: {@code (min(est, 4095) >> 2) << 2} µs. */
    public static long chargedUs(long estimateUs) {
        return (Math.min(estimateUs, TX_TIME_EST_MAX_US) >> 2) << 2;
    }

    /**
     * What AQL charges for an IP packet of {@code ipBytes} sent as a QoS data frame at {@code phy}, in ns;
     * {@code ampdu} is false for VO ({@code txq->ac != IEEE80211_AC_VO}).
     */
    public static long aqlNs(PhyMode phy, int ipBytes, boolean ampdu) {
        int skbLen = ipBytes + MacFraming.QOS_DATA_HEADER_BYTES + MacFraming.LLC_SNAP_BYTES;
        return chargedUs(estimateUs(phy, skbLen, ampdu)) * 1_000;
    }
}
