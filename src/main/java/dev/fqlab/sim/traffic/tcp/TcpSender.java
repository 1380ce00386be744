package dev.fqlab.sim.traffic.tcp;

import dev.fqlab.sim.core.Event;
import dev.fqlab.sim.core.Simulator;
import dev.fqlab.sim.kernel.TcpRules;
import dev.fqlab.sim.packet.Packet;
import dev.fqlab.sim.scenario.TrafficSpec;
import dev.fqlab.sim.stats.TcpRecorder;

/**
 * The sending end of a TCP connection (RFC 9293 §3.10; Linux net/ipv4/tcp_input.c {@code tcp_ack}, tcp_timer.c
 * {@code tcp_retransmit_timer}): the handshake, ACK processing and the response to a timeout; its parts are the
 * transmit path ({@link TcpOutput}), loss recovery and the congestion state ({@link LossRecovery}), the
 * retransmission timer ({@link RetransmitTimer}) and pacing ({@link Pacing}).
 * <ul>
 * <li>a handshake (SYN, SYN-ACK) that gives the first RTT sample;</li>
 * <li>initial window 10 (RFC 6928), slow start and congestion avoidance by {@link CongestionControl} (CUBIC,
 * RFC 9438 with Linux's HyStart, or Reno, RFC 5681), growing only while the window is used (Linux 4.16's
 * {@code tcp_cwnd_validate} / {@code tcp_is_cwnd_limited}: the segments in flight reached cwnd when the window
 * began or peaked; in slow start cwnd &lt; 2 × the most segments out in the window);</li>
 * <li>the retransmission timer of RFC 6298 ({@link RttEstimator}) with Linux's 200 ms minimum and exponential
 * backoff; on expiry cwnd = 1 and everything unacknowledged is sent again from the first hole (go-back-N);</li>
 * <li>RTT samples from the timestamp echo (RFC 7323 §4.3), one per ACK that acknowledges new data;</li>
 * <li>ECN (RFC 3168) when the flow is ect0/ect1: an ECN-Echo reduces the window as {@link LossRecovery} allows.</li>
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
    private final RttEstimator rtt = new RttEstimator();
    private final TcpRecorder recorder;
    private final SendSequence seq = new SendSequence();
    private final RenoScoreboard scoreboard = new RenoScoreboard();
    private final LossRecovery recovery;
    private final Pacing pacing;
    private final RetransmitTimer rto;
    private final TcpOutput output;
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
     */
    TcpSender(Simulator sim, Outbound out, TrafficSpec.Tcp tcp, Transfer transfer, boolean tsq, int ect,
              TcpRecorder recorder, TcpRules rules) {
        this.sim = sim;
        this.out = out;
        this.transfer = transfer;
        this.ecn = ect != 0;
        this.cc = CongestionControl.of(tcp.congestionControl());
        this.recorder = recorder;
        this.recovery = new LossRecovery(cc, scoreboard);
        this.pacing = new Pacing(transfer.mss(), tcp.pacing(), rules.edtPacing());
        this.rto = new RetransmitTimer(sim, rtt, this::retransmissionTimeout);
        this.output = new TcpOutput(sim, out, transfer, TcpReceiver.windowSegments(transfer.mss()), seq, scoreboard,
                cc, pacing, tsq ? new TcpSmallQueues(tcp.pacingShift(), rules) : null, rto, recorder, ect);
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
        rtt.sample(now - synAck.tsEcr);
        rto.stop();
        state = State.ESTABLISHED;
        cc.init(now, seq.nxt());
        recorder.open(now, cc.cwnd());
        output.start();
        updatePacingRate();
        output.write(now);
    }

    /** {@code tcp_ack}: cumulative ACK, duplicate ACKs and recovery, ECN-Echo, window growth, then sending. */
    void onAck(Packet p, long now) {
        if ((p.tcpFlags & TcpFlags.SYN) != 0) {
            established(p, now);
            return;
        }
        if (state != State.ESTABLISHED) {
            return;
        }
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
        recorder.cwnd(now, cc.cwnd());
        if (state == State.ESTABLISHED) {
            updatePacingRate();
            output.write(now);
        }
    }

    /** @return whether the window may grow on this ACK (not while recovering or reducing) */
    private boolean newlyAcked(long ack, long tsEcr, long now) {
        scoreboard.acked((int) (ack - seq.una()));
        seq.acknowledge(ack);
        long sample = now - tsEcr;
        rtt.sample(sample);
        recorder.rtt(now, sample);
        cc.onRttSample(now, sample, seq.una(), seq.nxt(), pacing.rate());
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

    /** RFC 3168 §6.1.2: the reduction {@link LossRecovery} allows; the next new segment then carries CWR. */
    private boolean ecnEcho() {
        if (state != State.ESTABLISHED || !recovery.onEcnEcho(sim.now(), seq.max())) {
            return false;
        }
        output.queueCwr();
        return true;
    }

    /** {@code tcp_retransmit_timer}: the SYN again, or Loss and go-back-N from the first unacknowledged segment. */
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
        recovery.onTimeout(now, seq.nxt(), seq.max());
        recorder.cwnd(now, cc.cwnd());
        seq.rewind();
        output.retransmitHead(now);
        seq.advance();
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
