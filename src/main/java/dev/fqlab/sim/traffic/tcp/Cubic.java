package dev.fqlab.sim.traffic.tcp;

import dev.fqlab.sim.core.Time;

/**
 * CUBIC, RFC 9438 with the choices of Linux v6.6 net/ipv4/tcp_cubic.c: after a congestion event the window follows
 * W_cubic(t) = C·(t − K)³ + W_max (§4.2, Figure 1) with K = ∛((W_max − cwnd_epoch)/C) (Figure 2), t measured from the
 * start of the congestion avoidance stage; each acknowledged segment adds (target − cwnd)/cwnd with
 * target = W_cubic(t + min RTT) — Linux's {@code bictcp_update} looks one {@code delay_min} ahead, where RFC 9438
 * §4.2 says RTT — clamped to [cwnd, 1.5·cwnd] (§4.4, §4.5). While no congestion event has set W_max (the start, and
 * after a timeout: {@code last_max_cwnd == 0}) the window grows at least 5 % per round trip ({@code cnt} at most 20).
 * In the Reno-friendly region (§4.3) — W_cubic(t) below the Reno estimate W_est, which grows by
 * α_cubic = 3(1 − β)/(1 + β) per window, or 1 once it reaches the window before the last reduction — cwnd is set
 * to W_est. On congestion (§4.6) ssthresh = max(β·cwnd, 2); fast convergence (§4.7) lowers W_max to
 * cwnd·(1 + β)/2 when the window did not regain the previous W_max. After a timeout (§4.8) the first
 * congestion-avoidance stage starts with K = 0 and W_max = cwnd. C = 0.4, β = 0.7. Increments count segments,
 * like Linux's {@code tcp_cong_avoid_ai}, so delayed ACKs do not halve the growth.
 *
 * <p>Slow start comes first, one segment per acknowledged segment, and ends early with HyStart as v6.6's
 * {@code hystart_update} does it on a microsecond clock (RFC 9438 §4.10 leaves the slow start algorithm open; v6.6's
 * CUBIC does not implement HyStart++, RFC 9406; v6.12 not checked): from a window of 16 on, per round of data (a
 * round ends when snd_una passes the segment that was next to send when it began) it sets ssthresh = cwnd when
 * either ACKs keep arriving at most 2 ms apart ({@code hystart_ack_delta_us}) until more than
 * {@code delay_min + hystart_ack_delay} has passed since the round began — half that when the socket is not paced
 * ("pacing might have delayed packets up to RTT/2 during slow start"), {@code hystart_ack_delay} being
 * min(1 ms, 4 × 64 KB GSO / pacing rate) — or the smallest RTT of the round, once it has 8 samples, exceeds the
 * minimum RTT by {@code clamp(delay_min / 8, 4 ms, 16 ms)} (delay increase). RTT samples in the first second of a
 * congestion avoidance epoch are ignored, and a timeout starts the detection afresh.
 *
 * <p>v4.16's HyStart ({@link #hystartV4_16}, the kernel profile's {@code TcpRules.hystartMs}) is the one before
 * Eric Dumazet's v5.7 series ("tcp_cubic: switch bictcp_clock() to usec resolution", "tweak Hystart detection for
 * short RTT flows", "make Hystart more robust to ACK compression"): RTTs in 1/8 ms ({@code (rtt_us << 3) / 1000},
 * at least 1), the ACK train on {@code bictcp_clock()}'s whole milliseconds with ACKs at most
 * {@code hystart_ack_delta} = 2 ms apart and a threshold of {@code delay_min >> 4} ms (half the minimum RTT, paced or
 * not, no {@code hystart_ack_delay}); the delay test takes the round's smallest RTT from its first 8 samples only
 * and exits when it exceeds {@code delay_min + clamp(delay_min >> 3, 4 ms, 16 ms)}; and a round restarts in
 * {@code bictcp_cong_avoid} (when an ACK passes {@code end_seq}), which returns early unless the window is used
 * ({@code tcp_is_cwnd_limited}), not in {@code hystart_update}.
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
    /** {@code hystart_ack_delta_us}: ACKs at most this far apart form a train. */
    static final long HYSTART_ACK_DELTA_US = 2000;
    static final int HYSTART_MIN_SAMPLES = 8;
    /** {@code HYSTART_DELAY_MIN} and {@code _MAX}, µs. */
    static final long HYSTART_DELAY_MIN_US = 4000;
    static final long HYSTART_DELAY_MAX_US = 16000;
    /** {@code sk_gso_max_size}: GSO_LEGACY_MAX_SIZE, the device default. */
    static final long GSO_MAX_SIZE = 65536;
    /** {@code last_max_cwnd == 0}: at most 20 acknowledged segments per segment of growth (5 % per RTT). */
    static final int MAX_CNT_WITHOUT_WMAX = 20;

    /** Minimum RTT in µs ({@code delay_min}), 0 = none yet. */
    private long delayMin;
    /** {@code last_max_cwnd == 0}: no congestion event since the start or the last timeout. */
    private boolean noMax = true;
    private boolean found;
    private long roundStartUs;
    private long lastAckUs;
    private long endSeq;
    private long currRtt;
    private int sampleCount;
    /** v4.16's HyStart: millisecond clock, 1/8-ms RTTs, rounds restarted only by a window-limited ACK. */
    private boolean v4_16;
    /** v4.16: {@code delay_min} and the round's {@code curr_rtt} in 1/8 ms (0 = none yet). */
    private long delayMin8;
    private long currRtt8;

    /** HyStart as v4.16 has it (seed 002's kernel); the default is v6.6's. */
    public Cubic hystartV4_16() {
        v4_16 = true;
        return this;
    }

    @Override
    public void onAck(int acked, long now, long srttNs, long ack, long sndNxt) {
        if (v4_16 && inSlowStart() && ack > endSeq) {
            hystartReset(now, sndNxt); // v4.16 bictcp_cong_avoid: a new round of data
        }
        if (inSlowStart()) {
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
        double ahead = Time.toSeconds(RackTlp.jiffies(delayMin * Time.NS_PER_US)); // usecs_to_jiffies(delay_min)
        double target = Math.clamp(window(t + ahead), cwnd, 1.5 * cwnd);
        double perAck = (target - cwnd) / cwnd;
        if (noMax) {
            perAck = Math.max(perAck, 1.0 / MAX_CNT_WITHOUT_WMAX);
        }
        cwnd += Math.min(perAck, 0.5) * acked;
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
        noMax = false;
        cwndPrior = cwnd;
        wMax = cwnd < wMax ? cwnd * (1 + BETA) / 2 : cwnd;
        ssthresh = Math.max(cwnd * BETA, 2);
        epochStart = -1;
    }

    @Override
    public void onTimeout(long now, long sndNxt) {
        super.onTimeout(now, sndNxt);
        lossReset(now, sndNxt);
    }

    /** {@code cubictcp_state(TCP_CA_Loss)}: {@code bictcp_reset} and {@code bictcp_hystart_reset}. */
    @Override
    void lossReset(long now, long sndNxt) {
        afterTimeout = true;
        noMax = true;
        epochStart = -1;
        delayMin = 0;
        delayMin8 = 0;
        found = false;
        hystartReset(now, sndNxt);
    }

    @Override
    public void init(long now, long sndNxt) {
        hystartReset(now, sndNxt);
    }

    /** {@code bictcp_clock_us}: {@code tcp_mstamp}, microseconds. */
    private static long clockUs(long now) {
        return now / Time.NS_PER_US;
    }

    private void hystartReset(long now, long sndNxt) {
        roundStartUs = clockUs(now);
        lastAckUs = roundStartUs;
        endSeq = sndNxt;
        currRtt = Long.MAX_VALUE;
        currRtt8 = 0;
        sampleCount = 0;
    }

    /** {@code cubictcp_acked}: tracks the minimum RTT and runs HyStart in slow start. */
    @Override
    public void onRttSample(long now, long rttNs, long sndUna, long sndNxt, long pacingRate, boolean paced) {
        if (epochStart >= 0 && now - epochStart < Time.NS_PER_S) {
            return; // "discard delay samples right after fast recovery"
        }
        long delay = Math.max(1, rttNs / Time.NS_PER_US);
        if (delayMin == 0 || delayMin > delay) {
            delayMin = delay;
        }
        if (v4_16) {
            long delay8 = Math.max(1, (delay << 3) / 1000);
            if (delayMin8 == 0 || delayMin8 > delay8) {
                delayMin8 = delay8;
            }
            if (!found && inSlowStart() && cwnd >= HYSTART_LOW_WINDOW) {
                hystartUpdateV4_16(now, delay8);
            }
            return;
        }
        if (!found && inSlowStart() && cwnd >= HYSTART_LOW_WINDOW) {
            hystartUpdate(now, delay, sndUna, sndNxt, pacingRate, paced);
        }
    }

    /** {@code hystart_update} of v6.6: ACK train and delay increase, in microseconds. */
    private void hystartUpdate(long now, long delay, long sndUna, long sndNxt, long pacingRate, boolean paced) {
        if (sndUna > endSeq) {
            hystartReset(now, sndNxt); // a new round of data
        }
        long nowUs = clockUs(now);
        if (nowUs - lastAckUs <= HYSTART_ACK_DELTA_US) {
            lastAckUs = nowUs;
            long threshold = delayMin + ackDelayUs(pacingRate);
            if (!paced) {
                threshold >>= 1; // an unpaced window arrives as one train of about half the RTT
            }
            if (nowUs - roundStartUs > threshold) {
                exitSlowStart();
            }
        }
        if (currRtt > delay) {
            currRtt = delay;
        }
        if (sampleCount < HYSTART_MIN_SAMPLES) {
            sampleCount++;
        } else if (currRtt > delayMin + Math.clamp(delayMin >> 3, HYSTART_DELAY_MIN_US, HYSTART_DELAY_MAX_US)) {
            exitSlowStart();
        }
    }

    /** {@code hystart_update} of v4.16: ACK train on a millisecond clock, delay increase in 1/8 ms. */
    private void hystartUpdateV4_16(long now, long delay8) {
        long nowMs = now / Time.NS_PER_MS; // bictcp_clock(): milliseconds
        long roundStartMs = roundStartUs / 1000;
        if (nowMs - lastAckUs / 1000 <= HYSTART_ACK_DELTA_US / 1000) {
            lastAckUs = nowMs * 1000;
            if (nowMs - roundStartMs > delayMin8 >> 4) {
                exitSlowStart();
                return;
            }
        }
        if (sampleCount < HYSTART_MIN_SAMPLES) {
            if (currRtt8 == 0 || currRtt8 > delay8) {
                currRtt8 = delay8;
            }
            sampleCount++;
        } else if (currRtt8 > delayMin8 + Math.clamp(delayMin8 >> 3, HYSTART_DELAY_MIN_US / 125,
                HYSTART_DELAY_MAX_US / 125)) {
            exitSlowStart();
        }
    }

    /** {@code hystart_ack_delay}: min(1 ms, 4 GSO packets at the pacing rate), 0 without a rate. */
    static long ackDelayUs(long pacingRate) {
        if (pacingRate <= 0) {
            return 0;
        }
        return Math.min(1000, GSO_MAX_SIZE * 4 * 1_000_000 / pacingRate);
    }

    private void exitSlowStart() {
        found = true;
        ssthresh = Math.floor(cwnd);
    }

    /** {@code delay_min}, ns (0 before the first sample). */
    public long delayMinNs() {
        return delayMin * Time.NS_PER_US;
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
