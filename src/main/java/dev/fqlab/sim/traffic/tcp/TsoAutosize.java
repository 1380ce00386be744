package dev.fqlab.sim.traffic.tcp;

import dev.fqlab.sim.kernel.TcpRules;

/**
 * How many MSS a TCP GSO/TSO skb carries (net/ipv4/tcp_output.c {@code tcp_tso_autosize} and {@code tcp_tso_segs}),
 * by profile: before v5.18, {@code max(min(pacing_rate >> sk_pacing_shift, gso_max_size − 1 − MAX_TCP_HEADER) / mss,
 * tcp_min_tso_segs)} — about one skb per 1 ms of data at shift 10; from v5.18 (65466904b015) the bytes also get a
 * min-RTT allowance, {@code gso_max_size >> (min_rtt_us >> tcp_tso_rtt_log)}, capped at {@code gso_max_size}, so
 * that close peers get bigger skbs; then at most {@code sk_gso_max_segs}.
 *
 * <p>fqlab's TCP sends one segment per packet (see {@link TcpOutput}); from v4.17 this sizes the GSO skb whose
 * truesize TSQ's {@code 2 × skb->truesize} floor counts ({@link TcpSmallQueues#checkedTruesize}).
 */
public final class TsoAutosize {
    /** {@code GSO_MAX_SIZE} (64 KiB), the default {@code gso_max_size} of a device. */
    public static final int GSO_MAX_SIZE = 65_536;
    /**
     * {@code MAX_TCP_HEADER = L1_CACHE_ALIGN(128 + MAX_HEADER)}: 320 with x86-64's 64-byte cache lines and
     * {@code MAX_HEADER} = 176 ({@code LL_MAX_HEADER} 128 + 48 for tunnels).
     */
    public static final int MAX_TCP_HEADER = 320;
    /** {@code GSO_MAX_SEGS}: the default {@code sk_gso_max_segs}. */
    public static final int GSO_MAX_SEGS = 65_535;

    private TsoAutosize() {
    }

    /**
     * @param pacingRate {@code sk_pacing_rate}, bytes per second
     * @param minRttUs {@code tcp_min_rtt}, µs (read only from v5.18)
     * @return segments per skb
     */
    public static int segments(long pacingRate, int pacingShift, int mss, long minRttUs, TcpRules rules) {
        long gsoMaxSize = GSO_MAX_SIZE - 1 - MAX_TCP_HEADER;
        long bytes = pacingRate >> pacingShift;
        if (rules.tsoRttLog() == 0) {
            bytes = Math.min(bytes, gsoMaxSize);
        } else {
            long r = minRttUs >> rules.tsoRttLog();
            if (r < Integer.SIZE) {
                bytes += gsoMaxSize >> r;
            }
            bytes = Math.min(bytes, gsoMaxSize);
        }
        long segs = Math.max(bytes / mss, TcpRules.MIN_TSO_SEGS);
        return (int) Math.min(segs, GSO_MAX_SEGS);
    }
}
