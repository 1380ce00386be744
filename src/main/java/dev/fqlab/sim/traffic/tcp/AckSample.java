package dev.fqlab.sim.traffic.tcp;

/**
 * What one ACK delivered, gathered while the scoreboard takes it in (Linux v6.6 {@code tcp_clean_rtx_queue} and
 * {@code tcp_sacktag_write_queue}: {@code first_ackt}, {@code last_ackt}, {@code FLAG_RETRANS_DATA_ACKED},
 * {@code sack->first_sackt} / {@code last_sackt}, the newly delivered and newly lost counts). One object per
 * sender, reset per ACK.
 */
final class AckSample {
    /** Send time of the first / last newly acknowledged never-retransmitted segment, -1 if none. */
    long firstAcktNs;
    long lastAcktNs;
    /** Some segment acknowledged now was retransmitted: no RTT from the cumulative ACK (Karn). */
    boolean retransAcked;
    /** Send time of the first / last newly SACKed never-retransmitted segment, -1 if none. */
    long firstSacktNs;
    long lastSacktNs;
    /** Segments newly acknowledged or SACKed ({@code tcp_newly_delivered}). */
    int delivered;
    /** Segments newly SACKed. */
    int newlySacked;
    /** Segments newly marked lost ({@code rs->losses}). */
    int newlyLost;
    /** The lowest never-retransmitted segment delivered now ({@code reord} of tcp_check_sack_reordering). */
    long lowestOriginal;

    void reset() {
        firstAcktNs = -1;
        lastAcktNs = -1;
        retransAcked = false;
        firstSacktNs = -1;
        lastSacktNs = -1;
        delivered = 0;
        newlySacked = 0;
        newlyLost = 0;
        lowestOriginal = Long.MAX_VALUE;
    }
}
