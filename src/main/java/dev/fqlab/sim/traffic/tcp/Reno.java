package dev.fqlab.sim.traffic.tcp;

/**
 * Reno congestion avoidance, RFC 5681 §3.1 as Linux's {@code tcp_reno_cong_avoid} does it: slow start below
 * ssthresh, then one segment per window of acknowledged segments; on congestion ssthresh = max(cwnd / 2, 2)
 * ({@code tcp_reno_ssthresh}, on cwnd rather than FlightSize).
 */
public final class Reno extends CongestionControl {

    @Override
    public void onAck(int acked, long now, long srttNs, long ack, long sndNxt) {
        if (inSlowStart()) {
            acked = slowStart(acked);
            if (acked == 0) {
                return;
            }
        }
        cwnd += acked / cwnd;
    }

    @Override
    public void onCongestion(long now) {
        ssthresh = Math.max(Math.floor(Math.floor(cwnd) / 2), 2);
    }
}
