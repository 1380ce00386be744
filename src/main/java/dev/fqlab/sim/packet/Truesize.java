package dev.fqlab.sim.packet;

/**
 * A model of {@code skb->truesize} (kernel-spec §0): the buffer an skb occupies, which memory limits count.
 * {@link #of} is fqlab's generic model (not derived from one allocation path): the data area from power-of-two slabs
 * (headroom and {@code skb_shared_info} included) plus the {@code sk_buff} itself: about 2.6 KB for a 1514-byte frame
 * and 1.1 KB for a small packet, inside the 2.3–4.6 KB and "5–10× len" ranges kernel-spec gives.
 * {@link #allocSkb} is the kernel's own arithmetic for a linear skb (net/core/skbuff.c {@code __alloc_skb}, v4.16,
 * x86-64 layout).
 */
public final class Truesize {
    /** sizeof(struct sk_buff) + sizeof(struct skb_shared_info), rounded as slabs do. */
    private static final int SKB_OVERHEAD = 576;
    private static final int HEADROOM = 64;
    private static final int MIN_DATA = 512;

    /** {@code SMP_CACHE_BYTES} on x86-64: {@code SKB_DATA_ALIGN} rounds up to it. */
    static final int CACHE_LINE = 64;
    /**
     * {@code SKB_DATA_ALIGN(sizeof(struct skb_shared_info))} on x86-64: 320 (17 page frags of 16 bytes,
     * {@code MAX_SKB_FRAGS} with 4 KiB pages, after 48 bytes of fields).
     */
    static final int SHARED_INFO = 320;
    /** {@code SKB_DATA_ALIGN(sizeof(struct sk_buff))} on x86-64: 232 bytes, rounded to 256. */
    static final int SK_BUFF = 256;
    /** SLUB's largest kmalloc cache ({@code KMALLOC_SHIFT_HIGH = PAGE_SHIFT + 1}): 8 KiB; beyond it whole pages. */
    private static final int KMALLOC_MAX_CACHE = 8192;

    private Truesize() {
    }

    /**
     * The truesize of a linear skb asked for {@code size} bytes of data ({@code __alloc_skb}, v4.16):
     * {@code kmalloc(SKB_DATA_ALIGN(size) + SKB_DATA_ALIGN(sizeof(struct skb_shared_info)))}, whose
     * {@code ksize()} (the kmalloc cache the request falls in) less the shared info becomes the data size, and
     * {@code truesize = SKB_TRUESIZE(that)} adds back the shared info and the aligned {@code sk_buff}: so
     * {@code ksize + 256}. A TCP segment of a 1448-byte MSS without GSO asks for 1448 + {@code MAX_TCP_HEADER} (320)
     * = 1768 bytes: 1792 + 320 = 2112, the 4096-byte cache, truesize 4352.
     */
    public static int allocSkb(int size) {
        int request = align(size) + SHARED_INFO;
        return kmallocSize(request) + SK_BUFF;
    }

    /**
     * The truesize of a TCP GSO skb carrying {@code payloadBytes} in page fragments (v4.17 and later):
     * {@code tcp_stream_alloc_skb} ({@code sk_stream_alloc_skb} before v5.17) allocates a head of
     * {@code MAX_TCP_HEADER} bytes, whose truesize is {@code headTruesize} — {@code allocSkb(320)} = kmalloc-1024
     * + 256 = 1280 before v6.3, {@code SKB_SMALL_HEAD_CACHE_SIZE} (640) + 256 = 896 from v6.3 — and
     * {@code tcp_sendmsg_locked} copies the data into page fragments, each copy adding its length to the truesize
     * ({@code skb_copy_to_page_nocache}: {@code skb->truesize += copy}); {@code tso_fragment} moves the truesize of
     * the bytes it splits off with them. So a 64 KB GSO skb of 45 × 1448 = 65160 bytes has truesize 66440
     * (1280 + 65160) before v6.3, 66056 after.
     */
    public static int gsoSkb(int headTruesize, int payloadBytes) {
        return headTruesize + payloadBytes;
    }

    /**
     * {@code ksize()} of a kmalloc of {@code bytes} under SLUB: the generic caches 8 … 256 in powers of two plus 96
     * and 192, then powers of two to 8 KiB; larger requests get whole pages, a power of two of them.
     */
    static int kmallocSize(int bytes) {
        if (bytes <= 96 && bytes > 64) {
            return 96;
        }
        if (bytes <= 192 && bytes > 128) {
            return 192;
        }
        int size = Math.max(8, Integer.highestOneBit(Math.max(1, bytes - 1)) << 1);
        return bytes <= KMALLOC_MAX_CACHE ? size : Math.max(size, 4096);
    }

    private static int align(int bytes) {
        return (bytes + CACHE_LINE - 1) & -CACHE_LINE;
    }

    public static int of(int frameBytes) {
        int data = Math.max(frameBytes + HEADROOM, MIN_DATA);
        return SKB_OVERHEAD + Integer.highestOneBit(data - 1) * 2;
    }
}
