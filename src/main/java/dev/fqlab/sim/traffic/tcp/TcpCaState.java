package dev.fqlab.sim.traffic.tcp;

/**
 * The sender's congestion state as Linux's {@code enum tcp_ca_state} (include/net/tcp.h) names it, in Linux's order:
 * the states from {@link #CWR} on reduce the window, so "below CWR" means no reduction under way. One value at a time,
 * held and changed by {@link LossRecovery}.
 */
enum TcpCaState {
    /** Nothing is wrong: no duplicate ACKs counted, no reduction under way ({@code TCP_CA_Open}). */
    OPEN,
    /**
     * Duplicate ACKs were counted, fewer than the fast retransmit threshold ({@code TCP_CA_Disorder}, entered and left
     * as Linux's {@code tcp_try_keep_open} does for a Reno peer). It behaves as {@link #OPEN}: the duplicates already
     * count as segments that left the network in either state; SACK and RACK will give it rules of its own.
     */
    DISORDER,
    /**
     * cwnd was reduced for an ECN-Echo (RFC 3168 §6.1.2, {@code TCP_CA_CWR}) and does not grow until the data out at
     * that moment is acknowledged.
     */
    CWR,
    /**
     * Fast retransmit and NewReno recovery (RFC 6582, {@code TCP_CA_Recovery}) until the data out at the third
     * duplicate ACK is acknowledged.
     */
    RECOVERY,
    /**
     * After a retransmission timeout ({@code TCP_CA_Loss}) until the data out at the timeout is acknowledged: no fast
     * retransmit meanwhile (RFC 6582 §4).
     */
    LOSS
}
