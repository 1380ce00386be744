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
 */
public final class ControlFrames {

    public static final int ACK_BYTES = 14;
    public static final int BLOCK_ACK_BYTES = 32;
    /** The basic rate set, highest first. */
    private static final double[] BASIC_RATES_MBPS = {24, 12, 6};
    private static final long[] ACK_NS = new long[BASIC_RATES_MBPS.length];
    private static final long[] BLOCK_ACK_NS = new long[BASIC_RATES_MBPS.length];

    static {
        for (int i = 0; i < BASIC_RATES_MBPS.length; i++) {
            PhyMode basic = PhyMode.legacy(BASIC_RATES_MBPS[i]);
            ACK_NS[i] = basic.ppduNs(ACK_BYTES);
            BLOCK_ACK_NS[i] = basic.ppduNs(BLOCK_ACK_BYTES);
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
