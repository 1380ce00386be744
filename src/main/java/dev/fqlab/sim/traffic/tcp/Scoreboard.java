package dev.fqlab.sim.traffic.tcp;

/**
 * What the transmit path ({@link TcpOutput}) needs of the sender's knowledge of its segments out (Linux's
 * {@code tcp_packets_in_flight} and {@code tcp_xmit_retransmit_queue}): which segment to send again, and how many
 * segments out are not in flight. {@link RenoScoreboard} for peers without SACK, {@link SackScoreboard} with SACK.
 */
interface Scoreboard {
    /** The next segment to retransmit, -1 if none. */
    long nextRetransmission(long sndUna, long sndMax);

    /** Whether that retransmission goes out whatever cwnd says (NewReno's fast retransmit of the head). */
    boolean retransmissionIgnoresCwnd();

    /** {@code sacked_out + lost_out - retrans_out}: segments out that are not in flight. */
    long notInFlight();

    /** The retransmission of {@code seg} (from {@link #nextRetransmission}) left at {@code now}. */
    void retransmitted(long seg, long now);

    /** Any data segment left at {@code now} (new, retransmitted or a loss probe). */
    default void transmitted(long seg, boolean retransmit, long now) {
    }
}
