package dev.fqlab.sim.wifi.phy;

/**
 * The control responses that end a frame exchange, sent SIFS after the data PPDU at the basic rate: 24 Mbit/s
 * 802.11a OFDM (the highest mandatory rate of a 5 GHz BSS basic rate set not above the data frame's; 10.6,
 * multirate support), in a non-HT PPDU of {@link PhyMode#legacy}'s duration.
 *
 * <ul>
 *   <li>Ack: Frame Control 2 + Duration 2 + RA 6 + FCS 4 = 14 bytes → 20 µs + 4 µs × ⌈(16 + 112 + 6)/96⌉ = 28 µs.</li>
 *   <li>Compressed BlockAck (9.3.1.9): Frame Control 2 + Duration 2 + RA 6 + TA 6 + BA Control 2 + Starting
 *       Sequence Control 2 + 8-byte bitmap + FCS 4 = 32 bytes → 20 µs + 4 µs × ⌈(16 + 256 + 6)/96⌉ = 32 µs.</li>
 * </ul>
 * kernel-spec §9.1 counts "BlockAck ≈ 36 µs", which is the 32-byte BlockAck at 18 Mbit/s (4 symbols); at the
 * 24 Mbit/s basic rate it is 32 µs.
 */
public final class ControlFrames {

    public static final int ACK_BYTES = 14;
    public static final int BLOCK_ACK_BYTES = 32;
    public static final double BASIC_RATE_MBPS = 24;

    private static final PhyMode BASIC = PhyMode.legacy(BASIC_RATE_MBPS);

    private ControlFrames() {
    }

    /** An Ack at the basic rate: 28 µs. */
    public static long ackNs() {
        return BASIC.ppduNs(ACK_BYTES);
    }

    /** A compressed BlockAck at the basic rate: 32 µs. */
    public static long blockAckNs() {
        return BASIC.ppduNs(BLOCK_ACK_BYTES);
    }
}
