package dev.fqlab.sim.wifi.mac;

import dev.fqlab.sim.packet.Packet;
import dev.fqlab.sim.wifi.phy.MacFraming;

/**
 * A-MSDU framing, IEEE 802.11-2016 9.3.2.2 (A-MSDU format, Figure 9-64 and 9-65): an A-MSDU is a sequence of
 * subframes, each a 14-byte subframe header (DA 6, SA 6, Length 2), the MSDU — here the LLC/SNAP header (8) and the
 * IP packet — and padding of 0–3 bytes so that each subframe but the last is a multiple of 4 bytes long. It travels
 * as the body of one QoS data MPDU (header 26, FCS 4) with the QoS Control's A-MSDU Present bit set.
 *
 * <p>In the model an A-MSDU is its first packet (the head) with the others chained on {@link Packet#msduNext}; the
 * head carries the count and the length. The chain is one MPDU everywhere on the air: one sequence number, one
 * BlockAck bit, delivered or lost whole, retransmitted whole; the receiver hands its MSDUs on one by one.
 */
public final class Amsdu {
    /** DA, SA, Length. */
    public static final int SUBFRAME_HEADER_BYTES = 14;

    private Amsdu() {
    }

    /** The A-MSDU subframe that carries an IP packet, unpadded: header 14 + LLC/SNAP 8 + IP; 1500 → 1522. */
    public static int subframeBytes(int ipBytes) {
        return SUBFRAME_HEADER_BYTES + MacFraming.LLC_SNAP_BYTES + ipBytes;
    }

    /** The A-MSDU that has {@code amsduBytes} so far and gets one more subframe: the last one is padded first. */
    public static int appended(int amsduBytes, int ipBytes) {
        return ((amsduBytes + 3) & ~3) + subframeBytes(ipBytes);
    }

    /** The MPDU carrying an A-MSDU of {@code amsduBytes}: QoS data header 26 + A-MSDU + FCS 4. */
    public static int mpduBytesOf(int amsduBytes) {
        return MacFraming.QOS_DATA_HEADER_BYTES + amsduBytes + MacFraming.FCS_BYTES;
    }

    /** The MPDU that carries {@code p}: its A-MSDU when it heads one, else the lone MSDU. */
    public static int mpduBytes(Packet p) {
        return p.amsduMsdus > 1 ? mpduBytesOf(p.amsduBytes) : MacFraming.mpduBytes(p.ipBytes);
    }

    /** MSDUs the MPDU headed by {@code p} carries. */
    public static int msdus(Packet p) {
        return Math.max(1, p.amsduMsdus);
    }

    /** Appends {@code q} to the A-MSDU headed by {@code head} (which becomes one if it was a lone MSDU). */
    public static void append(Packet head, Packet q) {
        if (head.amsduMsdus <= 1) {
            head.amsduMsdus = 1;
            head.amsduBytes = subframeBytes(head.ipBytes);
        }
        Packet tail = head;
        while (tail.msduNext != null) {
            tail = tail.msduNext;
        }
        tail.msduNext = q;
        q.msduNext = null;
        head.amsduBytes = appended(head.amsduBytes, q.ipBytes);
        head.amsduMsdus++;
    }

    /** Whether an MSDU of {@code ipBytes} may join the A-MSDU (or lone MSDU) {@code head} within the limits. */
    public static boolean fits(Packet head, int ipBytes, int maxSubframes, int maxMpduBytes) {
        int msdus = msdus(head);
        int bytes = head.amsduMsdus > 1 ? head.amsduBytes : subframeBytes(head.ipBytes);
        return msdus < maxSubframes && mpduBytesOf(appended(bytes, ipBytes)) <= maxMpduBytes;
    }

    /** Unlinks the chain headed by {@code head}; returns the MSDU after it (the head becomes a lone packet). */
    public static Packet detach(Packet head) {
        Packet next = head.msduNext;
        head.msduNext = null;
        head.amsduMsdus = 0;
        head.amsduBytes = 0;
        return next;
    }
}
