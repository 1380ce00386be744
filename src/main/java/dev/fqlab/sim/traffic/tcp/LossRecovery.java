package dev.fqlab.sim.traffic.tcp;

/**
 * Loss recovery and window reduction for a peer without SACK, through the states of {@link TcpCaState} as Linux's
 * net/ipv4/tcp_input.c moves between them ({@code tcp_fastretrans_alert}, {@code tcp_enter_recovery},
 * {@code tcp_enter_loss}, {@code tcp_enter_cwr}, {@code tcp_try_keep_open}):
 * <ul>
 * <li>fast retransmit on the third duplicate ACK and NewReno recovery (RFC 6582): duplicate ACKs count as segments
 * that left the network ({@link RenoScoreboard}), as Linux's SACK emulation for non-SACK peers does, cwnd = ssthresh
 * during recovery and new data goes out while the segments in flight are below it (RFC 6675's conservative pipe),
 * each partial ACK retransmits the next hole, a full ACK ends recovery;</li>
 * <li>after a retransmission timeout (RFC 6298) fast retransmit stays off until the data outstanding at the timeout
 * is acknowledged (RFC 6582 §4);</li>
 * <li>on ECN-Echo (RFC 3168 §6.1.2) the sender reduces as for a loss at most once per window of data, and not while a
 * loss recovery already did.</li>
 * </ul>
 * The congestion control sets ssthresh; this class sets cwnd for the reduction (no PRR: cwnd drops to ssthresh at
 * once) and says whether the window may grow on an ACK.
 */
final class LossRecovery {
    /** Duplicate ACKs that start fast retransmit (RFC 5681 §3.2; Linux's initial {@code tp->reordering}). */
    static final int DUPACK_THRESHOLD = 3;

    private final CongestionControl cc;
    private final RenoScoreboard scoreboard;
    private TcpCaState state = TcpCaState.OPEN;
    /**
     * Linux's {@code high_seq}: the state ends when everything below it is acknowledged — RFC 6582's
     * {@code recover} in Recovery and Loss, the data out at the ECN-Echo in CWR.
     */
    private long highSeq;

    LossRecovery(CongestionControl cc, RenoScoreboard scoreboard) {
        this.cc = cc;
        this.scoreboard = scoreboard;
    }

    TcpCaState state() {
        return state;
    }

    /**
     * An ACK acknowledged new data: {@code snd_una} is now {@code ack}. Ends the state once {@code ack} reaches
     * {@link #highSeq}; a partial ACK in recovery marks the next hole lost (NewReno).
     *
     * @return whether the window may grow on this ACK (not while recovering or reducing)
     */
    boolean onNewAck(long ack) {
        switch (state) {
            case RECOVERY -> {
                if (ack >= highSeq) {
                    exitRecovery();
                } else {
                    scoreboard.markHeadLost(); // NewReno partial ACK: the next hole is lost too
                }
                return false;
            }
            case LOSS -> {
                if (ack >= highSeq) {
                    keepOpen();
                }
                return true;
            }
            case CWR -> {
                if (ack >= highSeq) {
                    keepOpen();
                }
                return false;
            }
            default -> {
                keepOpen();
                return true;
            }
        }
    }

    /** An ACK that acknowledged nothing new while data is out; fast retransmit on the third. */
    void onDuplicateAck(long now, long packetsOut, long sndMax) {
        if (state == TcpCaState.LOSS) {
            return; // RFC 6582 §4: no fast retransmit for data sent before the timeout
        }
        scoreboard.addDuplicateAck(packetsOut);
        if (state != TcpCaState.RECOVERY && scoreboard.sackedOut() >= DUPACK_THRESHOLD) {
            enterRecovery(now, sndMax);
        } else if (state.compareTo(TcpCaState.CWR) < 0) {
            keepOpen();
        }
    }

    /**
     * ECN-Echo on an ACK ({@code tcp_enter_cwr}): reduce once per window of data, not while a reduction or a loss
     * recovery is under way (RFC 3168 §6.1.2).
     *
     * @return whether it reduced the window (the sender then sets CWR on its next new segment)
     */
    boolean onEcnEcho(long now, long sndMax) {
        if (state.compareTo(TcpCaState.CWR) >= 0) {
            return false;
        }
        reduce(now);
        state = TcpCaState.CWR;
        highSeq = sndMax;
        return true;
    }

    /**
     * {@code tcp_enter_loss}: the retransmission timer expired; ssthresh as for congestion, a loss window of one
     * segment, and everything out is forgotten (it is sent again from the first hole).
     */
    void onTimeout(long now, long sndNxt, long sndMax) {
        cc.onTimeout(now, sndNxt);
        state = TcpCaState.LOSS;
        highSeq = sndMax;
        scoreboard.resetSacks();
        scoreboard.clearHeadLost();
    }

    /** {@code tcp_enter_recovery}: fast retransmit of the head, cwnd = ssthresh until {@code sndMax} is acked. */
    private void enterRecovery(long now, long sndMax) {
        reduce(now);
        state = TcpCaState.RECOVERY;
        highSeq = sndMax;
        scoreboard.markHeadLost();
    }

    /** A full ACK ends NewReno recovery: the duplicates it counted are gone, cwnd stays at ssthresh. */
    private void exitRecovery() {
        scoreboard.resetSacks();
        cc.setCwnd(cc.ssthresh());
        keepOpen();
    }

    /** ssthresh from the congestion control, cwnd = ssthresh at once (no PRR). */
    private void reduce(long now) {
        cc.onCongestion(now);
        cc.setCwnd(cc.ssthresh());
    }

    /** {@code tcp_try_keep_open}: Disorder while duplicate ACKs are counted, Open otherwise. */
    private void keepOpen() {
        state = scoreboard.sackedOut() > 0 ? TcpCaState.DISORDER : TcpCaState.OPEN;
    }
}
