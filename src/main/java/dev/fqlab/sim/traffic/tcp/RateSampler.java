package dev.fqlab.sim.traffic.tcp;

/**
 * The delivery-rate estimator of Linux v6.6 net/ipv4/tcp_rate.c ({@code tcp_rate_skb_sent},
 * {@code tcp_rate_skb_delivered}, {@code tcp_rate_gen}, {@code tcp_rate_check_app_limited}): each segment, when sent,
 * keeps a snapshot of the connection's delivery counters ({@code TCP_SKB_CB(skb)->tx}); when it is ACKed or SACKed
 * the snapshot of the most recently sent segment among those delivered by the ACK gives the sample:
 * delivered = {@code tp->delivered} now − then, over max(send phase, ACK phase), the send phase running from the
 * first send time recorded in the snapshot to that segment's send time, the ACK phase from the delivered time in the
 * snapshot to now; a sample shorter than the min RTT is discarded. A sample is application-limited if the segment
 * was sent while {@code tp->app_limited} was set. Times in µs as the kernel keeps them ({@code tcp_mstamp}).
 *
 * <p>The snapshots are rings indexed by segment number, sized at set-up like {@link SentSegments}, so nothing is
 * allocated per segment. Only {@link Bbr} reads the samples, so only a BBR sender keeps a sampler.
 * {@code tp->app_limited} is set only through {@link #markAppLimited} (BBR's PROBE_RTT): fqlab's applications
 * always have data ready (bulk) or have handed the whole transfer over at the start, so
 * {@code tcp_rate_check_app_limited} (run by {@code tcp_sendmsg}) never finds the write queue short. Its initial
 * {@code ~0U} is cleared by the SYN-ACK's ACK processing before the first data segment, as in Linux.
 */
final class RateSampler {
    private final long[] txDelivered;
    /** {@code tx.delivered_mstamp}; 0 = none (a SACKed segment, or never sent). */
    private final long[] txDeliveredMstamp;
    private final long[] txFirstTxMstamp;
    private final boolean[] txAppLimited;
    /** {@code tcp_skb_timestamp_us}: the segment's last departure time. */
    private final long[] txTstamp;
    private final int mask;

    /** {@code tp->delivered}: segments delivered, the SYN included ({@code tcp_count_delivered}). */
    private long delivered;
    /** {@code tp->delivered_mstamp}, µs. */
    private long deliveredMstamp;
    /** {@code tp->first_tx_mstamp}, µs. */
    private long firstTxMstamp;
    /** {@code tp->app_limited}: 0, or the delivered count until which samples are application-limited. */
    private long appLimited;
    /** {@code tp->lost}: segments ever marked lost. */
    private long lost;
    /** {@code tp->rate_delivered}, {@code tp->rate_interval_us}, {@code tp->rate_app_limited}. */
    private long rateDelivered;
    private long rateIntervalUs;
    private boolean rateAppLimited;

    /** @param maxOut the most segments that can be unacknowledged at once */
    RateSampler(long maxOut) {
        int size = Integer.highestOneBit((int) Math.max(2, maxOut)) << 1;
        this.txDelivered = new long[size];
        this.txDeliveredMstamp = new long[size];
        this.txFirstTxMstamp = new long[size];
        this.txAppLimited = new boolean[size];
        this.txTstamp = new long[size];
        this.mask = size - 1;
    }

    /** The SYN was acknowledged: {@code tcp_clean_rtx_queue} counts it delivered. */
    void synAcked(long nowUs) {
        delivered = 1;
        deliveredMstamp = nowUs;
    }

    /**
     * {@code tcp_rate_skb_sent}: segment {@code seg} leaves with departure time {@code tstampUs}
     * ({@code tcp_skb_timestamp_us}) while {@code packetsOut} segments were out before it.
     */
    void sent(long seg, long tstampUs, long packetsOut) {
        if (packetsOut == 0) {
            firstTxMstamp = tstampUs;
            deliveredMstamp = tstampUs;
        }
        int i = (int) (seg & mask);
        txFirstTxMstamp[i] = firstTxMstamp;
        txDeliveredMstamp[i] = deliveredMstamp;
        txDelivered[i] = delivered;
        txAppLimited[i] = appLimited != 0;
        txTstamp[i] = tstampUs;
    }

    /**
     * {@code tcp_rate_skb_delivered}: segment {@code seg} was ACKed ({@code sacked} false) or SACKed; the most
     * recently sent one of an ACK gives the sample's snapshot.
     *
     * @param retrans {@code TCPCB_RETRANS}: the segment was ever sent again
     */
    void delivered(long seg, boolean retrans, boolean sacked, RateSample rs) {
        int i = (int) (seg & mask);
        if (txDeliveredMstamp[i] == 0) {
            return;
        }
        if (rs.priorDelivered == 0 || txDelivered[i] > rs.priorDelivered) {
            rs.priorDelivered = txDelivered[i];
            rs.priorMstampUs = txDeliveredMstamp[i];
            rs.isAppLimited = txAppLimited[i];
            rs.isRetrans = retrans;
            firstTxMstamp = txTstamp[i]; // the send time of the most recently ACKed segment
            rs.intervalUs = Math.max(firstTxMstamp - txFirstTxMstamp[i], 0); // the send phase
        }
        if (sacked) {
            txDeliveredMstamp[i] = 0; // not used again when cumulatively ACKed
        }
    }

    /** {@code tcp_mark_skb_lost} / {@code tcp_notify_skb_loss_event}: {@code tp->lost} grows. */
    void lost(int segments) {
        lost += segments;
    }

    /**
     * {@code tcp_rate_gen}: {@code newlyDelivered} segments were (S)ACKed and {@code newlyLost} marked lost by this
     * ACK at {@code nowUs}; completes {@code rs}.
     *
     * @param minRttUs {@code tcp_min_rtt}
     */
    void generate(long newlyDelivered, long newlyLost, long nowUs, long minRttUs, RateSample rs) {
        delivered += newlyDelivered; // tcp_count_delivered, done while the ACK was taken in
        if (appLimited != 0 && delivered > appLimited) {
            appLimited = 0; // the bubble was ACKed and is gone
        }
        if (newlyDelivered > 0) {
            deliveredMstamp = nowUs;
        }
        rs.ackedSacked = newlyDelivered;
        rs.losses = newlyLost;
        if (rs.priorMstampUs == 0) {
            rs.delivered = -1;
            rs.intervalUs = -1;
            return;
        }
        rs.delivered = delivered - rs.priorDelivered;
        long sndUs = rs.intervalUs;
        long ackUs = Math.max(nowUs - rs.priorMstampUs, 0);
        rs.intervalUs = Math.max(sndUs, ackUs);
        rs.sndIntervalUs = sndUs;
        rs.rcvIntervalUs = ackUs;
        if (rs.intervalUs < minRttUs) {
            rs.intervalUs = -1; // shorter than an RTT: not trusted
            return;
        }
        if (!rs.isAppLimited || rs.delivered * rateIntervalUs >= rateDelivered * rs.intervalUs) {
            rateDelivered = rs.delivered;
            rateIntervalUs = rs.intervalUs;
            rateAppLimited = rs.isAppLimited;
        }
    }

    /**
     * {@code tp->app_limited = (tp->delivered + tcp_packets_in_flight(tp)) ? : 1}: samples are application-limited
     * until what is in flight now is delivered.
     */
    void markAppLimited(long inFlight) {
        long v = delivered + inFlight;
        appLimited = v != 0 ? v : 1;
    }

    long delivered() {
        return delivered;
    }

    long deliveredMstampUs() {
        return deliveredMstamp;
    }

    long lost() {
        return lost;
    }

    boolean appLimited() {
        return appLimited != 0;
    }

    /** The last non-application-limited (or highest application-limited) rate: segments per µs × 10⁶, 0 if none. */
    double rateSegmentsPerSecond() {
        return rateIntervalUs <= 0 ? 0 : rateDelivered * 1e6 / rateIntervalUs;
    }

    boolean rateAppLimited() {
        return rateAppLimited;
    }
}
