package dev.fqlab.sim.traffic.tcp;

import dev.fqlab.sim.core.Time;

/**
 * Linux v6.6 net/ipv4/tcp_input.c {@code tcp_rtt_estimator}, {@code tcp_set_rto} / {@code __tcp_set_rto} and
 * {@code tcp_bound_rto}, in the kernel's own fixed point on a microsecond clock: {@code srtt_us} holds 8 × SRTT,
 * {@code mdev_us} 4 × the mean deviation (gain 1/4; an RTT falling below SRTT moves it with gain 1/32 only),
 * {@code mdev_max_us} the largest {@code mdev_us} of the current round trip, and {@code rttvar_us} follows it, never
 * below {@code tcp_rto_min} (200 ms): it is raised at once and decays by a quarter of the gap once per round trip
 * (when {@code snd_una} passes {@code rtt_seq}). RTO = (srtt_us &gt;&gt; 3) + rttvar_us, so at least SRTT + 200 ms
 * (not RFC 6298's SRTT + 4·RTTVAR), converted to jiffies rounding up (HZ = 1000 assumed) and capped at
 * {@code TCP_RTO_MAX} = 120 s; 1 s ({@code TCP_TIMEOUT_INIT}) before the first sample; doubled on every expiry
 * ({@code tcp_retransmit_timer}: {@code icsk_rto = min(icsk_rto << 1, TCP_RTO_MAX)}) until a valid sample resets the
 * backoff. Which samples count (Karn's rule, send time versus timestamp echo) is the sender's choice
 * ({@code tcp_ack_update_rtt}).
 */
public final class RttEstimator {
    public static final long MIN_RTO_NS = 200 * Time.NS_PER_MS;
    public static final long MAX_RTO_NS = 120 * Time.NS_PER_S;
    public static final long INITIAL_RTO_NS = Time.NS_PER_S;
    /** {@code tcp_rto_min_us}: TCP_RTO_MIN = HZ / 5. */
    static final long RTO_MIN_US = 200_000;

    /** 8 × SRTT in µs ({@code tp->srtt_us}), 0 before the first sample. */
    private long srttUs8;
    /** 4 × mean deviation in µs ({@code tp->mdev_us}). */
    private long mdevUs;
    private long mdevMaxUs;
    private long rttvarUs;
    /** {@code tp->rtt_seq}: rttvar is updated once per round trip, when snd_una passes it. */
    private long rttSeq;
    /** {@code icsk_rto} without backoff, ns (whole jiffies). */
    private long rtoNs = INITIAL_RTO_NS;
    private int backoff;
    /**
     * {@code tcp_min_rtt}, µs: the smallest sample ({@code tcp_update_rtt_min}; its 300 s window never expires in a
     * run); {@link Long#MAX_VALUE} before one, as the kernel's {@code ~0U}.
     */
    private long minRttUs = Long.MAX_VALUE;

    /**
     * {@code tcp_rtt_estimator} then {@code tcp_set_rto}, and the backoff reset of {@code tcp_ack_update_rtt}.
     *
     * @param rttNs the measured RTT
     * @param sndUna snd_una after the ACK that gave the sample
     * @param sndNxt snd_nxt now
     */
    public void sample(long rttNs, long sndUna, long sndNxt) {
        long m = rttNs / Time.NS_PER_US;
        minRttUs = Math.min(minRttUs, Math.max(1, m));
        long srtt = srttUs8;
        if (srtt != 0) {
            m -= srtt >> 3; // error in the estimate
            srtt += m; // srtt = 7/8 srtt + 1/8 new
            if (m < 0) {
                m = -m;
                m -= mdevUs >> 2;
                if (m > 0) {
                    m >>= 3; // an RTT below SRTT raises mdev 8 times more slowly
                }
            } else {
                m -= mdevUs >> 2;
            }
            mdevUs += m; // mdev = 3/4 mdev + 1/4 new
            if (mdevUs > mdevMaxUs) {
                mdevMaxUs = mdevUs;
                if (mdevMaxUs > rttvarUs) {
                    rttvarUs = mdevMaxUs;
                }
            }
            if (sndUna > rttSeq) {
                if (mdevMaxUs < rttvarUs) {
                    rttvarUs -= (rttvarUs - mdevMaxUs) >> 2;
                }
                rttSeq = sndNxt;
                mdevMaxUs = RTO_MIN_US;
            }
        } else {
            srtt = m << 3;
            mdevUs = m << 1; // rto = 3 × rtt
            rttvarUs = Math.max(mdevUs, RTO_MIN_US);
            mdevMaxUs = rttvarUs;
            rttSeq = sndNxt;
        }
        srttUs8 = Math.max(1, srtt);
        setRto();
        backoff = 0;
    }

    /** {@code __tcp_set_rto} and {@code tcp_bound_rto}: (srtt_us &gt;&gt; 3) + rttvar_us, in whole jiffies. */
    private void setRto() {
        long us = (srttUs8 >> 3) + rttvarUs;
        long jiffies = (us + 999) / 1000; // usecs_to_jiffies rounds up, HZ = 1000
        rtoNs = Math.min(jiffies * Time.NS_PER_MS, MAX_RTO_NS);
    }

    /** The timer expired: the next RTO is twice as long, at most 120 s. */
    public void backOff() {
        backoff++;
    }

    /** The current timeout ({@code icsk_rto}), backoff included. */
    public long rtoNs() {
        long rto = rtoNs;
        for (int i = 0; i < backoff && rto < MAX_RTO_NS; i++) {
            rto *= 2;
        }
        return Math.min(rto, MAX_RTO_NS);
    }

    /** Smoothed RTT ({@code srtt_us / 8}, exact), 0 before the first sample. */
    public long srttNs() {
        return srttUs8 * Time.NS_PER_US / 8;
    }

    /** {@code tp->srtt_us}: 8 × SRTT in microseconds. */
    public long srttUs8() {
        return srttUs8;
    }

    /** {@code tp->rttvar_us} in ns: the variation term of the RTO, at least 200 ms. */
    public long rttvarNs() {
        return rttvarUs * Time.NS_PER_US;
    }

    /** {@code tp->mdev_us}: 4 × the mean deviation, µs. */
    public long mdevUs() {
        return mdevUs;
    }

    public int backoff() {
        return backoff;
    }

    /** {@code tcp_min_rtt}, µs; {@link Long#MAX_VALUE} before a sample. */
    public long minRttUs() {
        return minRttUs;
    }
}
