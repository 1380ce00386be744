package dev.fqlab.sim.traffic.tcp;

/**
 * What a sender without SACK knows of its segments out, as Linux's SACK emulation for Reno peers keeps it
 * (net/ipv4/tcp_input.c {@code tcp_add_reno_sack}, {@code tcp_remove_reno_sacks}, {@code tcp_reset_reno_sack}):
 * duplicate ACKs counted as segments that left the network ({@code sacked_out}), and whether the first
 * unacknowledged segment is lost and waits for its retransmission (a {@code lost_out} of 0 or 1). A SACK scoreboard
 * (RFC 2018, RFC 6675) will take its place for SACK peers.
 */
final class RenoScoreboard implements Scoreboard {
    /** Duplicate ACKs counted as segments that left the network (Linux's {@code sacked_out} for non-SACK peers). */
    private int sackedOut;
    /** The first unacknowledged segment is lost and waits for its retransmission. */
    private boolean headLost;

    /** {@code tcp_add_reno_sack}: one more duplicate ACK; at most all segments out but the head left. */
    void addDuplicateAck(long packetsOut) {
        sackedOut = (int) Math.min(sackedOut + 1L, Math.max(0, packetsOut - 1));
    }

    /**
     * {@code acked} segments were newly acknowledged: one ACK filled the hole, the rest eat duplicate ACKs
     * ({@code tcp_remove_reno_sacks}); the head they acknowledged is no longer lost.
     */
    void acked(int acked) {
        sackedOut = acked - 1 >= sackedOut ? 0 : sackedOut - (acked - 1);
        headLost = false;
    }

    /** {@code tcp_reset_reno_sack}: the duplicate ACKs counted so far no longer stand for anything. */
    void resetSacks() {
        sackedOut = 0;
    }

    /** The head is lost: it goes out again before anything else. */
    void markHeadLost() {
        headLost = true;
    }

    /** The lost head was sent again, or a timeout forgot it (go-back-N resends it anyway). */
    void clearHeadLost() {
        headLost = false;
    }

    boolean headLost() {
        return headLost;
    }

    int sackedOut() {
        return sackedOut;
    }

    /** {@code tcp_left_out}: segments out that are not in flight, acknowledged by duplicates or lost. */
    int leftOut() {
        return sackedOut + (headLost ? 1 : 0);
    }

    @Override
    public long nextRetransmission(long sndUna, long sndMax) {
        return headLost ? sndUna : -1;
    }

    /** RFC 6582 steps 3 and 5: the lost head goes out whatever the window. */
    @Override
    public boolean retransmissionIgnoresCwnd() {
        return true;
    }

    @Override
    public long notInFlight() {
        return leftOut();
    }

    @Override
    public void retransmitted(long seg, long now) {
        clearHeadLost();
    }
}
