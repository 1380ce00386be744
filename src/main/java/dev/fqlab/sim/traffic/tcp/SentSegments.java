package dev.fqlab.sim.traffic.tcp;

/**
 * What Linux keeps on each skb of the retransmit queue for RTT sampling (net/ipv4/tcp_output.c v6.6
 * {@code tcp_update_skb_after_send}: {@code skb->skb_mstamp_ns}; {@code TCPCB_EVER_RETRANS}): the time of the
 * segment's latest transmission and whether it was ever sent again. A ring indexed by segment number, sized at
 * set-up for the most segments that can be out (the receiver's window), so sending allocates nothing.
 */
final class SentSegments {
    private final long[] xmitNs;
    private final boolean[] everRetransmitted;
    /** The segment's latest skb is still below TCP in this host (qdisc or driver): {@code skb_fclone_busy}. */
    private final boolean[] inHost;
    private final int mask;

    /** @param maxOut the most segments that can be unacknowledged at once */
    SentSegments(long maxOut) {
        int size = Integer.highestOneBit((int) Math.max(2, maxOut)) << 1;
        this.xmitNs = new long[size];
        this.everRetransmitted = new boolean[size];
        this.inHost = new boolean[size];
        this.mask = size - 1;
    }

    /** Segment {@code seg} left at {@code now}, for the first time or again. */
    void sent(long seg, boolean retransmit, long now) {
        int i = (int) (seg & mask);
        xmitNs[i] = now;
        everRetransmitted[i] = retransmit; // a new segment reuses the slot of an old one
    }

    /** When the segment last left ({@code tcp_skb_timestamp_us}). */
    long xmitNs(long seg) {
        return xmitNs[(int) (seg & mask)];
    }

    /** The segment's skb went below TCP in this host ({@code true}) or was completed or dropped there. */
    void inHost(long seg, boolean below) {
        inHost[(int) (seg & mask)] = below;
    }

    /** {@code skb_still_in_host_queue}: Linux does not send a segment again while its last copy is still queued. */
    boolean stillInHost(long seg) {
        return inHost[(int) (seg & mask)];
    }

    /** {@code TCPCB_RETRANS} in the sense of Karn's rule: the segment was sent more than once. */
    boolean everRetransmitted(long seg) {
        return everRetransmitted[(int) (seg & mask)];
    }
}
