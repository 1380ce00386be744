package dev.fqlab.sim.traffic.tcp;

import dev.fqlab.sim.kernel.TcpRules;
import dev.fqlab.sim.packet.Packet;
import dev.fqlab.sim.packet.Truesize;

/**
 * TCP Small Queues, kernel-spec §6 (net/ipv4/tcp_output.c {@code tcp_small_queue_check}, v4.16 and v6.x): a socket
 * may have at most {@code max(2 × truesize, pacingRate >> pacingShift)} bytes of truesize below TCP (in qdiscs, TXQs,
 * driver and hardware queues, on the air) before it stops sending until TX completions free some; capped by
 * {@code tcp_limit_output_bytes} — in v4.16 (262144) always, from v4.20 (1 MiB, 4 MiB from v6.16) only while the
 * socket is not paced ({@code sk_pacing_status == SK_PACING_NONE}) — and doubled for retransmissions
 * ({@code factor} 1). The profile's values come from {@link TcpRules}. An instance is one socket's account:
 * {@code sk_wmem_alloc} rises by a segment's truesize when it is sent and falls when its skb is freed
 * ({@code tcp_wfree}), at TX completion or at drop.
 *
 * <p>What a segment's skb counts ({@link #truesize}): before v4.17 ({@code gsoAlwaysOn} false) a socket whose
 * device lacks {@code NETIF_F_SG} has no GSO — net/core/dev.c {@code netdev_fix_features} drops
 * {@code NETIF_F_GSO} without SG ("Software GSO depends on SG"), and mac80211 gives its netdevs only the features
 * the driver declares ({@code hw->netdev_features}; ath9k declares none) — so {@code tcp_sendmsg} allocates a
 * linear skb of {@code select_size() = mss_cache} + {@code MAX_TCP_HEADER} bytes per segment, whatever its payload:
 * {@link Truesize#allocSkb}, 4352 bytes for a 1448-byte MSS on x86-64. Every TSQ sender in fqlab sits on a WiFi
 * device (a local down flow on the AP, an up flow on a station), so this is the v4.16 profile's rule.
 *
 * <p>From v4.17 ("tcp: switch to GSO being always on") TCP always builds GSO skbs, and {@code tcp_write_xmit} runs
 * {@code tcp_small_queue_check} on the skb it is about to send, already cut ({@code tso_fragment}) to
 * {@code min(cwnd quota, tcp_tso_segs)} segments by {@code tcp_mss_split_point}: the limit's floor is
 * {@code 2 × skb->truesize} of that GSO skb ({@link #checkedTruesize}: {@link TsoAutosize} segments, at most the
 * window's quota and the data ready, of {@link Truesize#gsoSkb}), so with GSO the floor is about two
 * {@code tcp_tso_autosize} skbs — twice the {@code pacing_rate >> sk_pacing_shift} term whenever an skb has more
 * than the minimum two segments. fqlab still sends, checks and charges one segment at a time: each segment's
 * charge stays {@link Truesize#of}'s generic figure (the kernel charges the GSO skb's truesize, then
 * {@code tcp_gso_segment} moves {@code sk_wmem_alloc} to the sum of the segments' truesizes, which depends on
 * whether the device does scatter-gather), and one check covers one segment, not a whole GSO skb (README
 * "Kernel profiles": open).
 */
public final class TcpSmallQueues {
    /** {@code sysctl_tcp_limit_output_bytes} of Linux 4.16 (256 KB). */
    public static final long LIMIT_OUTPUT_BYTES = 262_144;

    private final int pacingShift;
    private final long limitOutputBytes;
    private final boolean capsPacedFlows;
    /** {@code sk_wmem_alloc}: truesize of the socket's segments below TCP. */
    private long wmemAlloc;
    /** The check stopped a send ({@code TSQ_THROTTLED}): the next release wakes the sender. */
    private boolean throttled;

    /** Each segment's truesize without GSO (a linear skb of the MSS), or 0 where GSO is always on. */
    private final int linearSkbTruesize;

    private final TcpRules rules;
    private final int mss;

    TcpSmallQueues(int pacingShift, TcpRules rules, int mss) {
        this.rules = rules;
        this.mss = mss;
        this.pacingShift = pacingShift;
        this.limitOutputBytes = rules.limitOutputBytes();
        this.capsPacedFlows = rules.tsqCapsPacedFlows();
        this.linearSkbTruesize = rules.gsoAlwaysOn() ? 0 : Truesize.allocSkb(mss + TsoAutosize.MAX_TCP_HEADER);
    }

    /**
     * The truesize of the skb that carries a segment of {@code ipBytes} (IP header included): the linear MSS-sized
     * skb of a socket without GSO (v4.16), else {@link Truesize#of} the Ethernet frame.
     */
    int truesize(int ipBytes) {
        return linearSkbTruesize > 0 ? linearSkbTruesize : Truesize.of(ipBytes + TcpOutput.L2_BYTES);
    }

    /**
     * The {@code skb->truesize} the check's {@code 2 × truesize} floor sees before sending the segment of
     * {@code ipBytes}: without GSO (v4.16) the segment's own linear skb; from v4.17 the GSO skb {@code tcp_write_xmit}
     * would build from it — {@code min(tcp_tso_autosize, quota)} segments, at least one, of payload
     * ({@code (segs − 1) × mss} plus this segment's), in {@link Truesize#gsoSkb} with the profile's head.
     *
     * @param pacingRate {@code sk_pacing_rate}, bytes per second
     * @param minRttUs {@code tcp_min_rtt}, µs ({@code ~0U}, i.e. large, before a sample)
     * @param quota segments the skb may carry besides the autosize: the window's quota
     *              ({@code cwnd − packets in flight}) and the data ready; 1 for a retransmission
     */
    int checkedTruesize(int ipBytes, long pacingRate, long minRttUs, long quota) {
        if (!rules.gsoAlwaysOn()) {
            return truesize(ipBytes);
        }
        long segs = Math.max(1, Math.min(TsoAutosize.segments(pacingRate, pacingShift, mss, minRttUs, rules), quota));
        int payload = ipBytes - TcpFlow.HEADER_BYTES;
        return Truesize.gsoSkb(rules.gsoHeadTruesize(), (int) ((segs - 1) * mss + payload));
    }

    /**
     * {@code tcp_small_queue_check} for a segment of {@code truesize}: whether it must wait for a completion.
     *
     * @param pacingRate {@code sk_pacing_rate}, bytes per second
     * @param paced whether the socket has a pacing status ({@code sk_pacing_status != SK_PACING_NONE})
     * @param nothingUnacked whether the retransmit queue is empty
     */
    boolean holds(long pacingRate, boolean paced, int truesize, boolean retransmit, boolean nothingUnacked) {
        long cap = paced && !capsPacedFlows ? Long.MAX_VALUE : limitOutputBytes;
        long limit = limit(pacingRate, pacingShift, truesize, retransmit ? 1 : 0, cap);
        if (throttles(wmemAlloc, limit, nothingUnacked)) {
            throttled = true;
            return true;
        }
        return false;
    }

    /** The segment's skb goes below TCP holding {@code truesize}. */
    void charge(Packet p, int truesize) {
        p.tsqCharge = truesize;
        wmemAlloc += truesize;
    }

    /**
     * {@code tcp_wfree}: the skb's truesize leaves {@code sk_wmem_alloc}.
     *
     * @return whether a throttled sender is to be woken (the TSQ tasklet)
     */
    boolean release(Packet p) {
        int charge = p.tsqCharge;
        if (charge == 0) {
            return false;
        }
        p.tsqCharge = 0;
        wmemAlloc -= charge;
        if (throttled) {
            throttled = false;
            return true;
        }
        return false;
    }

    long wmemAlloc() {
        return wmemAlloc;
    }

    /**
     * The limit in bytes of truesize.
     *
     * @param pacingRateBytesPerS {@code sk_pacing_rate}
     * @param truesize the truesize of the segment about to be sent
     * @param factor 0 for new data, 1 for a retransmission
     */
    public static long limit(long pacingRateBytesPerS, int pacingShift, int truesize, int factor) {
        return limit(pacingRateBytesPerS, pacingShift, truesize, factor, LIMIT_OUTPUT_BYTES);
    }

    /**
     * The limit with a cap of {@code limitOutputBytes} ({@code Long.MAX_VALUE} for a paced socket from v4.20).
     */
    public static long limit(long pacingRateBytesPerS, int pacingShift, int truesize, int factor,
                             long limitOutputBytes) {
        long limit = Math.max(2L * truesize, pacingRateBytesPerS >> pacingShift);
        limit = Math.min(limit, limitOutputBytes);
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
