package dev.fqlab.sim.wifi.phy;

/**
 * The control responses that end a frame exchange, sent SIFS after the data PPDU in a non-HT PPDU of
 * {@link PhyMode#legacy}'s duration, at the highest rate of the BSS basic rate set not above the data frame's
 * rate (IEEE 802.11-2016 10.6.6.5.2; for an HT or VHT frame its non-HT reference rate). The basic rate set is the
 * mandatory 6, 12 and 24 Mbit/s of a 5 GHz BSS.
 *
 * <ul>
 *   <li>Ack: Frame Control 2 + Duration 2 + RA 6 + FCS 4 = 14 bytes → 20 µs + 4 µs × ⌈(16 + 112 + 6)/N_DBPS⌉:
 *       28 µs at 24 Mbit/s (N_DBPS 96), 32 µs at 12 (48), 44 µs at 6 (24).</li>
 *   <li>Compressed BlockAck (9.3.1.9): Frame Control 2 + Duration 2 + RA 6 + TA 6 + BA Control 2 + Starting
 *       Sequence Control 2 + 8-byte bitmap + FCS 4 = 32 bytes → 20 µs + 4 µs × ⌈(16 + 256 + 6)/N_DBPS⌉: 32 µs at
 *       24 Mbit/s, 44 µs at 12, 68 µs at 6.</li>
 * </ul>
 * kernel-spec §9.1 counts "BlockAck ≈ 36 µs", which is the 32-byte BlockAck at 18 Mbit/s (4 symbols); at the
 * 24 Mbit/s basic rate it is 32 µs.
 *
 * <p>RTS/CTS protection (10.3.2.8 ff.): RTS = Frame Control 2 + Duration 2 + RA 6 + TA 6 + FCS 4 = 20 bytes →
 * 20 µs + 4 µs × ⌈(16 + 160 + 6)/N_DBPS⌉: 28 µs at 24 Mbit/s, 36 µs at 12, 52 µs at 6; the CTS is 14 bytes like
 * the Ack. Linux picks the RTS/CTS rate in mac80211's {@code rate_fixup_ratelist} (net/mac80211/rate.c): for a
 * legacy data rate "the fastest basic rate that is not faster than the data rate"; for an HT or VHT rate it leaves
 * {@code rts_cts_rate_idx} at 0, the lowest rate of the band (6 Mbit/s at 5 GHz), which ath9k sends it at
 * ({@code fi->rtscts_rate}, drivers/net/wireless/ath/ath9k/xmit.c). The CTS answers at the highest basic rate not
 * above the RTS's, the same rate. The exchange RTS + SIFS + CTS + SIFS before the data PPDU is
 * {@link #protectionNs}: 28 + 16 + 28 + 16 = 88 µs at 24 Mbit/s, 52 + 16 + 44 + 16 = 128 µs at 6.
 */
public final class ControlFrames {

    public static final int ACK_BYTES = 14;
    public static final int BLOCK_ACK_BYTES = 32;
    public static final int RTS_BYTES = 20;
    public static final int CTS_BYTES = 14;
    /** The lowest mandatory rate of the OFDM PHY: EIFS's AckTxTime is an Ack sent at it. */
    public static final double LOWEST_RATE_MBPS = 6;
    /** The basic rate set, highest first. */
    private static final double[] BASIC_RATES_MBPS = {24, 12, 6};
    private static final long[] ACK_NS = new long[BASIC_RATES_MBPS.length];
    private static final long[] BLOCK_ACK_NS = new long[BASIC_RATES_MBPS.length];
    private static final long[] RTS_NS = new long[BASIC_RATES_MBPS.length];
    private static final long[] CTS_NS = new long[BASIC_RATES_MBPS.length];
    /** SIFS, as Edca has it (a constant, so no class initialisation order between the two). */
    private static final long SIFS_NS = Edca.SIFS_NS;

    static {
        for (int i = 0; i < BASIC_RATES_MBPS.length; i++) {
            PhyMode basic = PhyMode.legacy(BASIC_RATES_MBPS[i]);
            ACK_NS[i] = basic.ppduNs(ACK_BYTES);
            BLOCK_ACK_NS[i] = basic.ppduNs(BLOCK_ACK_BYTES);
            RTS_NS[i] = basic.ppduNs(RTS_BYTES);
            CTS_NS[i] = basic.ppduNs(CTS_BYTES);
        }
    }

    private ControlFrames() {
    }

    /** The basic rate a response to a frame sent in {@code data} goes at. */
    public static double basicRateMbps(PhyMode data) {
        return BASIC_RATES_MBPS[basicIndex(data)];
    }

    /** The response to a PPDU in {@code data}: a BlockAck after an A-MPDU, else an Ack. */
    public static long responseNs(PhyMode data, boolean aggregated) {
        int i = basicIndex(data);
        return aggregated ? BLOCK_ACK_NS[i] : ACK_NS[i];
    }

    /** An Ack at 24 Mbit/s: 28 µs. */
    public static long ackNs() {
        return ACK_NS[0];
    }

    /** A compressed BlockAck at 24 Mbit/s: 32 µs. */
    public static long blockAckNs() {
        return BLOCK_ACK_NS[0];
    }

    /** An Ack at the lowest mandatory rate, 6 Mbit/s: 44 µs (EIFS's AckTxTime). */
    public static long ackAtLowestRateNs() {
        return ACK_NS[BASIC_RATES_MBPS.length - 1];
    }

    /** The rate of the RTS (and of the CTS answering it) protecting a PPDU sent in {@code data}. */
    public static double rtsRateMbps(PhyMode data) {
        return BASIC_RATES_MBPS[rtsIndex(data)];
    }

    /** The RTS protecting a PPDU sent in {@code data}. */
    public static long rtsNs(PhyMode data) {
        return RTS_NS[rtsIndex(data)];
    }

    /** RTS + SIFS + CTS + SIFS: from the start of the RTS to the start of the data PPDU it protects. */
    public static long protectionNs(PhyMode data) {
        int i = rtsIndex(data);
        return RTS_NS[i] + SIFS_NS + CTS_NS[i] + SIFS_NS;
    }

    /** mac80211: the response rule for a legacy data rate, the band's lowest rate for HT and VHT. */
    private static int rtsIndex(PhyMode data) {
        return data.format() == PhyMode.Format.NON_HT ? basicIndex(data) : BASIC_RATES_MBPS.length - 1;
    }

    private static int basicIndex(PhyMode data) {
        double reference = data.nonHtReferenceRateMbps();
        for (int i = 0; i < BASIC_RATES_MBPS.length - 1; i++) {
            if (BASIC_RATES_MBPS[i] <= reference) {
                return i;
            }
        }
        return BASIC_RATES_MBPS.length - 1;
    }
}
