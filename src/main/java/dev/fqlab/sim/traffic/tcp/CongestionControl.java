package dev.fqlab.sim.traffic.tcp;

import dev.fqlab.sim.scenario.CongestionControlKind;

/**
 * A congestion control module, shaped like Linux's {@code tcp_congestion_ops} (RFC 5681 §3.1 terms): it owns
 * {@code cwnd} and {@code ssthresh} in segments, grows the window on ACKs and sets {@code ssthresh} on congestion.
 * The sender decides when growth is allowed (cwnd-limited, {@link TcpOutput#isCwndLimited}; not reducing,
 * {@link LossRecovery}) and what cwnd becomes during recovery ({@link LossRecovery}).
 * The window is a real number; the sender uses its integer part.
 */
public abstract class CongestionControl {
    /** Linux's {@code TCP_INFINITE_SSTHRESH}: slow start until the first congestion event. */
    public static final double INFINITE_SSTHRESH = 0x7fffffff;
    /** RFC 6928 initial window (Linux {@code TCP_INIT_CWND}). */
    public static final int INITIAL_WINDOW = 10;

    protected double cwnd = INITIAL_WINDOW;
    protected double ssthresh = INFINITE_SSTHRESH;

    public static CongestionControl of(CongestionControlKind kind) {
        return switch (kind) {
            case CUBIC -> new Cubic();
            case RENO -> new Reno();
            case BBR -> throw new IllegalArgumentException("BBR is built by its sender, with its rate sampler");
        };
    }

    /**
     * Whether the module sets cwnd and the pacing rate itself on every ACK (Linux's {@code cong_control}, BBR): then
     * the sender runs neither PRR ({@code tcp_cwnd_reduction}) nor {@code tcp_end_cwnd_reduction} nor
     * {@code tcp_update_pacing_rate}.
     */
    public boolean controlsCwnd() {
        return false;
    }

    public double cwnd() {
        return cwnd;
    }

    public double ssthresh() {
        return ssthresh;
    }

    public void setCwnd(double cwnd) {
        this.cwnd = cwnd;
    }

    public boolean inSlowStart() {
        return cwnd < ssthresh;
    }

    /**
     * {@code cong_avoid}: {@code acked} segments were newly acknowledged at {@code now} while the window was
     * fully used.
     *
     * @param srttNs the smoothed RTT
     * @param ack the cumulative acknowledgement ({@code snd_una} after this ACK)
     * @param sndNxt the next segment to send
     */
    public abstract void onAck(int acked, long now, long srttNs, long ack, long sndNxt);

    /** Fast retransmit or ECN-Echo: sets {@code ssthresh}; the sender then sets {@code cwnd}. */
    public abstract void onCongestion(long now);

    /** RTO: {@code ssthresh} as for a congestion event and a loss window of 1 segment (RFC 5681 §3.1). */
    public void onTimeout(long now, long sndNxt) {
        onCongestion(now);
        cwnd = 1;
    }

    /**
     * The sender entered the Loss state without a new ssthresh (the window was already reduced): the congestion
     * control's own reset on entering Loss ({@code cubictcp_state(TCP_CA_Loss)}).
     */
    void lossReset(long now, long sndNxt) {
    }

    /** The connection is established: the first segment to send is {@code sndNxt}. */
    public void init(long now, long sndNxt) {
    }

    /**
     * {@code pkts_acked}: an ACK that acknowledged new data gave an RTT sample, before the window grows.
     *
     * @param pacingRate {@code sk_pacing_rate} in bytes per second, as the previous ACK left it
     * @param paced whether the socket is paced ({@code sk_pacing_status != SK_PACING_NONE})
     */
    public void onRttSample(long now, long rttNs, long sndUna, long sndNxt, long pacingRate, boolean paced) {
    }

    /**
     * Linux {@code tcp_slow_start}: cwnd grows by one segment per segment acknowledged (RFC 3465 byte counting, so
     * delayed ACKs do not slow it), up to ssthresh.
     *
     * @return the acknowledged segments left over for congestion avoidance
     */
    protected final int slowStart(int acked) {
        double grown = Math.min(cwnd + acked, Math.max(ssthresh, cwnd));
        int used = (int) Math.ceil(grown - cwnd);
        cwnd = grown;
        return Math.max(0, acked - used);
    }
}
