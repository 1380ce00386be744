package dev.fqlab.sim.wifi.phy;

/**
 * Byte counts on the air for an IP packet sent as an 802.11 QoS data frame (IEEE 802.11-2016 9.3.2.1, data frame
 * format) and as a subframe of an A-MPDU (9.7, A-MPDU format), as in kernel-spec §9.1's model.
 *
 * <ul>
 *   <li>MPDU = QoS data header 26 (Frame Control 2, Duration 2, Address 1–3 18, Sequence Control 2, QoS Control 2;
 *       no Address 4, no HT Control) + LLC/SNAP 8 (RFC 1042 encapsulation of the EtherType) + IP packet + FCS 4.
 *       The 38 bytes around the IP packet are the {@code len + 38} of mac80211's airtime estimate (kernel-spec
 *       §4.6). No encryption overhead (an open network).</li>
 *   <li>A-MPDU subframe = 4-byte MPDU delimiter + MPDU, padded to a multiple of 4 bytes (9.7.1). The standard lets
 *       the last subframe of an HT A-MPDU go unpadded; charging every subframe its padding (as §9.1 does) costs at
 *       most 3 bytes per A-MPDU. No extra delimiters for MPDU density.</li>
 * </ul>
 */
public final class MacFraming {

    /** Frame Control, Duration/ID, three addresses, Sequence Control, QoS Control. */
    public static final int QOS_DATA_HEADER_BYTES = 26;
    /** LLC/SNAP header: DSAP, SSAP, control, OUI, EtherType. */
    public static final int LLC_SNAP_BYTES = 8;
    public static final int FCS_BYTES = 4;
    /** Bytes an MPDU adds to the IP packet it carries. */
    public static final int MPDU_OVERHEAD_BYTES = QOS_DATA_HEADER_BYTES + LLC_SNAP_BYTES + FCS_BYTES;
    public static final int DELIMITER_BYTES = 4;

    private MacFraming() {
    }

    /** The MPDU that carries an IP packet of {@code ipBytes}: 1500 → 1538. */
    public static int mpduBytes(int ipBytes) {
        if (ipBytes < 0) {
            throw new IllegalArgumentException("negative IP packet length " + ipBytes);
        }
        return ipBytes + MPDU_OVERHEAD_BYTES;
    }

    /** The A-MPDU subframe that carries an MPDU of {@code mpduBytes}: delimiter, MPDU, padding to 4; 1538 → 1544. */
    public static int subframeBytes(int mpduBytes) {
        if (mpduBytes < 0) {
            throw new IllegalArgumentException("negative MPDU length " + mpduBytes);
        }
        return (DELIMITER_BYTES + mpduBytes + 3) & ~3;
    }
}
