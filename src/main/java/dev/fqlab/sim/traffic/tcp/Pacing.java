package dev.fqlab.sim.traffic.tcp;

import dev.fqlab.sim.core.Time;
import dev.fqlab.sim.scenario.PacingMode;

/**
 * Linux's pacing rate and pacing decision (net/ipv4/tcp_input.c {@code tcp_update_pacing_rate}; net/ipv4/tcp_output.c
 * {@code tcp_needs_internal_pacing}, {@code tcp_pacing_check}, {@code __tcp_transmit_skb},
 * {@code tcp_update_skb_after_send} of v6.x and {@code tcp_internal_pacing} of v4.16; include/net/sock.h
 * {@code enum sk_pacing}).
 *
 * <p>{@code sk_pacing_rate} = {@code mss × max(cwnd, packets_out) / srtt} × 200 % while cwnd &lt; ssthresh / 2
 * ({@code sysctl_tcp_pacing_ss_ratio}), else × 120 % ({@code sysctl_tcp_pacing_ca_ratio}), updated on every ACK and
 * computed whatever the pacing status: TCP Small Queues and TSO autosizing read it.
 *
 * <p>Whether it paces is {@code sk_pacing_status} ({@link PacingMode}): {@code NONE} leaves segments at line rate,
 * {@code NEEDED} is TCP's internal pacing (the sender holds the next skb with its hrtimer), {@code FQ} is set by the
 * {@code fq} qdisc of the sender's host, after which TCP only stamps each skb with its earliest departure time and fq
 * holds it. Kernels with the Earliest Departure Time model (v4.20+, {@link #edt}) keep {@code tcp_wstamp_ns}: the
 * skb leaves at {@code max(tcp_wstamp_ns, now)}, after which {@code tcp_wstamp_ns} advances by
 * {@code skb->len / rate}, less up to half of it for the time the sender was late ("OS jitter" credit), and not at all
 * for the first 10 data segments ("original sch_fq does not pace first 10 MSS"). v4.16's {@code tcp_internal_pacing}
 * arms the hrtimer {@code skb->len / rate} after each send, with neither rule, and stamps no departure time.
 */
final class Pacing {
    /** {@code enum sk_pacing}. */
    enum Status { NONE, NEEDED, FQ }

    /** {@code tcp_update_skb_after_send}: data segments sent before pacing starts. */
    static final int UNPACED_SEGMENTS = 10;

    private final int mss;
    private final boolean edt;
    /** {@code pacing: off}: the socket never takes a pacing status. */
    private final boolean never;
    private Status status;
    private long rate;
    /** {@code tcp_wstamp_ns} (EDT), or v4.16's pacing hrtimer expiry. */
    private long wstampNs;
    /** {@code tp->data_segs_out}. */
    private long dataSegsOut;

    /**
     * @param edt whether the kernel has the Earliest Departure Time model (v4.20+)
     */
    Pacing(int mss, PacingMode mode, boolean edt) {
        this.mss = mss;
        this.edt = edt;
        this.never = mode == PacingMode.OFF;
        this.status = mode == PacingMode.ON ? Status.NEEDED : Status.NONE;
    }

    /** {@code tcp_update_pacing_rate}: bytes per second, 0 before the first RTT sample. */
    void update(double cwnd, double ssthresh, long packetsOut, long srttNs) {
        if (srttNs == 0) {
            rate = 0;
            return;
        }
        int ratio = cwnd < ssthresh / 2 ? 200 : 120;
        long segments = Math.max((long) cwnd, packetsOut);
        rate = (long) ((double) mss * ratio / 100 * segments * Time.NS_PER_S / srttNs);
    }

    /**
     * A congestion control that computes its own rate (BBR's {@code sk->sk_pacing_rate = ...}), bytes per second;
     * {@link #update} is then not used ({@code tcp_update_pacing_rate} is skipped for {@code cong_control} modules).
     */
    void set(long bytesPerSecond) {
        rate = bytesPerSecond;
    }

    /**
     * {@code bbr_init}'s {@code cmpxchg(&sk->sk_pacing_status, SK_PACING_NONE, SK_PACING_NEEDED)}: internal pacing
     * unless fq already paces the socket; {@code pacing: off} keeps the socket unpaced.
     */
    void needed() {
        if (!never && status == Status.NONE) {
            status = Status.NEEDED;
        }
    }

    /** fq classified one of the socket's packets ({@code smp_store_release(&sk->sk_pacing_status, SK_PACING_FQ)}). */
    void pacedByFq() {
        if (!never) {
            status = Status.FQ;
        }
    }

    /** {@code pacing: off}. */
    boolean never() {
        return never;
    }

    Status status() {
        return status;
    }

    /** {@code tcp_pacing_check}: whether internal pacing holds the next segment until {@link #nextSendNs()}. */
    boolean holds(long now) {
        return status == Status.NEEDED && now < wstampNs;
    }

    long nextSendNs() {
        return wstampNs;
    }

    /**
     * A data segment of {@code skbBytes} ({@code skb->len}) leaves TCP at {@code now}.
     *
     * @return its {@code skb->tstamp}, the earliest departure time fq honours; 0 when the kernel stamps none (v4.16)
     */
    long sent(long now, int skbBytes) {
        if (!edt) {
            if (status == Status.NEEDED && rate > 0) {
                wstampNs = now + gapNs(skbBytes);
            }
            return 0;
        }
        long prior = wstampNs;
        wstampNs = Math.max(wstampNs, now);
        long tstamp = wstampNs;
        dataSegsOut++;
        if (status != Status.NONE && rate > 0 && dataSegsOut >= UNPACED_SEGMENTS) {
            long lenNs = gapNs(skbBytes);
            long credit = wstampNs - prior;
            wstampNs += lenNs - Math.min(lenNs / 2, credit);
        }
        return tstamp;
    }

    /** The next segment may leave at once (after a timeout). */
    void restart(long now) {
        if (!edt || wstampNs > now) {
            wstampNs = now;
        }
    }

    /** {@code sk_pacing_rate}, bytes per second. */
    long rate() {
        return rate;
    }

    /** {@code div64_ul((u64)skb->len * NSEC_PER_SEC, rate)}. */
    private long gapNs(int skbBytes) {
        return rate <= 0 ? 0 : skbBytes * Time.NS_PER_S / rate;
    }
}
