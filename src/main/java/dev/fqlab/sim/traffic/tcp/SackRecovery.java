package dev.fqlab.sim.traffic.tcp;

/**
 * The congestion state machine for a SACK peer as Linux v6.6 net/ipv4/tcp_input.c runs it with RACK-TLP on
 * ({@code tcp_fastretrans_alert}, {@code tcp_identify_packet_loss}, {@code tcp_time_to_recover},
 * {@code tcp_enter_recovery}, {@code tcp_try_to_open}, {@code tcp_enter_cwr}, {@code tcp_process_loss},
 * {@code tcp_enter_loss}, {@code tcp_cong_control}, {@code tcp_process_tlp_ack}):
 * <ul>
 * <li>loss is what {@link RackTlp} marks (no duplicate-ACK counting: with {@code sacked_out} at 3 RACK's reordering
 * window is 0, which does the same); Recovery starts as soon as something is marked lost, with ssthresh from the
 * congestion control and cwnd by {@link Prr} until everything out at the start is acknowledged, then
 * cwnd = ssthresh;</li>
 * <li>ECN-Echo enters CWR, reduced by PRR as well (RFC 3168 §6.1.2 via {@code tcp_enter_cwr});</li>
 * <li>a retransmission timeout ({@code tcp_enter_loss}) marks every segment not SACKed lost (but the ones sent within
 * the last RACK RTT), sets ssthresh unless this window was already reduced, cwnd = in flight + 1, and the lost
 * segments are sent again in order as slow start opens the window — SACKed ones are not sent again;</li>
 * <li>a tail loss probe that retransmitted and was needed (the ACK passes it) is a loss: CWR, cwnd = ssthresh.</li>
 * </ul>
 * Not modelled: undo (DSACK, timestamps, F-RTO), SACK reneging, the reordering degree {@code tp->reordering}
 * growing past 3.
 */
final class SackRecovery {
    private final CongestionControl cc;
    private final SackScoreboard board;
    private final RackTlp rack;
    private final SendSequence seq;
    private final Prr prr = new Prr();
    private final Runnable queueCwr;
    private TcpCaState state = TcpCaState.OPEN;
    private long highSeq;
    /** {@code tlp_high_seq}: snd_nxt when a loss probe went out, 0 when none is outstanding. */
    private long tlpHighSeq;
    private boolean tlpRetrans;

    SackRecovery(CongestionControl cc, SackScoreboard board, RackTlp rack, SendSequence seq, Runnable queueCwr) {
        this.cc = cc;
        this.board = board;
        this.rack = rack;
        this.seq = seq;
        this.queueCwr = queueCwr;
    }

    TcpCaState state() {
        return state;
    }

    /** {@code tcp_in_cwnd_reduction}: CWR or Recovery. */
    boolean inCwndReduction() {
        return state == TcpCaState.CWR || state == TcpCaState.RECOVERY;
    }

    /** {@code tcp_packets_in_flight}. */
    long inFlight() {
        return seq.packetsOut() - board.notInFlight();
    }

    /**
     * {@code tcp_fastretrans_alert} for an ACK that was "dubious" ({@code tcp_ack_is_dubious}: a duplicate, new SACK
     * information, ECE, or a state other than Open).
     *
     * @return the RACK reordering timer's delay, 0 if RACK set none
     */
    long onDubiousAck(boolean ece, long srttNs, long now, AckSample s) {
        if (state != TcpCaState.OPEN && seq.una() >= highSeq) {
            switch (state) {
                case CWR -> {
                    if (seq.una() != highSeq) { // CWR is held until something above high_seq is acknowledged
                        endCwndReduction();
                        state = TcpCaState.OPEN;
                    }
                }
                case RECOVERY -> {
                    endCwndReduction();
                    state = TcpCaState.OPEN; // tcp_try_undo_recovery without undo
                }
                default -> {
                }
            }
        }
        long reo = 0;
        if (state == TcpCaState.RECOVERY) {
            return identifyLoss(srttNs, now, s);
        }
        if (state == TcpCaState.LOSS) {
            if (seq.una() >= highSeq) {
                state = TcpCaState.OPEN; // tcp_process_loss: recovered
            }
            int retransBefore = board.retransOut();
            reo = identifyLoss(srttNs, now, s);
            boolean lostRetrans = board.retransOut() < retransBefore;
            if (state != TcpCaState.OPEN && !lostRetrans) {
                return reo;
            }
        }
        reo = Math.max(reo, identifyLoss(srttNs, now, s));
        if (board.lostOut() == 0) { // tcp_time_to_recover: only a proven loss
            tryToOpen(ece, now);
            return reo;
        }
        enterRecovery(now);
        return reo;
    }

    /** {@code tcp_identify_packet_loss}: RACK. */
    private long identifyLoss(long srttNs, long now, AckSample s) {
        if (seq.allAcked()) {
            return 0;
        }
        return rack.markLost(board, state, srttNs, now, s);
    }

    /**
     * The RACK reordering timer fired ({@code tcp_rack_reo_timeout}): what is now overdue is lost; Recovery starts if
     * it was not under way. (Linux sets no new reordering timer here; the next ACK does.)
     */
    void onReorderTimeout(long srttNs, long now) {
        long before = inFlight();
        rack.detectLoss(board, state, srttNs, now, null);
        if (before != inFlight() && state != TcpCaState.RECOVERY) {
            enterRecovery(now);
            if (!cc.controlsCwnd()) {
                applyPrr(1, 1, false); // tcp_cwnd_reduction(sk, 1, newly lost, 0)
            }
        }
    }

    /** {@code tcp_try_to_open} and {@code tcp_try_keep_open}. */
    private void tryToOpen(boolean ece, long now) {
        if (ece) {
            enterCwr(now);
        }
        if (state != TcpCaState.CWR) {
            keepOpen();
        }
    }

    /** {@code tcp_try_keep_open}: Disorder while segments are SACKed, lost or retransmitted, else Open. */
    private void keepOpen() {
        TcpCaState s = board.sackedOut() + board.lostOut() > 0 || board.retransOut() > 0
                ? TcpCaState.DISORDER : TcpCaState.OPEN;
        if (state != s) {
            state = s;
            highSeq = seq.max();
        }
    }

    /** {@code tcp_enter_cwr}: ECN-Echo, a reduction once per window. */
    private void enterCwr(long now) {
        if (state.compareTo(TcpCaState.CWR) < 0) {
            initCwndReduction(now);
            state = TcpCaState.CWR;
        }
    }

    /** {@code tcp_enter_recovery}. */
    private void enterRecovery(long now) {
        if (!inCwndReduction()) {
            initCwndReduction(now);
        }
        state = TcpCaState.RECOVERY;
    }

    /** {@code tcp_init_cwnd_reduction}. */
    private void initCwndReduction(long now) {
        highSeq = seq.max();
        tlpHighSeq = 0;
        prr.start(cc.cwnd());
        cc.onCongestion(now);
        queueCwr.run();
    }

    /** {@code tcp_end_cwnd_reduction}: cwnd = ssthresh. */
    private void endCwndReduction() {
        if (cc.controlsCwnd()) {
            return; // BBR keeps its own cwnd
        }
        if (cc.ssthresh() < CongestionControl.INFINITE_SSTHRESH) {
            cc.setCwnd(cc.ssthresh());
        }
    }

    /**
     * {@code tcp_cong_control} during CWR or Recovery: PRR sets cwnd.
     *
     * @return whether it applied (the state reduces the window)
     */
    boolean reduce(AckSample s, boolean unaAdvanced) {
        if (!inCwndReduction() || cc.controlsCwnd()) {
            return false;
        }
        applyPrr(s.delivered, s.newlyLost, unaAdvanced);
        return true;
    }

    private void applyPrr(int delivered, int newlyLost, boolean unaAdvanced) {
        long cwnd = prr.cwnd(delivered, newlyLost, unaAdvanced, (long) cc.ssthresh(), inFlight());
        if (cwnd >= 0) {
            cc.setCwnd(cwnd);
        }
    }

    /** {@code prr_out}: segments sent while reducing. */
    void sent(int segments) {
        if (inCwndReduction()) {
            for (int i = 0; i < segments; i++) {
                prr.sent();
            }
        }
    }

    /**
     * {@code tcp_enter_loss} (the retransmission timer expired): everything not SACKed is lost, ssthresh as for
     * congestion unless this window was already reduced, cwnd = in flight + 1.
     *
     * @param firstExpiry no retransmission timeout since the last new acknowledgement ({@code !icsk_retransmits})
     */
    void onTimeout(long now, boolean firstExpiry) {
        board.timeoutMarkLost(seq.una(), seq.max(), now);
        boolean reduce = state.compareTo(TcpCaState.DISORDER) <= 0 || highSeq <= seq.una()
                || state == TcpCaState.LOSS && firstExpiry;
        if (reduce) {
            cc.onTimeout(now, seq.max());
        } else {
            cc.lossReset(now, seq.max());
        }
        cc.setCwnd(inFlight() + 1);
        state = TcpCaState.LOSS;
        highSeq = seq.max();
        tlpHighSeq = 0;
        queueCwr.run();
    }

    // ------------------------------------------------------------------ tail loss probe

    /** {@code tcp_schedule_loss_probe}'s conditions: SACK, data out, Open or CWR. */
    boolean mayProbe() {
        return seq.packetsOut() > 0 && (state == TcpCaState.OPEN || state == TcpCaState.CWR);
    }

    boolean probeOutstanding() {
        return tlpHighSeq != 0;
    }

    /** A probe went out: {@code tlp_high_seq} = snd_nxt. */
    void probeSent(boolean retransmission) {
        tlpHighSeq = seq.max();
        tlpRetrans = retransmission;
    }

    /** {@code tcp_process_tlp_ack}. */
    void onTlpAck(long ack, boolean unaAdvanced, boolean dupAck, boolean dataSacked, long now) {
        if (tlpHighSeq == 0 || ack < tlpHighSeq) {
            return;
        }
        if (!tlpRetrans) {
            tlpHighSeq = 0; // a probe of new data was acknowledged
        } else if (ack > tlpHighSeq) {
            // the probe repaired a loss: reduce the window as for congestion
            initCwndReduction(now);
            state = TcpCaState.CWR;
            endCwndReduction();
            keepOpen();
        } else if (!unaAdvanced && dupAck && !dataSacked) {
            tlpHighSeq = 0; // a pure duplicate: original and probe both arrived
        }
    }
}
