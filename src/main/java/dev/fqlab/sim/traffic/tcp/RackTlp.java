package dev.fqlab.sim.traffic.tcp;

import dev.fqlab.sim.core.Time;

/**
 * RACK-TLP loss detection (RFC 8985) as Linux v6.6 net/ipv4/tcp_recovery.c and tcp_output.c do it:
 * <ul>
 * <li>{@code tcp_rack_advance}: every segment delivered (ACKed or SACKed) makes RACK remember the send time and end
 * of the most recently sent delivered segment and its RTT — except a retransmission whose RTT is below min RTT
 * (the ACK may be for the original);</li>
 * <li>{@code tcp_rack_detect_loss}: walking the segments in flight in send order, each sent before that one is
 * lost once {@code rack.rtt + reo_wnd} has passed since it was sent; the others set the reordering timer to the
 * longest wait ({@code tcp_rack_mark_lost}: {@code usecs_to_jiffies(timeout + TCP_TIMEOUT_MIN_US)});</li>
 * <li>{@code tcp_rack_reo_wnd}: 0 in Recovery or Loss, or once {@code sacked_out} reaches {@code tp->reordering}
 * (3) — as long as no reordering was seen (RACK then acts as the duplicate-ACK threshold); otherwise
 * min(min_rtt / 4 × reo_wnd_steps, SRTT), with {@code reo_wnd_steps} = 1 (no DSACK here, so it never grows);</li>
 * <li>{@code tcp_schedule_loss_probe}: PTO = 2·SRTT + 2 ms ({@code TCP_TIMEOUT_MIN_US}), or 2·SRTT + 200 ms
 * ({@code tcp_rto_min}, for a delayed ACK) with one segment out, in whole jiffies, no later than the RTO would
 * fire; only in Open or CWR.</li>
 * </ul>
 * The min RTT is the smallest ACK RTT seen ({@code tcp_min_rtt}; Linux's window of 300 s, {@code tcp_min_rtt_wlen},
 * is longer than a run, so a plain minimum).
 */
final class RackTlp {
    /** {@code TCP_TIMEOUT_MIN_US}. */
    static final long TIMEOUT_MIN_NS = 2 * Time.NS_PER_MS;
    /** {@code TCP_REORDERING}: Linux's initial {@code tp->reordering}. */
    static final int REORDERING = 3;

    private long rttNs;
    private long mstampNs = -1;
    private long endSeq;
    private boolean advanced;
    private long minRttNs;
    /** {@code tp->reord_seen}: reordering was observed at some point. */
    private boolean reordSeen;

    /** {@code tcp_update_rtt_min}. */
    void rttSample(long rttNs) {
        if (minRttNs == 0 || rttNs < minRttNs) {
            minRttNs = Math.max(1, rttNs);
        }
    }

    long minRttNs() {
        return minRttNs;
    }

    /** {@code tcp_rack_advance}. */
    void advance(boolean retransmitted, long end, long xmitNs, long now) {
        long rtt = now - xmitNs;
        if (retransmitted && rtt < minRttNs) {
            return; // ambiguous: the ACK may be for the original
        }
        advanced = true;
        rttNs = rtt;
        if (sentAfter(xmitNs, mstampNs, end, endSeq)) {
            mstampNs = xmitNs;
            endSeq = end;
        }
    }

    /** {@code tcp_skb_sent_after}. */
    private static boolean sentAfter(long t1, long t2, long seq1, long seq2) {
        return t1 > t2 || t1 == t2 && seq1 > seq2;
    }

    /** {@code tcp_check_sack_reordering} saw an original segment delivered below a SACKed one. */
    void reorderingSeen() {
        reordSeen = true;
    }

    boolean reordSeen() {
        return reordSeen;
    }

    /** {@code tcp_rack_reo_wnd}. */
    long reoWndNs(TcpCaState state, int sackedOut, long srttNs) {
        if (!reordSeen && (state.compareTo(TcpCaState.RECOVERY) >= 0 || sackedOut >= REORDERING)) {
            return 0;
        }
        return Math.min(minRttNs >> 2, srttNs);
    }

    /** {@code tcp_rack_skb_timeout}: how long until a segment sent at {@code xmitNs} counts as lost. */
    long skbTimeoutNs(long xmitNs, long reoWndNs, long now) {
        return rttNs + reoWndNs - (now - xmitNs);
    }

    /**
     * {@code tcp_rack_mark_lost}: when RACK advanced, marks the segments it proves lost.
     *
     * @return the reordering timer's delay (whole jiffies), 0 if none is needed
     */
    long markLost(SackScoreboard board, TcpCaState state, long srttNs, long now, AckSample s) {
        if (!advanced) {
            return 0;
        }
        advanced = false;
        return detectLoss(board, state, srttNs, now, s);
    }

    /** {@code tcp_rack_detect_loss}, then the timer of {@code tcp_rack_mark_lost}; 0 if none. */
    long detectLoss(SackScoreboard board, TcpCaState state, long srttNs, long now, AckSample s) {
        long reoWnd = reoWndNs(state, board.sackedOut(), srttNs);
        long wait = 0;
        long seg = board.oldestInFlight();
        while (seg >= 0) {
            long after = board.sentAfter(seg);
            long xmit = board.sentSegments().xmitNs(seg);
            if (!sentAfter(mstampNs, xmit, endSeq, seg + 1)) {
                break;
            }
            long remaining = skbTimeoutNs(xmit, reoWnd, now);
            if (remaining <= 0) {
                board.markLost(seg, s);
            } else {
                wait = Math.max(wait, remaining);
            }
            seg = after;
        }
        return wait == 0 ? 0 : jiffies(wait + TIMEOUT_MIN_NS);
    }

    /**
     * {@code tcp_schedule_loss_probe}'s timeout.
     *
     * @param srttUs8 {@code tp->srtt_us}, 0 before the first sample
     * @param rtoDeltaNs how far in the future the RTO would fire
     */
    static long ptoNs(long srttUs8, long packetsOut, long rtoDeltaNs) {
        long timeout;
        if (srttUs8 != 0) {
            long us = (srttUs8 >> 2) + (packetsOut == 1 ? RttEstimator.RTO_MIN_US : TIMEOUT_MIN_NS / Time.NS_PER_US);
            timeout = jiffies(us * Time.NS_PER_US);
        } else {
            timeout = RttEstimator.INITIAL_RTO_NS;
        }
        if (rtoDeltaNs > 0) {
            timeout = Math.min(timeout, jiffies(rtoDeltaNs));
        }
        return timeout;
    }

    /** {@code usecs_to_jiffies} at HZ = 1000: whole milliseconds, rounding up. */
    static long jiffies(long ns) {
        return (ns + Time.NS_PER_MS - 1) / Time.NS_PER_MS * Time.NS_PER_MS;
    }
}
