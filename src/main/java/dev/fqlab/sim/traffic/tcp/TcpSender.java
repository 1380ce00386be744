package dev.fqlab.sim.traffic.tcp;

import dev.fqlab.sim.core.Event;
import dev.fqlab.sim.core.RandomStream;
import dev.fqlab.sim.core.Simulator;
import dev.fqlab.sim.core.Time;
import dev.fqlab.sim.kernel.TcpRules;
import dev.fqlab.sim.packet.Packet;
import dev.fqlab.sim.scenario.CongestionControlKind;
import dev.fqlab.sim.scenario.TrafficSpec;
import dev.fqlab.sim.stats.TcpRecorder;
import dev.fqlab.sim.traffic.tcp.RetransmitTimer.Pending;

/**
 * The sending end of a TCP connection (RFC 9293 §3.10; Linux v6.6 net/ipv4/tcp_input.c {@code tcp_ack},
 * {@code tcp_ack_update_rtt}, tcp_timer.c {@code tcp_retransmit_timer}, tcp_output.c {@code tcp_rearm_rto},
 * {@code tcp_schedule_loss_probe}, {@code tcp_send_loss_probe}): the handshake, ACK processing and the response to
 * the transmit timer; its parts are the transmit path ({@link TcpOutput}), loss recovery and the congestion state, the
 * transmit timer ({@link RetransmitTimer}) and pacing ({@link Pacing}).
 * <ul>
 * <li>a handshake (SYN, SYN-ACK) that gives the first RTT sample;</li>
 * <li>initial window 10 (RFC 6928), slow start and congestion avoidance by {@link CongestionControl} (CUBIC,
 * RFC 9438 with Linux's HyStart, or Reno, RFC 5681), growing only while the window is used (Linux 4.16's
 * {@code tcp_cwnd_validate} / {@code tcp_is_cwnd_limited});</li>
 * <li>with SACK (the default, Linux's {@code tcp_sack = 1}): the {@link SackScoreboard}, loss detection by
 * {@link RackTlp} (RACK's reordering timer and the tail loss probe share the transmit timer with the RTO, as
 * {@code icsk_pending}), recovery and PRR by {@link SackRecovery}; after a timeout the segments not SACKed are sent
 * again in order;</li>
 * <li>without SACK: NewReno ({@link LossRecovery}, {@link RenoScoreboard}) and go-back-N after a timeout;</li>
 * <li>the retransmission timer of {@link RttEstimator} (Linux's RTO, SRTT + max(mdev, 200 ms)) with exponential
 * backoff;</li>
 * <li>RTT samples as {@code tcp_ack_update_rtt} takes them: from the send time of the first segment the ACK newly
 * acknowledges unless a retransmitted one is among them (Karn's rule), else from the first newly SACKed
 * never-retransmitted segment, else from the timestamp echo; the congestion control gets the RTT of the last such
 * segment ({@code ca_rtt_us});</li>
 * <li>ECN (RFC 3168) when the flow is ect0/ect1: an ECN-Echo reduces the window once per window of data.</li>
 * <li>BBR ({@link Bbr}, a {@code cong_control} module): {@link RateSampler} keeps the delivery counters per
 * segment and gives each ACK a {@link RateSample} ({@code tcp_rate_gen}, just before {@code tcp_cong_control}); BBR
 * then sets cwnd and the pacing rate, instead of PRR, {@code cong_avoid} and {@code tcp_update_pacing_rate}, and
 * asks for pacing ({@code SK_PACING_NEEDED}) when the connection is established.</li>
 * </ul>
 * A finite transfer is done when its last byte is acknowledged; a bulk flow sends new data until {@code stopS}.
 */
final class TcpSender {
    /** RFC 9293 §3.3.2's states that the model needs, and DONE once everything is acknowledged. */
    private enum State { CLOSED, SYN_SENT, ESTABLISHED, DONE }

    private final Simulator sim;
    private final Outbound out;
    private final Transfer transfer;
    private final boolean ecn;
    private final CongestionControl cc;
    /** With BBR: the congestion control, its rate sampler and the per-ACK sample; else null. */
    private final Bbr bbr;
    private final RateSampler rate;
    private final RateSample rateSample;
    private final RttEstimator rtt = new RttEstimator();
    private final TcpRecorder recorder;
    private final SendSequence seq = new SendSequence();
    private final SentSegments sent;
    private final Pacing pacing;
    private final RetransmitTimer rto;
    private final TcpOutput output;
    private final AckSample sample = new AckSample();
    /** Without SACK: NewReno. */
    private final RenoScoreboard renoBoard;
    private final LossRecovery recovery;
    /** With SACK: the scoreboard, RACK-TLP and the state machine. */
    private final SackScoreboard board;
    private final RackTlp rack;
    private final SackRecovery sackRecovery;
    /** {@code icsk_retransmits}: timeouts since snd_una last advanced. */
    private int retransmits;
    private State state = State.CLOSED;

    private final Event startEvent = new Event() {
        @Override
        protected void fire(long now) {
            open(now);
        }
    };

    /**
     * @param tsq whether TCP Small Queues applies (the sender is next to the device queue)
     * @param ect the ECN codepoint of new data, 0 when the flow is not ECN-capable
     * @param random the flow's stream for BBR's random gain-cycle phase (unused by CUBIC and Reno)
     */
    TcpSender(Simulator sim, Outbound out, TrafficSpec.Tcp tcp, Transfer transfer, boolean tsq, int ect,
              TcpRecorder recorder, TcpRules rules, RandomStream random) {
        this.sim = sim;
        this.out = out;
        this.transfer = transfer;
        this.ecn = ect != 0;
        this.recorder = recorder;
        long window = TcpReceiver.windowSegments(transfer.mss());
        if (tcp.congestionControl() == CongestionControlKind.BBR) {
            if (!tcp.sack()) {
                throw new IllegalArgumentException("BBR is modelled with SACK only");
            }
            this.rate = new RateSampler(window + 1);
            this.rateSample = new RateSample();
            this.bbr = new Bbr(rate, transfer.mss(), tcp.pacingShift(), random);
            this.cc = bbr;
        } else {
            this.rate = null;
            this.rateSample = null;
            this.bbr = null;
            this.cc = CongestionControl.of(tcp.congestionControl());
            if (cc instanceof Cubic cubic && rules.hystartMs()) {
                cubic.hystartV4_16();
            }
        }
        this.sent = new SentSegments(window + 1);
        Scoreboard scoreboard;
        if (tcp.sack()) {
            this.renoBoard = null;
            this.recovery = null;
            this.rack = new RackTlp();
            this.board = new SackScoreboard(window + 1, sent, rack, rate);
            this.sackRecovery = new SackRecovery(cc, board, rack, seq, this::queueCwr);
            scoreboard = board;
        } else {
            this.board = null;
            this.rack = null;
            this.sackRecovery = null;
            this.renoBoard = new RenoScoreboard();
            this.recovery = new LossRecovery(cc, renoBoard);
            scoreboard = renoBoard;
        }
        this.pacing = new Pacing(transfer.mss(), tcp.pacing(), rules.edtPacing());
        this.rto = new RetransmitTimer(sim, rtt, this::timerExpired);
        TcpOutput.AfterSend afterSend = tcp.sack() ? this::afterSendSack : (now, prior, n, head) -> rto.startIfStopped(now);
        this.output = new TcpOutput(sim, out, transfer, window, seq, scoreboard, sent, cc, pacing,
                tsq ? new TcpSmallQueues(tcp.pacingShift(), rules, transfer.mss()) : null, rtt, afterSend, recorder, ect,
                rate);
    }

    /** Connects at {@code startNs}. */
    void start(long startNs) {
        sim.schedule(startEvent, startNs);
    }

    private void open(long now) {
        state = State.SYN_SENT;
        sendSyn(now);
        rto.restart(now);
    }

    private void sendSyn(long now) {
        Packet p = out.newPacket(TcpFlow.SYN_BYTES, now);
        p.tcpFlags = TcpFlags.SYN;
        p.ecn = 0;
        out.handOver(p, now);
    }

    private void established(Packet synAck, long now) {
        if (state != State.SYN_SENT) {
            return;
        }
        long sample = now - synAck.tsEcr;
        rtt.sample(sample, 0, 0);
        if (rack != null) {
            rack.rttSample(sample);
        }
        rto.stop();
        state = State.ESTABLISHED;
        cc.init(now, seq.nxt());
        if (bbr != null) { // tcp_init_transfer: bbr_init after the SYN-ACK's tcp_ack
            rate.synAcked(now / Time.NS_PER_US);
            bbr.start(now, rtt.srttUs8(), rack.minRttNs() / Time.NS_PER_US);
            pacing.needed();
        }
        recorder.open(now, cc.cwnd());
        output.start();
        updatePacingRate();
        output.write(now);
    }

    /**
     * Whether the socket is paced ({@code sk->sk_pacing_status != SK_PACING_NONE}), which HyStart's ACK-train test
     * reads (v6.6 tcp_cubic.c {@code hystart_update}: the threshold is halved when NONE). The status is
     * {@link Pacing}'s: NONE for {@code pacing: auto} unless the sender's host has sch_fq ({@code SK_PACING_FQ}),
     * NEEDED for {@code pacing: on}, never set for {@code off}.
     */
    private boolean paced() {
        return pacing.status() != Pacing.Status.NONE;
    }

    /** {@code tcp_ack}. */
    void onAck(Packet p, long now) {
        if ((p.tcpFlags & TcpFlags.SYN) != 0) {
            established(p, now);
            return;
        }
        if (state != State.ESTABLISHED) {
            return;
        }
        if (board != null) {
            onAckSack(p, now);
        } else {
            onAckReno(p, now);
        }
        recorder.cwnd(now, cc.cwnd());
        if (state == State.ESTABLISHED) {
            updatePacingRate();
            output.write(now);
        }
    }

    // ============================================================ without SACK: NewReno

    /** Cumulative ACK, duplicate ACKs and NewReno recovery, ECN-Echo, window growth. */
    private void onAckReno(Packet p, long now) {
        long ack = Math.min(p.tcpAck, seq.max());
        int acked = 0;
        boolean grow = false;
        if (ack > seq.una()) {
            acked = (int) (ack - seq.una());
            grow = newlyAcked(ack, p.tsEcr, now);
        } else if (ack == seq.una() && !seq.allAcked()) {
            recovery.onDuplicateAck(now, seq.packetsOut(), seq.max());
        }
        if ((p.tcpFlags & TcpFlags.ECE) != 0 && ecn && ecnEcho()) {
            grow = false;
        }
        if (grow && output.isCwndLimited()) {
            cc.onAck(acked, now, rtt.srttNs(), seq.una(), seq.nxt());
        }
    }

    /** @return whether the window may grow on this ACK (not while recovering or reducing) */
    private boolean newlyAcked(long ack, long tsEcr, long now) {
        long first = -1;
        long last = -1;
        boolean retransAcked = false;
        for (long s = seq.una(); s < ack; s++) { // tcp_clean_rtx_queue
            if (sent.everRetransmitted(s)) {
                retransAcked = true;
            } else {
                last = sent.xmitNs(s);
                if (first < 0) {
                    first = last;
                }
            }
        }
        renoBoard.acked((int) (ack - seq.una()));
        seq.acknowledge(ack);
        retransmits = 0;
        long seqRtt = first >= 0 && !retransAcked ? now - first : -1;
        long caRtt = seqRtt >= 0 ? now - last : -1;
        takeRttSample(seqRtt, caRtt, tsEcr, true, now);
        boolean grow = recovery.onNewAck(ack);
        if (seq.una() >= transfer.segments() || (seq.allAcked() && transfer.stopped(now))) {
            finish(now);
        } else if (!seq.allAcked()) {
            rto.restart(now); // RFC 6298 §5.3
        } else {
            rto.stop(); // §5.2
        }
        return grow;
    }

    /**
     * {@code tcp_ack_update_rtt}: the sequence RTT if any, else the timestamp echo (only when the ACK acknowledged new
     * data); the congestion control and min RTT get {@code caRtt} ({@code pkts_acked}).
     *
     * @return {@code caRtt} after the timestamp fallback ({@code rs->rtt_us}), -1 if none
     */
    private long takeRttSample(long seqRtt, long caRtt, long tsEcr, boolean acked, long now) {
        if (seqRtt < 0 && acked && tsEcr > 0) {
            seqRtt = now - tsEcr;
            caRtt = seqRtt;
        }
        if (seqRtt >= 0) {
            if (rack != null) {
                rack.rttSample(caRtt);
            }
            rtt.sample(seqRtt, seq.una(), seq.max());
            recorder.rtt(now, seqRtt);
        }
        if (caRtt >= 0) {
            cc.onRttSample(now, caRtt, seq.una(), seq.max(), pacing.rate(), paced());
        }
        return caRtt;
    }

    /** RFC 3168 §6.1.2: the reduction {@link LossRecovery} allows; the next new segment then carries CWR. */
    private boolean ecnEcho() {
        if (state != State.ESTABLISHED || !recovery.onEcnEcho(sim.now(), seq.max())) {
            return false;
        }
        output.queueCwr();
        return true;
    }

    // ============================================================ with SACK: RACK-TLP, PRR

    /**
     * {@code tcp_ack} for a SACK peer: SACK blocks, the cumulative ACK, RTT, the tail loss probe's ACK, the state
     * machine for a dubious ACK (RACK may arm its reordering timer), the transmit timer, then PRR or window growth.
     */
    private void onAckSack(Packet p, long now) {
        long priorUna = seq.una();
        long priorPacketsOut = seq.packetsOut();
        long ack = Math.min(p.tcpAck, seq.max());
        if (ack < priorUna) {
            return; // an old ACK
        }
        AckSample s = sample;
        s.reset();
        long lostBefore = 0;
        if (rateSample != null) {
            rateSample.reset(sackRecovery.inFlight()); // rs.prior_in_flight
            lostBefore = rate.lost();
        }
        board.tagSacks(p, priorUna, seq.max(), now, s, rateSample);
        boolean unaAdvanced = ack > priorUna;
        if (unaAdvanced) {
            board.acknowledge(priorUna, ack, now, s);
            seq.acknowledge(ack);
            retransmits = 0;
        }
        if (board.reorderingSeen(s)) {
            rack.reorderingSeen();
        }
        long seqRtt = -1;
        long caRtt = -1;
        if (s.firstAcktNs >= 0 && !s.retransAcked) {
            seqRtt = now - s.firstAcktNs;
            caRtt = now - s.lastAcktNs;
        }
        if (s.firstSacktNs >= 0) {
            if (seqRtt < 0) {
                seqRtt = now - s.firstSacktNs;
            }
            caRtt = now - s.lastSacktNs;
        }
        caRtt = takeRttSample(seqRtt, caRtt, p.tsEcr, unaAdvanced, now);
        if (seq.una() >= transfer.segments() || (seq.allAcked() && transfer.stopped(now))) {
            finish(now);
            return;
        }
        boolean ece = ecn && (p.tcpFlags & TcpFlags.ECE) != 0;
        boolean dupAck = !unaAdvanced;
        if (sackRecovery.probeOutstanding()) {
            sackRecovery.onTlpAck(ack, unaAdvanced, dupAck, s.newlySacked > 0, now);
        }
        boolean setXmitTimer = unaAdvanced;
        boolean dubious = dupAck || s.newlySacked > 0 || ece || sackRecovery.state() != TcpCaState.OPEN;
        if (priorPacketsOut > 0 && dubious) {
            long reo = sackRecovery.onDubiousAck(ece, rtt.srttNs(), now, s);
            if (reo > 0) {
                rto.reset(Pending.REO_TIMEOUT, reo, now);
                setXmitTimer = false;
            }
        }
        if (setXmitTimer) {
            setXmitTimer(now);
        }
        if (bbr != null) {
            if (priorPacketsOut > 0) { // tcp_rate_gen, then tcp_cong_control's cong_control
                RateSample rs = rateSample;
                rs.rttUs = caRtt < 0 ? -1 : caRtt / Time.NS_PER_US;
                rate.generate(s.delivered, rate.lost() - lostBefore, now / Time.NS_PER_US,
                        rack.minRttNs() / Time.NS_PER_US, rs);
                bbr.control(rs, sackRecovery.state(), sackRecovery.inFlight(), now, pacing.nextSendNs(),
                        rtt.srttUs8());
            }
        } else if (!sackRecovery.reduce(s, unaAdvanced) && unaAdvanced && output.isCwndLimited()) {
            cc.onAck(s.delivered, now, rtt.srttNs(), seq.una(), seq.nxt());
        }
    }

    /** ECN: the next new segment carries CWR ({@code tcp_ecn_queue_cwr}). */
    private void queueCwr() {
        if (ecn) {
            output.queueCwr();
        }
    }

    /** After {@link TcpOutput#write}: PRR counts the segments; the RTO and the loss probe are set as Linux sets them. */
    private void afterSendSack(long now, long priorPacketsOut, int segments, boolean headRetransmitted) {
        sackRecovery.sent(segments);
        if (headRetransmitted && rto.pending() != Pending.REO_TIMEOUT) {
            rto.restart(now); // tcp_xmit_retransmit_queue: the head went out again
        }
        if (seq.packetsOut() > priorPacketsOut) { // new data: tcp_event_new_data_sent, then tcp_write_xmit
            if (priorPacketsOut == 0 || rto.pending() == Pending.LOSS_PROBE) {
                rearmRto(now, rto.pending());
            }
            scheduleLossProbe(now, false);
        }
    }

    /** {@code tcp_set_xmit_timer}. */
    private void setXmitTimer(long now) {
        if (!scheduleLossProbe(now, true)) {
            rearmRto(now, rto.pending());
        }
    }

    /**
     * {@code tcp_rearm_rto}: one RTO from now, or, while the timer was RACK's or the probe's, one RTO after the head
     * was sent.
     */
    private void rearmRto(long now, Pending current) {
        if (seq.packetsOut() == 0) {
            rto.stop();
            return;
        }
        long delay = rtt.rtoNs();
        if (current == Pending.REO_TIMEOUT || current == Pending.LOSS_PROBE) {
            long delta = sent.xmitNs(seq.una()) + rtt.rtoNs() - now; // tcp_rto_delta_us
            delay = RackTlp.jiffies(Math.max(delta, 1000));
        }
        rto.reset(Pending.RETRANS, delay, now);
    }

    /** {@code tcp_schedule_loss_probe}. */
    private boolean scheduleLossProbe(long now, boolean advancingRto) {
        if (!sackRecovery.mayProbe()) {
            return false;
        }
        long rtoDelta = advancingRto ? rtt.rtoNs() : sent.xmitNs(seq.una()) + rtt.rtoNs() - now;
        rto.reset(Pending.LOSS_PROBE, RackTlp.ptoNs(rtt.srttUs8(), seq.packetsOut(), rtoDelta), now);
        return true;
    }

    /** {@code tcp_send_loss_probe}: new data if any (whatever cwnd says), else the last segment again. */
    private void sendLossProbe(long now) {
        if (sackRecovery.probeOutstanding() || seq.allAcked()) {
            rearmRto(now, Pending.LOSS_PROBE);
            return;
        }
        boolean retransmission = false;
        if (output.hasNewData(now)) {
            if (!output.probeNewData(now)) {
                rearmRto(now, Pending.LOSS_PROBE);
                return;
            }
        } else {
            if (!output.probeRetransmit(seq.max() - 1, now)) {
                rearmRto(now, Pending.LOSS_PROBE);
                return;
            }
            retransmission = true;
        }
        sackRecovery.probeSent(retransmission);
        rearmRto(now, Pending.NONE);
    }

    /** {@code tcp_rack_reo_timeout}, then retransmissions, then the RTO again. */
    private void reorderTimeout(long now) {
        sackRecovery.onReorderTimeout(rtt.srttNs(), now);
        recorder.cwnd(now, cc.cwnd());
        output.write(now);
        if (rto.pending() != Pending.RETRANS) {
            rearmRto(now, Pending.REO_TIMEOUT);
        }
    }

    // ============================================================ the transmit timer

    private void timerExpired(Pending what, long now) {
        switch (what) {
            case REO_TIMEOUT -> reorderTimeout(now);
            case LOSS_PROBE -> sendLossProbe(now);
            default -> retransmissionTimeout(now);
        }
    }

    /**
     * {@code tcp_retransmit_timer}: the SYN again, or Loss and the head again; without SACK go-back-N from the
     * first unacknowledged segment, with SACK the segments {@code tcp_enter_loss} marked lost.
     */
    private void retransmissionTimeout(long now) {
        if (state == State.SYN_SENT) {
            recorder.rto();
            rtt.backOff();
            sendSyn(now);
            rto.restart(now);
            return;
        }
        if (state != State.ESTABLISHED || seq.allAcked()) {
            return;
        }
        recorder.rto();
        rtt.backOff();
        if (board != null) {
            sackRecovery.onTimeout(now, retransmits == 0);
            output.retransmitHead(now);
            board.retransmitted(seq.una(), now);
        } else {
            recovery.onTimeout(now, seq.nxt(), seq.max());
            seq.rewind();
            output.retransmitHead(now);
            seq.advance();
        }
        retransmits++;
        recorder.cwnd(now, cc.cwnd());
        pacing.restart(now);
        updatePacingRate();
        rto.restart(now);
    }

    private void finish(long now) {
        state = State.DONE;
        rto.stop();
        output.stop();
        recorder.close(now);
    }

    private void updatePacingRate() {
        if (bbr != null) {
            pacing.set(bbr.pacingRate());
            return;
        }
        pacing.update(cc.cwnd(), cc.ssthresh(), seq.packetsOut(), rtt.srttNs());
    }

    /** A segment's skb was completed or dropped below TCP (TCP Small Queues). */
    void release(Packet p, long now) {
        output.release(p, now);
    }

    CongestionControl cc() {
        return cc;
    }

    RttEstimator rtt() {
        return rtt;
    }

    /** The congestion state ({@link LossRecovery} without SACK, {@link SackRecovery} with it). */
    TcpCaState caState() {
        return board != null ? sackRecovery.state() : recovery.state();
    }

    /** {@code tcp_min_rtt}, µs; {@link Long#MAX_VALUE} before a sample. */
    long minRttUs() {
        return rtt.minRttUs();
    }

    long pacingRate() {
        return pacing.rate();
    }

    /**
     * {@code sk_pacing_rate} as sch_fq reads it for a packet without a departure time: {@code ~0UL}
     * ({@link Long#MAX_VALUE}) before the first RTT sample (Linux initialises it so) and for {@code pacing: off}.
     */
    long fqPacingRate() {
        long rate = pacing.rate();
        return rate == 0 || pacing.never() ? Long.MAX_VALUE : rate;
    }

    /** The fq qdisc of the sender's host classified one of its packets: {@code SK_PACING_FQ}. */
    void pacedByFq() {
        pacing.pacedByFq();
    }

    long packetsOut() {
        return seq.packetsOut();
    }

    Pacing.Status pacingStatus() {
        return pacing.status();
    }

    long wmemAlloc() {
        return output.wmemAlloc();
    }

    boolean done() {
        return state == State.DONE;
    }
}
