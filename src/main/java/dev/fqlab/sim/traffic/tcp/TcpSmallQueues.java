package dev.fqlab.sim.traffic.tcp;

/**
 * TCP Small Queues, kernel-spec §6 ({@code tcp_small_queue_check}): a socket may have at most
 * {@code max(2 × truesize, pacingRate >> pacingShift)} bytes of truesize below TCP (in qdiscs, TXQs, driver and
 * hardware queues, on the air) before it stops sending until TX completions free some; capped by
 * {@code tcp_limit_output_bytes} (262144 in Linux 4.16, the seed's kernel, applied unconditionally there) and
 * doubled for retransmissions ({@code factor} 1).
 */
public final class TcpSmallQueues {
    /** {@code sysctl_tcp_limit_output_bytes} of Linux 4.16 (256 KB). */
    public static final long LIMIT_OUTPUT_BYTES = 262_144;

    private TcpSmallQueues() {
    }

    /**
     * The limit in bytes of truesize.
     *
     * @param pacingRateBytesPerS {@code sk_pacing_rate}
     * @param truesize the truesize of the segment about to be sent
     * @param factor 0 for new data, 1 for a retransmission
     */
    public static long limit(long pacingRateBytesPerS, int pacingShift, int truesize, int factor) {
        long limit = Math.max(2L * truesize, pacingRateBytesPerS >> pacingShift);
        limit = Math.min(limit, LIMIT_OUTPUT_BYTES);
        return limit << factor;
    }

    /**
     * Whether the check stops the send: {@code sk_wmem_alloc > limit} — strictly, so a socket at exactly the limit
     * may still send one more segment — unless nothing is unacknowledged (the kernel always lets the first skb of
     * an empty retransmit queue go).
     */
    public static boolean throttles(long wmemAlloc, long limit, boolean nothingUnacked) {
        return !nothingUnacked && wmemAlloc > limit;
    }
}
