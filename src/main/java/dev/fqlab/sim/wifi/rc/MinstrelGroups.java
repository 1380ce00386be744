package dev.fqlab.sim.wifi.rc;

/**
 * {@code minstrel_mcs_groups[]} of net/mac80211/rc80211_minstrel_ht.c (Linux 6.18, as backports-6.18.39 ships it;
 * the table and its macros are those of the sampling rewrite of Linux 5.12): 16 HT groups (streams 1–4 × SGI × HT40,
 * {@code GROUP_IDX}), the CCK group, the OFDM group, 24 VHT groups (streams × SGI × 20/40/80 MHz,
 * {@code VHT_GROUP_IDX}), each with ten rates and a duration per rate in the kernel's integer arithmetic:
 * <pre>
 *   MCS_NBITS           = (AVG_PKT_SIZE * AVG_AMPDU_SIZE) &lt;&lt; 3        // 1200 × 16 × 8 = 153600 bits
 *   MCS_NSYMS(bps)      = DIV_ROUND_UP(MCS_NBITS, bps)
 *   MCS_SYMBOL_TIME     = sgi ? (syms * 18000 + 4000) / 5 : (syms * 1000) &lt;&lt; 2   // ns
 *   MCS_DURATION        = MCS_SYMBOL_TIME(sgi, MCS_NSYMS(streams * bps)) / AVG_AMPDU_SIZE
 *   GROUP_SHIFT(d)      = max(0, 16 - clz(d)),   duration[i] = MCS_DURATION(...) &gt;&gt; shift
 *   OFDM_DURATION(rate) = 1000 * (16 + 16 + 4 + 4 * ((16 + 80 * (AVG_PKT_SIZE + 4) + 6) / (rate * 4)))
 * </pre>
 * ({@code minstrel_get_duration} = {@code duration[i] << shift}, in ns per 1200-byte frame of a 16-frame A-MPDU,
 * without preamble). The OFDM data time is rounded down (a plain {@code /}), as in the kernel.
 */
final class MinstrelGroups {
    static final int MAX_STREAMS = 4;
    static final int MCS_GROUP_RATES = 10;
    static final int HT_GROUP_0 = 0;
    static final int CCK_GROUP = HT_GROUP_0 + MAX_STREAMS * 4;
    static final int OFDM_GROUP = CCK_GROUP + 1;
    static final int VHT_GROUP_0 = OFDM_GROUP + 1;
    static final int GROUPS = VHT_GROUP_0 + MAX_STREAMS * 6;
    static final int AVG_PKT_SIZE = 1200;
    static final int AVG_AMPDU_SIZE = 16;
    static final int MCS_NBITS = (AVG_PKT_SIZE * AVG_AMPDU_SIZE) << 3;

    enum Kind { HT, CCK, OFDM, VHT }

    /** Data bits per symbol and stream of HT MCS 0–7 at 20 and 40 MHz ({@code MCS_GROUP}). */
    private static final int[][] HT_BPS = {
        {26, 52, 78, 104, 156, 208, 234, 260},
        {54, 108, 162, 216, 324, 432, 486, 540}};
    /** {@code BW2VBPS}: VHT MCS 0–9 at 20, 40, 80 MHz (20 MHz MCS 9: 346, 346.67 truncated). */
    private static final int[][] VHT_BPS = {
        {26, 52, 78, 104, 156, 208, 234, 260, 312, 346},
        {54, 108, 162, 216, 324, 432, 486, 540, 648, 720},
        {117, 234, 351, 468, 702, 936, 1053, 1170, 1404, 1560}};
    /** {@code minstrel_cck_bitrates} and {@code minstrel_ofdm_bitrates}, in 100 kbit/s. */
    static final int[] CCK_BITRATES = {10, 20, 55, 110};
    static final int[] OFDM_BITRATES = {60, 90, 120, 180, 240, 360, 480, 540};

    static final Kind[] KIND = new Kind[GROUPS];
    static final int[] STREAMS = new int[GROUPS];
    static final boolean[] SGI = new boolean[GROUPS];
    /** BW_20 0, BW_40 1, BW_80 2. */
    static final int[] BW = new int[GROUPS];
    static final int[] SHIFT = new int[GROUPS];
    static final int[][] DURATION = new int[GROUPS][MCS_GROUP_RATES];

    static {
        for (int bw = 0; bw < 2; bw++) {
            for (int sgi = 0; sgi < 2; sgi++) {
                for (int streams = 1; streams <= MAX_STREAMS; streams++) {
                    int g = HT_GROUP_0 + MAX_STREAMS * 2 * bw + MAX_STREAMS * sgi + streams - 1;
                    define(g, Kind.HT, streams, sgi == 1, bw, HT_BPS[bw], 8);
                }
            }
        }
        KIND[CCK_GROUP] = Kind.CCK;
        STREAMS[CCK_GROUP] = 1;
        SHIFT[CCK_GROUP] = groupShift(cckDuration(10, false));
        for (int i = 0; i < 4; i++) {
            DURATION[CCK_GROUP][i] = cckDuration(CCK_BITRATES[i], false) >> SHIFT[CCK_GROUP];
            DURATION[CCK_GROUP][i + 4] = cckDuration(CCK_BITRATES[i], true) >> SHIFT[CCK_GROUP];
        }
        KIND[OFDM_GROUP] = Kind.OFDM;
        STREAMS[OFDM_GROUP] = 1;
        SHIFT[OFDM_GROUP] = groupShift(ofdmDuration(60));
        for (int i = 0; i < 8; i++) {
            DURATION[OFDM_GROUP][i] = ofdmDuration(OFDM_BITRATES[i]) >> SHIFT[OFDM_GROUP];
        }
        for (int bw = 0; bw < 3; bw++) {
            for (int sgi = 0; sgi < 2; sgi++) {
                for (int streams = 1; streams <= MAX_STREAMS; streams++) {
                    int g = VHT_GROUP_0 + MAX_STREAMS * 2 * bw + MAX_STREAMS * sgi + streams - 1;
                    define(g, Kind.VHT, streams, sgi == 1, bw, VHT_BPS[bw], 10);
                }
            }
        }
    }

    private MinstrelGroups() {
    }

    private static void define(int g, Kind kind, int streams, boolean sgi, int bw, int[] bps, int rates) {
        KIND[g] = kind;
        STREAMS[g] = streams;
        SGI[g] = sgi;
        BW[g] = bw;
        SHIFT[g] = groupShift(mcsDuration(streams, sgi, bps[0]));
        for (int i = 0; i < rates; i++) {
            DURATION[g][i] = mcsDuration(streams, sgi, bps[i]) >> SHIFT[g];
        }
    }

    /** {@code MCS_DURATION(streams, sgi, bps)}, ns. */
    static int mcsDuration(int streams, boolean sgi, int bps) {
        int bits = streams * bps;
        int syms = (MCS_NBITS + bits - 1) / bits;
        int time = sgi ? (syms * 18000 + 4000) / 5 : (syms * 1000) << 2;
        return time / AVG_AMPDU_SIZE;
    }

    /** {@code CCK_DURATION(bitrate, short)}, ns. */
    static int cckDuration(int bitrate, boolean shortPreamble) {
        return 1000 * (10 + (shortPreamble ? 72 + 24 : 144 + 48) + (8 * (AVG_PKT_SIZE + 4) * 10) / bitrate);
    }

    /** {@code OFDM_DURATION(bitrate)}, ns. */
    static int ofdmDuration(int bitrate) {
        return 1000 * (16 + 16 + 4 + 4 * ((16 + 80 * (AVG_PKT_SIZE + 4) + 6) / (bitrate * 4)));
    }

    /** {@code GROUP_SHIFT(duration)}: {@code _MAX(0, 16 - __builtin_clz(duration))}. */
    static int groupShift(int duration) {
        return Math.max(0, 16 - Integer.numberOfLeadingZeros(duration));
    }

    /** {@code minstrel_get_duration}: the rate's duration, ns. */
    static int duration(int group, int rate) {
        return DURATION[group][rate] << SHIFT[group];
    }

    static boolean legacy(int group) {
        return group == CCK_GROUP || group == OFDM_GROUP;
    }
}
