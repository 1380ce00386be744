package dev.fqlab.sim.traffic.tcp;

import dev.fqlab.sim.core.Time;

/**
 * Linux's pacing rate and internal pacing (net/ipv4/tcp_input.c {@code tcp_update_pacing_rate}, tcp_output.c
 * internal pacing of 4.13+): {@code sk_pacing_rate} = {@code mss × max(cwnd, packets_out) / srtt} × 200 % while
 * cwnd &lt; ssthresh / 2, else × 120 %, updated on every ACK, enforced per segment: the next segment leaves
 * {@code skb->len / rate} after the previous one. (Linux paces internally only when asked to — BBR,
 * {@code SO_MAX_PACING_RATE} — and CUBIC over fq_codel or a WiFi device is unpaced there; fqlab paces every TCP flow,
 * which changes little where TSQ or the window binds.)
 */
final class Pacing {
    private final int mss;
    private long rate;
    private long nextSendNs;

    Pacing(int mss) {
        this.mss = mss;
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

    /** Whether the next segment must wait until {@link #nextSendNs()}. */
    boolean holds(long now) {
        return now < nextSendNs;
    }

    long nextSendNs() {
        return nextSendNs;
    }

    /** A segment of {@code skbBytes} ({@code skb->len}) left at {@code now}: the next one leaves a gap after it. */
    void sent(long now, int skbBytes) {
        nextSendNs = Math.max(nextSendNs, now) + gapNs(skbBytes);
    }

    /** The next segment may leave at once (after a timeout). */
    void restart(long now) {
        nextSendNs = now;
    }

    /** {@code sk_pacing_rate}, bytes per second. */
    long rate() {
        return rate;
    }

    /** Linux internal pacing: the next skb leaves {@code skb->len / sk_pacing_rate} after this one. */
    private long gapNs(int skbBytes) {
        return rate <= 0 ? 0 : (long) (skbBytes * (double) Time.NS_PER_S / rate);
    }
}
