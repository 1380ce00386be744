package dev.fqlab.sim.traffic.tcp;

import dev.fqlab.sim.core.Time;

/**
 * CUBIC, RFC 9438: after a congestion event the window follows W_cubic(t) = C·(t − K)³ + W_max (§4.2, Figure 1)
 * with K = ∛((W_max − cwnd_epoch)/C) (Figure 2), t measured from the start of the congestion avoidance stage;
 * each acknowledged segment adds (target − cwnd)/cwnd with target = W_cubic(t + SRTT) clamped to [cwnd, 1.5·cwnd]
 * (§4.4, §4.5). In the Reno-friendly region (§4.3) — W_cubic(t) below the Reno estimate W_est, which grows by
 * α_cubic = 3(1 − β)/(1 + β) per window, or 1 once it reaches the window before the last reduction — cwnd is set
 * to W_est. On congestion (§4.6) ssthresh = max(β·cwnd, 2); fast convergence (§4.7) lowers W_max to
 * cwnd·(1 + β)/2 when the window did not regain the previous W_max. After a timeout (§4.8) the first
 * congestion-avoidance stage starts with K = 0 and W_max = cwnd. C = 0.4, β = 0.7. Increments count segments,
 * like Linux's {@code tcp_cong_avoid_ai}, so delayed ACKs do not halve the growth.
 *
 * <p>Slow start comes first, one segment per acknowledged segment, and ends early with HyStart as the
 * {@code tcp_cubic.c} of Linux 4.16 (seed 002's kernel) does it, on a millisecond clock (RFC 9438 §4.10 leaves the
 * slow start algorithm open): from a window of 16 on, per round of data (a round ends when an ACK passes the
 * segment that was next to send when it began) it sets ssthresh = cwnd when either ACKs keep arriving at most
 * 2 ms apart until more than half the minimum RTT has passed since the round began (ACK train — with RTTs below
 * 2 ms that half rounds to 0 ms, so the train ends slow start as soon as the round sees a new millisecond), or the
 * smallest of the round's first 8 RTT samples exceeds the minimum RTT by {@code clamp(minRTT / 8, 4 ms, 16 ms)}
 * (delay increase). RTT samples in the first second of a congestion avoidance epoch are ignored, and a timeout
 * starts the detection afresh. (Linux 5.7 moved HyStart to microseconds; the seed predates it.)
 */
public final class Cubic extends CongestionControl {
    public static final double C = 0.4;
    public static final double BETA = 0.7;
    /** α_cubic of §4.3 while W_est is below the window before the last reduction. */
    public static final double ALPHA = 3 * (1 - BETA) / (1 + BETA);

    private double wMax;
    private double cwndPrior;
    private double k;
    private double wEst;
    private long epochStart = -1;
    private boolean afterTimeout;

    /** HyStart: from this window on ({@code hystart_low_window}). */
    public static final int HYSTART_LOW_WINDOW = 16;
    /** {@code hystart_ack_delta}: ACKs at most this many milliseconds apart form a train. */
    static final long HYSTART_ACK_DELTA_MS = 2;
    static final int HYSTART_MIN_SAMPLES = 8;
    /** {@code HYSTART_DELAY_MIN} and {@code _MAX}: 4 ms and 16 ms in Linux's milliseconds × 8. */
    static final long HYSTART_DELAY_MIN = 4 << 3;
    static final long HYSTART_DELAY_MAX = 16 << 3;

    /** Minimum RTT in milliseconds × 8, 0 = none yet. */
    private long delayMin;
    private boolean found;
    private long roundStartMs;
    private long lastAckMs;
    private long endSeq;
    private long currRtt;
    private int sampleCount;

    @Override
    public void onAck(int acked, long now, long srttNs, long ack, long sndNxt) {
        if (inSlowStart()) {
            if (ack > endSeq) {
                hystartReset(now, sndNxt); // a new round of data
            }
            acked = slowStart(acked);
            if (acked == 0) {
                return;
            }
        }
        if (epochStart < 0) {
            startEpoch(now);
        }
        double t = Time.toSeconds(now - epochStart);
        double alpha = wEst >= cwndPrior ? 1 : ALPHA;
        wEst += alpha * acked / cwnd;
        if (window(t) < wEst) {
            cwnd = Math.max(cwnd, wEst);
            return;
        }
        double target = Math.clamp(window(t + Time.toSeconds(srttNs)), cwnd, 1.5 * cwnd);
        cwnd += (target - cwnd) / cwnd * acked;
    }

    /** §4.2: the first ACK of a congestion avoidance stage starts the epoch. */
    private void startEpoch(long now) {
        epochStart = now;
        if (afterTimeout || wMax <= cwnd) {
            // §4.8 after a timeout, and (as Linux) a window already at or above W_max: start from the plateau
            wMax = cwnd;
            k = 0;
            afterTimeout = false;
        } else {
            k = Math.cbrt((wMax - cwnd) / C);
        }
        wEst = cwnd;
    }

    /** W_cubic(t), Figure 1. */
    public double window(double t) {
        double d = t - k;
        return C * d * d * d + wMax;
    }

    @Override
    public void onCongestion(long now) {
        cwndPrior = cwnd;
        wMax = cwnd < wMax ? cwnd * (1 + BETA) / 2 : cwnd;
        ssthresh = Math.max(cwnd * BETA, 2);
        epochStart = -1;
    }

    @Override
    public void onTimeout(long now, long sndNxt) {
        super.onTimeout(now, sndNxt);
        afterTimeout = true;
        // bictcp_reset and bictcp_hystart_reset on entering the Loss state
        delayMin = 0;
        found = false;
        hystartReset(now, sndNxt);
    }

    @Override
    public void init(long now, long sndNxt) {
        hystartReset(now, sndNxt);
    }

    /** {@code bictcp_clock}: milliseconds (jiffies at HZ = 1000). */
    private static long clockMs(long now) {
        return now / Time.NS_PER_MS;
    }

    private void hystartReset(long now, long sndNxt) {
        roundStartMs = clockMs(now);
        lastAckMs = roundStartMs;
        endSeq = sndNxt;
        currRtt = 0;
        sampleCount = 0;
    }

    /** {@code bictcp_acked}: tracks the minimum RTT and runs HyStart in slow start. */
    @Override
    public void onRttSample(long now, long rttNs, long sndUna, long sndNxt, long pacingRate) {
        if (epochStart >= 0 && now - epochStart < Time.NS_PER_S) {
            return; // "discard delay samples right after fast recovery"
        }
        long delay = Math.max(1, (rttNs / Time.NS_PER_US << 3) / 1000);
        if (delayMin == 0 || delayMin > delay) {
            delayMin = delay;
        }
        if (inSlowStart() && cwnd >= HYSTART_LOW_WINDOW) {
            hystartUpdate(now, delay);
        }
    }

    /** {@code hystart_update} of Linux 4.16: ACK train and delay increase, in milliseconds × 8. */
    private void hystartUpdate(long now, long delay) {
        if (found) {
            return;
        }
        long nowMs = clockMs(now);
        if (nowMs - lastAckMs <= HYSTART_ACK_DELTA_MS) {
            lastAckMs = nowMs;
            if (nowMs - roundStartMs > delayMin >> 4) {
                exitSlowStart();
            }
        }
        if (sampleCount < HYSTART_MIN_SAMPLES) {
            if (currRtt == 0 || currRtt > delay) {
                currRtt = delay;
            }
            sampleCount++;
        } else if (currRtt > delayMin + Math.clamp(delayMin >> 3, HYSTART_DELAY_MIN, HYSTART_DELAY_MAX)) {
            exitSlowStart();
        }
    }

    private void exitSlowStart() {
        found = true;
        ssthresh = cwnd;
    }

    /** Whether HyStart ended slow start. */
    public boolean hystartFound() {
        return found;
    }

    public double wMax() {
        return wMax;
    }

    public double k() {
        return k;
    }

    public double wEst() {
        return wEst;
    }
}
