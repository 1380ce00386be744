package dev.fqlab.sim.traffic.tcp;

import dev.fqlab.sim.core.RandomStream;
import dev.fqlab.sim.core.Time;

/**
 * BBR v1 as Linux v6.6 net/ipv4/tcp_bbr.c runs it (Cardwell et al., "BBR: Congestion-Based Congestion Control", ACM
 * Queue 14(5), 2016; the logic read from the stored tcp_bbr.c, whose v6.6 form differs only in accessors such as
 * {@code tcp_snd_cwnd()}, {@code READ_ONCE} and {@code get_random_u32_below}). A {@code cong_control} module: on
 * every ACK it takes the {@link RateSample} of {@link RateSampler} and sets both cwnd and {@code sk_pacing_rate}
 * itself, so the sender runs neither PRR nor {@code tcp_end_cwnd_reduction} nor {@code tcp_update_pacing_rate}
 * for it; it asks for pacing ({@code SK_PACING_NEEDED}).
 * <ul>
 * <li>model: btlbw = windowed max of the delivery rate over {@code bbr_bw_rtts} = 10 round trips
 * ({@link WindowedMax}, packets per µs &lt;&lt; 24), min_rtt = min RTT over {@code bbr_min_rtt_win_sec} = 10 s;</li>
 * <li>pacing_rate = pacing_gain × btlbw × mss × (100 − {@code bbr_pacing_margin_percent} 1) / 100, only raised
 * until the pipe is full; cwnd = cwnd_gain × btlbw × min_rtt (rounded up) + ACK-aggregation allowance + 3 ×
 * {@code bbr_tso_segs_goal}, even, +2 in the 5/4 phase, at least {@code bbr_cwnd_min_target} = 4, approached by
 * slow start;</li>
 * <li>STARTUP at {@code bbr_high_gain} = 256 × 2885 / 1000 + 1 (2/ln 2) until three rounds without 25 % growth of
 * btlbw; DRAIN at {@code bbr_drain_gain} = 256 × 1000 / 2885 until in-network data ≤ one BDP; PROBE_BW cycling
 * {5/4, 3/4, 1 × 6} from a random phase (cwnd_gain 2); PROBE_RTT when min_rtt is 10 s old: cwnd 4 for
 * {@code bbr_probe_rtt_mode_ms} = 200 ms and a round;</li>
 * <li>loss: packet conservation for the first round of Recovery, cwnd restored after it; the long-term
 * (policer) bandwidth estimate {@code lt_bw} after two lossy (≥ 20 %) intervals of consistent rate, used for 48
 * rounds.</li>
 * </ul>
 * The random starting phase of PROBE_BW is drawn from the flow's own seeded stream. Not modelled: the idle restart
 * ({@code CA_EVENT_TX_START}, the application never pauses), undo ({@code bbr_undo_cwnd}: no undo here), the
 * delayed-ACK flag of RTT samples ({@code is_ack_delayed}, set by Linux only for a lone runt segment).
 */
public final class Bbr extends CongestionControl {
    /** {@code enum bbr_mode}. */
    public enum Mode { STARTUP, DRAIN, PROBE_BW, PROBE_RTT }

    /** Listens to mode changes (tests). */
    public interface ModeListener {
        void changed(Mode from, Mode to, long now);
    }

    /** {@code BW_SCALE}: bandwidth in packets per µs, shifted left by 24. */
    public static final int BW_SCALE = 24;
    public static final long BW_UNIT = 1L << BW_SCALE;
    /** {@code BBR_SCALE}: gains in 1/256. */
    public static final int BBR_SCALE = 8;
    public static final int BBR_UNIT = 1 << BBR_SCALE;
    static final int CYCLE_LEN = 8;
    /** {@code bbr_bw_rtts} = CYCLE_LEN + 2. */
    public static final int BW_RTTS = CYCLE_LEN + 2;
    public static final int MIN_RTT_WIN_SEC = 10;
    public static final int PROBE_RTT_MODE_MS = 200;
    static final long MIN_TSO_RATE = 1_200_000;
    public static final int PACING_MARGIN_PERCENT = 1;
    public static final int HIGH_GAIN = BBR_UNIT * 2885 / 1000 + 1;
    public static final int DRAIN_GAIN = BBR_UNIT * 1000 / 2885;
    public static final int CWND_GAIN = BBR_UNIT * 2;
    static final int[] PACING_GAIN = {BBR_UNIT * 5 / 4, BBR_UNIT * 3 / 4,
            BBR_UNIT, BBR_UNIT, BBR_UNIT, BBR_UNIT, BBR_UNIT, BBR_UNIT};
    static final int CYCLE_RAND = 7;
    public static final int CWND_MIN_TARGET = 4;
    public static final int FULL_BW_THRESH = BBR_UNIT * 5 / 4;
    public static final int FULL_BW_CNT = 3;
    static final int LT_INTVL_MIN_RTTS = 4;
    static final int LT_LOSS_THRESH = 50;
    static final int LT_BW_RATIO = BBR_UNIT / 8;
    static final int LT_BW_DIFF = 4000 / 8;
    static final int LT_BW_MAX_RTTS = 48;
    static final int EXTRA_ACKED_GAIN = BBR_UNIT;
    static final int EXTRA_ACKED_WIN_RTTS = 5;
    static final long ACK_EPOCH_ACKED_RESET_THRESH = 1L << 20;
    static final long EXTRA_ACKED_MAX_US = 100 * 1000;
    /** {@code ~0U}: no min RTT yet. */
    static final long NO_MIN_RTT = 0xffff_ffffL;
    /** TCP's jiffies: HZ 1000, as {@link RttEstimator}. */
    private static final long NS_PER_JIFFY = Time.NS_PER_MS;

    private final RateSampler rate;
    private final int mss;
    private final int pacingShift;
    private final RandomStream random;
    private ModeListener listener;
    private final RateSample lossSample = new RateSample();

    /** {@code sk_pacing_rate}, bytes per second. */
    private long pacingRate;
    private long nowNs;

    private long minRttUs = NO_MIN_RTT;
    private long minRttStamp;
    private long probeRttDoneStamp;
    private final WindowedMax bw = new WindowedMax();
    private long rttCnt;
    private long nextRttDelivered;
    private long cycleMstamp;
    private Mode mode = Mode.STARTUP;
    private TcpCaState prevCaState = TcpCaState.OPEN;
    private boolean packetConservation;
    private boolean roundStart;
    private boolean idleRestart;
    private boolean probeRttRoundDone;
    private boolean ltIsSampling;
    private int ltRttCnt;
    private boolean ltUseBw;
    private long ltBw;
    private long ltLastDelivered;
    private long ltLastStamp;
    private long ltLastLost;
    private int pacingGain;
    private int cwndGain;
    private boolean fullBwReached;
    private int fullBwCnt;
    private int cycleIdx;
    private boolean hasSeenRtt;
    private long priorCwnd;
    private long fullBw;
    private long ackEpochMstamp;
    private final long[] extraAcked = new long[2];
    private long ackEpochAcked;
    private int extraAckedWinRtts;
    private int extraAckedWinIdx;
    /** Out-value of {@link #setCwndToRecoverOrRestore}. */
    private long newCwnd;

    /**
     * @param mss {@code mss_cache}
     * @param pacingShift {@code sk_pacing_shift}
     * @param random the flow's stream for {@code prandom_u32_max(bbr_cycle_rand)}
     */
    Bbr(RateSampler rate, int mss, int pacingShift, RandomStream random) {
        this.rate = rate;
        this.mss = mss;
        this.pacingShift = pacingShift;
        this.random = random;
    }

    public void listener(ModeListener listener) {
        this.listener = listener;
    }

    @Override
    public boolean controlsCwnd() {
        return true;
    }

    /**
     * {@code bbr_init}, at {@code tcp_init_transfer} after the handshake.
     *
     * @param srttUs8 {@code tp->srtt_us} (8 × SRTT in µs), 0 if none
     * @param minRttUs {@code tcp_min_rtt}, 0 if none
     */
    void start(long now, long srttUs8, long minRttUs) {
        nowNs = now;
        priorCwnd = 0;
        ssthresh = INFINITE_SSTHRESH;
        rttCnt = 0;
        nextRttDelivered = 0;
        prevCaState = TcpCaState.OPEN;
        packetConservation = false;
        probeRttDoneStamp = 0;
        probeRttRoundDone = false;
        this.minRttUs = minRttUs > 0 ? minRttUs : NO_MIN_RTT;
        minRttStamp = jiffies(now);
        bw.reset(rttCnt, 0);
        hasSeenRtt = false;
        initPacingRateFromRtt(srttUs8);
        roundStart = false;
        idleRestart = false;
        fullBwReached = false;
        fullBw = 0;
        fullBwCnt = 0;
        cycleMstamp = 0;
        cycleIdx = 0;
        resetLtBwSampling();
        setMode(Mode.STARTUP);
        ackEpochMstamp = now / Time.NS_PER_US;
        ackEpochAcked = 0;
        extraAckedWinRtts = 0;
        extraAckedWinIdx = 0;
        extraAcked[0] = 0;
        extraAcked[1] = 0;
    }

    // ------------------------------------------------------------------ tcp_congestion_ops

    /** {@code bbr_main}: the model, then the pacing rate and cwnd. */
    void control(RateSample rs, TcpCaState state, long inFlight, long now, long wstampNs, long srttUs8) {
        nowNs = now;
        updateModel(rs, inFlight, wstampNs);
        long b = bw();
        setPacingRate(b, pacingGain, srttUs8);
        setCwnd(rs, rs.ackedSacked, b, cwndGain, state, inFlight);
    }

    /** Not a {@code cong_avoid} module: {@link #control} does it. */
    @Override
    public void onAck(int acked, long now, long srttNs, long ack, long sndNxt) {
    }

    /** {@code bbr_ssthresh}: entering a reduction, save cwnd; ssthresh is left as it is. */
    @Override
    public void onCongestion(long now) {
        nowNs = now;
        saveCwnd();
    }

    /** {@code tcp_enter_loss}: {@code ssthresh()} then {@code set_state(TCP_CA_Loss)}; the sender sets cwnd. */
    @Override
    public void onTimeout(long now, long sndNxt) {
        onCongestion(now);
        lossState();
    }

    @Override
    void lossReset(long now, long sndNxt) {
        nowNs = now;
        lossState();
    }

    /** {@code bbr_set_state(sk, TCP_CA_Loss)}: an RTO ends the round and counts as a loss for lt sampling. */
    private void lossState() {
        lossSample.reset(0);
        lossSample.losses = 1;
        prevCaState = TcpCaState.LOSS;
        fullBw = 0;
        roundStart = true;
        ltBwSampling(lossSample);
    }

    // ------------------------------------------------------------------ the model

    private void updateModel(RateSample rs, long inFlight, long wstampNs) {
        updateBw(rs);
        updateAckAggregation(rs);
        if (mode == Mode.PROBE_BW && isNextCyclePhase(rs, wstampNs)) {
            advanceCyclePhase();
        }
        checkFullBwReached(rs);
        checkDrain(inFlight, wstampNs);
        updateMinRtt(rs, inFlight);
        updateGains();
    }

    /** {@code bbr_update_bw}: round counting and the max filter. */
    private void updateBw(RateSample rs) {
        roundStart = false;
        if (rs.delivered < 0 || rs.intervalUs <= 0) {
            return;
        }
        if (rs.priorDelivered >= nextRttDelivered) {
            nextRttDelivered = rate.delivered();
            rttCnt++;
            roundStart = true;
            packetConservation = false;
        }
        ltBwSampling(rs);
        long sample = rs.delivered * BW_UNIT / rs.intervalUs;
        if (!rs.isAppLimited || sample >= maxBw()) {
            bw.runningMax(BW_RTTS, rttCnt, sample);
        }
    }

    /** {@code bbr_update_ack_aggregation}. */
    private void updateAckAggregation(RateSample rs) {
        if (rs.ackedSacked <= 0 || rs.delivered < 0 || rs.intervalUs <= 0) {
            return;
        }
        if (roundStart) {
            extraAckedWinRtts = Math.min(0x1F, extraAckedWinRtts + 1);
            if (extraAckedWinRtts >= EXTRA_ACKED_WIN_RTTS) {
                extraAckedWinRtts = 0;
                extraAckedWinIdx ^= 1;
                extraAcked[extraAckedWinIdx] = 0;
            }
        }
        long epochUs = Math.max(rate.deliveredMstampUs() - ackEpochMstamp, 0);
        long expected = bw() * epochUs / BW_UNIT;
        if (ackEpochAcked <= expected || ackEpochAcked + rs.ackedSacked >= ACK_EPOCH_ACKED_RESET_THRESH) {
            ackEpochAcked = 0;
            ackEpochMstamp = rate.deliveredMstampUs();
            expected = 0;
        }
        ackEpochAcked = Math.min(0xFFFFF, ackEpochAcked + rs.ackedSacked);
        long extra = Math.min(ackEpochAcked - expected, (long) cwnd);
        if (extra > extraAcked[extraAckedWinIdx]) {
            extraAcked[extraAckedWinIdx] = extra;
        }
    }

    /** {@code bbr_is_next_cycle_phase}. */
    private boolean isNextCyclePhase(RateSample rs, long wstampNs) {
        boolean fullLength = Math.max(rate.deliveredMstampUs() - cycleMstamp, 0) > minRttUs;
        if (pacingGain == BBR_UNIT) {
            return fullLength;
        }
        long inflight = packetsInNetAtEdt(rs.priorInFlight, wstampNs);
        long b = maxBw();
        if (pacingGain > BBR_UNIT) {
            return fullLength && (rs.losses > 0 || inflight >= inflight(b, pacingGain));
        }
        return fullLength || inflight <= inflight(b, BBR_UNIT);
    }

    private void advanceCyclePhase() {
        cycleIdx = (cycleIdx + 1) & (CYCLE_LEN - 1);
        cycleMstamp = rate.deliveredMstampUs();
    }

    /** {@code bbr_check_full_bw_reached}: three rounds without 25 % growth. */
    private void checkFullBwReached(RateSample rs) {
        if (fullBwReached || !roundStart || rs.isAppLimited) {
            return;
        }
        long threshold = fullBw * FULL_BW_THRESH >> BBR_SCALE;
        if (maxBw() >= threshold) {
            fullBw = maxBw();
            fullBwCnt = 0;
            return;
        }
        fullBwCnt = Math.min(fullBwCnt + 1, 3); // a 2-bit field
        fullBwReached = fullBwCnt >= FULL_BW_CNT;
    }

    /** {@code bbr_check_drain}. */
    private void checkDrain(long inFlight, long wstampNs) {
        if (mode == Mode.STARTUP && fullBwReached) {
            setMode(Mode.DRAIN);
            ssthresh = inflight(maxBw(), BBR_UNIT);
        }
        if (mode == Mode.DRAIN && packetsInNetAtEdt(inFlight, wstampNs) <= inflight(maxBw(), BBR_UNIT)) {
            resetProbeBwMode();
        }
    }

    /** {@code bbr_update_min_rtt}: the 10 s min filter and PROBE_RTT. */
    private void updateMinRtt(RateSample rs, long inFlight) {
        long jiffies = jiffies(nowNs);
        boolean filterExpired = jiffies > minRttStamp + (long) MIN_RTT_WIN_SEC * 1000;
        if (rs.rttUs >= 0 && (rs.rttUs <= minRttUs || (filterExpired && !rs.isAckDelayed))) {
            minRttUs = rs.rttUs;
            minRttStamp = jiffies;
        }
        if (filterExpired && !idleRestart && mode != Mode.PROBE_RTT) {
            setMode(Mode.PROBE_RTT);
            saveCwnd();
            probeRttDoneStamp = 0;
        }
        if (mode == Mode.PROBE_RTT) {
            rate.markAppLimited(inFlight); // ignore low-rate samples in this mode
            if (probeRttDoneStamp == 0 && inFlight <= CWND_MIN_TARGET) {
                probeRttDoneStamp = jiffies + PROBE_RTT_MODE_MS; // msecs_to_jiffies at HZ 1000
                probeRttRoundDone = false;
                nextRttDelivered = rate.delivered();
            } else if (probeRttDoneStamp != 0) {
                if (roundStart) {
                    probeRttRoundDone = true;
                }
                if (probeRttRoundDone) {
                    checkProbeRttDone();
                }
            }
        }
        if (rs.delivered > 0) {
            idleRestart = false;
        }
    }

    /** {@code bbr_check_probe_rtt_done}. */
    private void checkProbeRttDone() {
        long jiffies = jiffies(nowNs);
        if (!(probeRttDoneStamp != 0 && jiffies > probeRttDoneStamp)) {
            return;
        }
        minRttStamp = jiffies; // wait a while until PROBE_RTT
        cwnd = Math.max((long) cwnd, priorCwnd);
        if (!fullBwReached) {
            setMode(Mode.STARTUP);
        } else {
            resetProbeBwMode();
        }
    }

    private void updateGains() {
        switch (mode) {
            case STARTUP -> {
                pacingGain = HIGH_GAIN;
                cwndGain = HIGH_GAIN;
            }
            case DRAIN -> {
                pacingGain = DRAIN_GAIN;
                cwndGain = HIGH_GAIN;
            }
            case PROBE_BW -> {
                pacingGain = ltUseBw ? BBR_UNIT : PACING_GAIN[cycleIdx];
                cwndGain = CWND_GAIN;
            }
            case PROBE_RTT -> {
                pacingGain = BBR_UNIT;
                cwndGain = BBR_UNIT;
            }
        }
    }

    /** {@code bbr_reset_probe_bw_mode}: a random phase other than 3/4, then the next. */
    private void resetProbeBwMode() {
        setMode(Mode.PROBE_BW);
        cycleIdx = CYCLE_LEN - 1 - (int) random.nextLong(CYCLE_RAND);
        advanceCyclePhase();
    }

    private void setMode(Mode m) {
        Mode from = mode;
        mode = m;
        if (listener != null && from != m) {
            listener.changed(from, m, nowNs);
        }
    }

    // ------------------------------------------------------------------ long-term (policer) bandwidth

    private void resetLtBwSamplingInterval() {
        ltLastStamp = rate.deliveredMstampUs() / 1000;
        ltLastDelivered = rate.delivered();
        ltLastLost = rate.lost();
        ltRttCnt = 0;
    }

    private void resetLtBwSampling() {
        ltBw = 0;
        ltUseBw = false;
        ltIsSampling = false;
        resetLtBwSamplingInterval();
    }

    /** {@code bbr_lt_bw_interval_done}: two consistent lossy intervals mean a policer. */
    private void ltBwIntervalDone(long sample) {
        if (ltBw != 0) {
            long diff = Math.abs(sample - ltBw);
            if (diff * BBR_UNIT <= (long) LT_BW_RATIO * ltBw || rateBytesPerSec(diff, BBR_UNIT) <= LT_BW_DIFF) {
                ltBw = (sample + ltBw) >> 1;
                ltUseBw = true;
                pacingGain = BBR_UNIT;
                ltRttCnt = 0;
                return;
            }
        }
        ltBw = sample;
        resetLtBwSamplingInterval();
    }

    /** {@code bbr_lt_bw_sampling}. */
    private void ltBwSampling(RateSample rs) {
        if (ltUseBw) {
            if (mode == Mode.PROBE_BW && roundStart && ++ltRttCnt >= LT_BW_MAX_RTTS) {
                resetLtBwSampling();
                resetProbeBwMode();
            }
            return;
        }
        if (!ltIsSampling) {
            if (rs.losses == 0) {
                return; // wait for the first loss: the policer's tokens are spent
            }
            resetLtBwSamplingInterval();
            ltIsSampling = true;
        }
        if (rs.isAppLimited) {
            resetLtBwSampling();
            return;
        }
        if (roundStart) {
            ltRttCnt++;
        }
        if (ltRttCnt < LT_INTVL_MIN_RTTS) {
            return;
        }
        if (ltRttCnt > 4 * LT_INTVL_MIN_RTTS) {
            resetLtBwSampling();
            return;
        }
        if (rs.losses == 0) {
            return;
        }
        long lost = rate.lost() - ltLastLost;
        long delivered = rate.delivered() - ltLastDelivered;
        if (delivered == 0 || (lost << BBR_SCALE) < (long) LT_LOSS_THRESH * delivered) {
            return;
        }
        long t = rate.deliveredMstampUs() / 1000 - ltLastStamp;
        if (t < 1) {
            return;
        }
        t *= 1000;
        ltBwIntervalDone(delivered * BW_UNIT / t);
    }

    // ------------------------------------------------------------------ cwnd

    /** {@code bbr_save_cwnd}. */
    private void saveCwnd() {
        if (prevCaState.compareTo(TcpCaState.RECOVERY) < 0 && mode != Mode.PROBE_RTT) {
            priorCwnd = (long) cwnd;
        } else {
            priorCwnd = Math.max(priorCwnd, (long) cwnd);
        }
    }

    /** {@code bbr_set_cwnd_to_recover_or_restore}: the result in {@link #newCwnd}. */
    private boolean setCwndToRecoverOrRestore(RateSample rs, long acked, TcpCaState state, long inFlight) {
        TcpCaState prev = prevCaState;
        long c = (long) cwnd;
        if (rs.losses > 0) {
            c = Math.max(c - rs.losses, 1);
        }
        if (state == TcpCaState.RECOVERY && prev != TcpCaState.RECOVERY) {
            packetConservation = true; // the first round of Recovery
            nextRttDelivered = rate.delivered();
            c = inFlight + acked;
        } else if (prev.compareTo(TcpCaState.RECOVERY) >= 0 && state.compareTo(TcpCaState.RECOVERY) < 0) {
            c = Math.max(c, priorCwnd); // recovery is over: restore
            packetConservation = false;
        }
        prevCaState = state;
        if (packetConservation) {
            newCwnd = Math.max(c, inFlight + acked);
            return true;
        }
        newCwnd = c;
        return false;
    }

    /** {@code bbr_set_cwnd}. */
    private void setCwnd(RateSample rs, long acked, long b, int gain, TcpCaState state, long inFlight) {
        long c = (long) cwnd;
        if (acked != 0) {
            if (setCwndToRecoverOrRestore(rs, acked, state, inFlight)) {
                c = newCwnd;
            } else {
                c = newCwnd;
                long target = bdp(b, gain);
                target += ackAggregationCwnd();
                target = quantizationBudget(target);
                if (fullBwReached) {
                    c = Math.min(c + acked, target);
                } else if (c < target || rate.delivered() < INITIAL_WINDOW) {
                    c = c + acked;
                }
                c = Math.max(c, CWND_MIN_TARGET);
            }
        }
        if (mode == Mode.PROBE_RTT) {
            c = Math.min(c, CWND_MIN_TARGET);
        }
        cwnd = c;
    }

    /** {@code bbr_bdp}: ceil(bw × min_rtt × gain) in segments; 10 without an RTT. */
    long bdp(long b, int gain) {
        if (minRttUs == NO_MIN_RTT) {
            return INITIAL_WINDOW;
        }
        long w = b * minRttUs;
        return (((w * gain) >> BBR_SCALE) + BW_UNIT - 1) / BW_UNIT;
    }

    /** {@code bbr_quantization_budget}. */
    long quantizationBudget(long c) {
        c += 3L * tsoSegsGoal();
        c = (c + 1) & ~1L;
        if (mode == Mode.PROBE_BW && cycleIdx == 0) {
            c += 2;
        }
        return c;
    }

    private long inflight(long b, int gain) {
        return quantizationBudget(bdp(b, gain));
    }

    /** {@code bbr_packets_in_net_at_edt}. */
    private long packetsInNetAtEdt(long inflightNow, long wstampNs) {
        long edtNs = Math.max(wstampNs, nowNs);
        long intervalUs = (edtNs - nowNs) / Time.NS_PER_US;
        long intervalDelivered = bw() * intervalUs >> BW_SCALE;
        long atEdt = inflightNow;
        if (pacingGain > BBR_UNIT) {
            atEdt += tsoSegsGoal();
        }
        return intervalDelivered >= atEdt ? 0 : atEdt - intervalDelivered;
    }

    /** {@code bbr_ack_aggregation_cwnd}. */
    private long ackAggregationCwnd() {
        if (!fullBwReached) {
            return 0;
        }
        long maxAggr = bw() * EXTRA_ACKED_MAX_US / BW_UNIT;
        long aggr = (EXTRA_ACKED_GAIN * Math.max(extraAcked[0], extraAcked[1])) >> BBR_SCALE;
        return Math.min(aggr, maxAggr);
    }

    // ------------------------------------------------------------------ pacing

    /** {@code bbr_rate_bytes_per_sec}: bw × mss × gain × (100 − margin) %, in bytes per second. */
    long rateBytesPerSec(long r, int gain) {
        r *= mss; // u64 arithmetic, as the kernel's (exact below 2.9 Tbit/s at gains up to high_gain)
        r *= gain;
        r >>>= BBR_SCALE;
        r *= 1_000_000 / 100 * (100 - PACING_MARGIN_PERCENT);
        return r >>> BW_SCALE;
    }

    /** {@code bbr_init_pacing_rate_from_rtt}: high_gain × cwnd / SRTT (1 ms without an RTT). */
    private void initPacingRateFromRtt(long srttUs8) {
        long rttUs;
        if (srttUs8 != 0) {
            rttUs = Math.max(srttUs8 >> 3, 1);
            hasSeenRtt = true;
        } else {
            rttUs = 1000;
        }
        long b = (long) cwnd * BW_UNIT / rttUs;
        pacingRate = rateBytesPerSec(b, HIGH_GAIN);
    }

    /** {@code bbr_set_pacing_rate}: raised freely, lowered only once the pipe was full. */
    private void setPacingRate(long b, int gain, long srttUs8) {
        long r = rateBytesPerSec(b, gain);
        if (!hasSeenRtt && srttUs8 != 0) {
            initPacingRateFromRtt(srttUs8);
        }
        if (fullBwReached || r > pacingRate) {
            pacingRate = r;
        }
    }

    /** {@code bbr_min_tso_segs}. */
    private int minTsoSegs() {
        return pacingRate < (MIN_TSO_RATE >> 3) ? 1 : 2;
    }

    /** {@code bbr_tso_segs_goal}: {@code tcp_tso_autosize} without the device's gso_max_size, at most 127. */
    long tsoSegsGoal() {
        long bytes = Math.min(pacingRate >> pacingShift,
                TsoAutosize.GSO_MAX_SIZE - 1 - TsoAutosize.MAX_TCP_HEADER);
        long segs = Math.max(bytes / mss, minTsoSegs());
        return Math.min(segs, 0x7F);
    }

    private static long jiffies(long now) {
        return now / NS_PER_JIFFY;
    }

    // ------------------------------------------------------------------ state, for the sender and tests

    /** {@code sk_pacing_rate} as BBR set it, bytes per second. */
    public long pacingRate() {
        return pacingRate;
    }

    public Mode mode() {
        return mode;
    }

    /** {@code bbr_bw}: lt_bw when policed, else the max filter; packets per µs &lt;&lt; 24. */
    public long bw() {
        return ltUseBw ? ltBw : maxBw();
    }

    public long maxBw() {
        return bw.get();
    }

    public long minRttUs() {
        return minRttUs;
    }

    public int pacingGain() {
        return pacingGain;
    }

    public int cwndGain() {
        return cwndGain;
    }

    public boolean fullBwReached() {
        return fullBwReached;
    }

    public boolean ltUseBw() {
        return ltUseBw;
    }

    public long ltBw() {
        return ltBw;
    }

    public long roundCount() {
        return rttCnt;
    }

    public int cycleIndex() {
        return cycleIdx;
    }
}
