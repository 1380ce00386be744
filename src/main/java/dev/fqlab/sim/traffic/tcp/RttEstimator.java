package dev.fqlab.sim.traffic.tcp;

import dev.fqlab.sim.core.Time;

/**
 * RFC 6298 retransmission timer state (kernel-spec §6 context): SRTT and RTTVAR from RTT samples (§2), RTO =
 * SRTT + max(G, 4·RTTVAR) with a 1 ms clock granularity G, bounded below by Linux's {@code TCP_RTO_MIN} of
 * 200 ms instead of RFC 6298's 1 s (§2.4) and above by Linux's {@code TCP_RTO_MAX} of 120 s; 1 s before the first
 * sample (§2.1); doubled on every expiry (§5.5) until a new sample arrives (Karn's algorithm holds anyway: with
 * timestamps every sample is unambiguous, RFC 7323 §4).
 */
public final class RttEstimator {
    public static final long MIN_RTO_NS = 200 * Time.NS_PER_MS;
    public static final long MAX_RTO_NS = 120 * Time.NS_PER_S;
    public static final long INITIAL_RTO_NS = Time.NS_PER_S;
    static final long GRANULARITY_NS = Time.NS_PER_MS;

    private long srttNs;
    private long rttvarNs;
    private long rtoNs = INITIAL_RTO_NS;
    private int backoff;

    /** RFC 6298 §2.2 (first sample) and §2.3 (later samples), α = 1/8, β = 1/4. */
    public void sample(long rttNs) {
        long r = Math.max(rttNs, 1);
        if (srttNs == 0) {
            srttNs = r;
            rttvarNs = r / 2;
        } else {
            rttvarNs = (3 * rttvarNs + Math.abs(srttNs - r)) / 4;
            srttNs = (7 * srttNs + r) / 8;
        }
        rtoNs = Math.clamp(srttNs + Math.max(GRANULARITY_NS, 4 * rttvarNs), MIN_RTO_NS, MAX_RTO_NS);
        backoff = 0;
    }

    /** The timer expired: the next RTO is twice as long (§5.5), at most 120 s. */
    public void backOff() {
        backoff++;
    }

    /** The current timeout, backoff included. */
    public long rtoNs() {
        long rto = rtoNs;
        for (int i = 0; i < backoff && rto < MAX_RTO_NS; i++) {
            rto *= 2;
        }
        return Math.min(rto, MAX_RTO_NS);
    }

    /** Smoothed RTT, 0 before the first sample. */
    public long srttNs() {
        return srttNs;
    }

    public long rttvarNs() {
        return rttvarNs;
    }

    public int backoff() {
        return backoff;
    }
}
