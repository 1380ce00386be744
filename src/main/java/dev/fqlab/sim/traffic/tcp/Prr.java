package dev.fqlab.sim.traffic.tcp;

/**
 * Proportional Rate Reduction (RFC 6937 §3) as Linux v6.6 net/ipv4/tcp_input.c {@code tcp_init_cwnd_reduction} and
 * {@code tcp_cwnd_reduction} do it for Recovery and CWR: while more than ssthresh is in flight, the sender sends
 * ssthresh / prior_cwnd of what is delivered (PRR proper, rounding up); once in flight is at or below ssthresh,
 * PRR-SSRB lets it grow back toward ssthresh by what is delivered, one more per ACK that advances snd_una without new
 * losses; at least one segment on entering (the fast retransmit). cwnd = in flight + sndcnt.
 */
final class Prr {
    private long priorCwnd;
    private long delivered;
    private long out;

    /** {@code tcp_init_cwnd_reduction}: the reduction starts from the current window. */
    void start(double cwnd) {
        priorCwnd = (long) cwnd;
        delivered = 0;
        out = 0;
    }

    /** {@code prr_out}: segments sent during the reduction. */
    void sent() {
        out++;
    }

    /**
     * {@code tcp_cwnd_reduction}.
     *
     * @return the new cwnd, or -1 to leave it (nothing delivered)
     */
    long cwnd(int newlyDelivered, int newlyLost, boolean unaAdvanced, long ssthresh, long inFlight) {
        if (newlyDelivered <= 0 || priorCwnd == 0) {
            return -1;
        }
        long delta = ssthresh - inFlight;
        delivered += newlyDelivered;
        long sndcnt;
        if (delta < 0) {
            sndcnt = (ssthresh * delivered + priorCwnd - 1) / priorCwnd - out;
        } else {
            sndcnt = Math.max(delivered - out, newlyDelivered);
            if (unaAdvanced && newlyLost == 0) {
                sndcnt++;
            }
            sndcnt = Math.min(delta, sndcnt);
        }
        sndcnt = Math.max(sndcnt, out != 0 ? 0 : 1); // force the fast retransmit on entering
        return inFlight + sndcnt;
    }
}
