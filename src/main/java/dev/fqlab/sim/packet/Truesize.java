package dev.fqlab.sim.packet;

/**
 * A model of {@code skb->truesize} (kernel-spec §0): the buffer an skb occupies, which memory limits count.
 * Linux allocates the data area from power-of-two slabs (headroom and {@code skb_shared_info} included) and adds
 * the {@code sk_buff} itself: about 2.6 KB for a 1514-byte frame and 1.1 KB for a small packet, inside the
 * 2.3–4.6 KB and "5–10× len" ranges kernel-spec gives.
 */
public final class Truesize {
    /** sizeof(struct sk_buff) + sizeof(struct skb_shared_info), rounded as slabs do. */
    private static final int SKB_OVERHEAD = 576;
    private static final int HEADROOM = 64;
    private static final int MIN_DATA = 512;

    private Truesize() {
    }

    public static int of(int frameBytes) {
        int data = Math.max(frameBytes + HEADROOM, MIN_DATA);
        return SKB_OVERHEAD + Integer.highestOneBit(data - 1) * 2;
    }
}
