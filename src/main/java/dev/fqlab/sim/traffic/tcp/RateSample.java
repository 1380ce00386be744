package dev.fqlab.sim.traffic.tcp;

/**
 * One ACK's delivery-rate sample (include/net/tcp.h {@code struct rate_sample}, filled by {@link RateSampler} as
 * net/ipv4/tcp_rate.c does, read by {@link Bbr}). One object per sender, reset per ACK; times in µs.
 */
final class RateSample {
    /** {@code prior_mstamp}: the delivered time when the most recently sent delivered segment was sent; 0 = none. */
    long priorMstampUs;
    /** {@code prior_delivered}: {@code tp->delivered} when that segment was sent. */
    long priorDelivered;
    /** {@code delivered}: segments delivered over the interval, -1 = no valid sample. */
    long delivered;
    /** {@code interval_us}: the longer of the send and ACK phases, -1 = no valid sample. */
    long intervalUs;
    long sndIntervalUs;
    long rcvIntervalUs;
    /** {@code rtt_us}: RTT of the last (S)ACKed segment ({@code ca_rtt_us}), -1 = none. */
    long rttUs;
    /** {@code losses}: segments newly marked lost by this ACK. */
    long losses;
    /** {@code acked_sacked}: segments newly ACKed or SACKed. */
    long ackedSacked;
    /** {@code prior_in_flight}: {@code tcp_packets_in_flight} before this ACK. */
    long priorInFlight;
    boolean isAppLimited;
    boolean isRetrans;
    /** {@code is_ack_delayed}: never set here (Linux sets it only for a lone runt segment). */
    boolean isAckDelayed;

    /** {@code struct rate_sample rs = { .prior_delivered = 0 }} at the start of {@code tcp_ack}. */
    void reset(long priorInFlight) {
        priorMstampUs = 0;
        priorDelivered = 0;
        delivered = 0;
        intervalUs = 0;
        sndIntervalUs = 0;
        rcvIntervalUs = 0;
        rttUs = -1;
        losses = 0;
        ackedSacked = 0;
        this.priorInFlight = priorInFlight;
        isAppLimited = false;
        isRetrans = false;
        isAckDelayed = false;
    }
}
