package dev.fqlab.sim.traffic.tcp;

import dev.fqlab.sim.core.Event;
import dev.fqlab.sim.core.Simulator;
import dev.fqlab.sim.core.Time;
import dev.fqlab.sim.packet.Packet;
import dev.fqlab.sim.stats.TcpRecorder;

/**
 * The sender's transmit path, Linux's net/ipv4/tcp_output.c: {@code tcp_write_xmit} sends segments while internal
 * pacing ({@link Pacing}), the window and TCP Small Queues allow, each stamped with its earliest departure time;
 * {@code tcp_cwnd_validate} records whether the window was used; new data carries
 * the flow's ECN codepoint and, after a reduction, CWR ({@code tcp_ecn_send}).
 *
 * <p>TCP Small Queues (kernel-spec §6) applies to senders next to the device queue — a down flow with
 * {@code origin: local} (the sender runs on the AP or router) and every up flow (the station or host sends through its
 * own device): the truesize of segments not yet completed or dropped below TCP is capped by {@link TcpSmallQueues}; a
 * throttled sender resumes from the completion, as the TSQ tasklet does (an event at the same instant, after the
 * completion's caller). Each segment is its own packet, so the pacing gap and the TSQ check apply per segment; the
 * truesize each charges is {@link TcpSmallQueues#truesize}'s, and from v4.17 the check's 2 × truesize floor counts the
 * GSO skb of {@link TsoAutosize} segments the kernel would be sending ({@link TcpSmallQueues#checkedTruesize}).
 */
final class TcpOutput {
    /** The L2 header in the truesize of a segment's skb (Ethernet / 802.3 frame as handed to the device). */
    static final int L2_BYTES = 14;
    /** Bytes of a segment that pacing does not count ({@code skb->len} at transmit: TCP header and payload, no IP). */
    private static final int IP_HEADER = 20;

    private final Simulator sim;
    private final Outbound out;
    private final Transfer transfer;
    private final long receiveWindow;
    private final SendSequence seq;
    private final Scoreboard scoreboard;
    private final SentSegments sentSegments;
    private final CongestionControl cc;
    private final Pacing pacing;
    /** Null when the sender is not next to the device queue. */
    private final TcpSmallQueues tsq;
    /** {@code tcp_min_rtt} for {@code tcp_tso_autosize}. */
    private final RttEstimator rtt;
    private final AfterSend afterSend;
    private final TcpRecorder recorder;
    /** The delivery-rate sampler ({@code tcp_rate_skb_sent}), null unless the congestion control reads it. */
    private final RateSampler rate;
    /** The ECN codepoint of new data: 0, or ECT(0)/ECT(1) when the flow is ECN-capable. */
    private final int ect;

    /** Between the handshake and the last byte's ACK: the sender starts and stops the output. */
    private boolean running;
    /** The next new segment carries CWR (Linux's {@code TCP_ECN_QUEUE_CWR}). */
    private boolean sendCwr;
    private boolean cwndLimited;
    private long maxPacketsOut;
    private long cwndUsageSeq;

    private final Event paceEvent = new Event() {
        @Override
        protected void fire(long now) {
            write(now);
        }
    };
    private final Event tsqEvent = new Event() {
        @Override
        protected void fire(long now) {
            write(now);
        }
    };

    TcpOutput(Simulator sim, Outbound out, Transfer transfer, long receiveWindow, SendSequence seq,
              Scoreboard scoreboard, SentSegments sentSegments, CongestionControl cc, Pacing pacing, TcpSmallQueues tsq,
              RttEstimator rtt, AfterSend afterSend, TcpRecorder recorder, int ect, RateSampler rate) {
        this.rtt = rtt;
        this.sim = sim;
        this.out = out;
        this.transfer = transfer;
        this.receiveWindow = receiveWindow;
        this.seq = seq;
        this.scoreboard = scoreboard;
        this.sentSegments = sentSegments;
        this.cc = cc;
        this.pacing = pacing;
        this.tsq = tsq;
        this.afterSend = afterSend;
        this.recorder = recorder;
        this.ect = ect;
        this.rate = rate;
    }

    void start() {
        running = true;
    }

    /** Everything is acknowledged: nothing more goes out. */
    void stop() {
        running = false;
        sim.cancel(paceEvent);
        sim.cancel(tsqEvent);
    }

    /** What the sender does after segments went out (timers; PRR's {@code prr_out}). */
    interface AfterSend {
        /**
         * @param priorPacketsOut segments out before the first of them
         * @param segments how many went out
         * @param headRetransmitted the first unacknowledged segment was among them, retransmitted
         */
        void sent(long now, long priorPacketsOut, int segments, boolean headRetransmitted);
    }

    /**
     * {@code tcp_xmit_retransmit_queue} then {@code tcp_write_xmit}: retransmissions the scoreboard asks for, then new
     * data, while pacing, the window and TSQ allow.
     */
    void write(long now) {
        if (!running) {
            return;
        }
        long priorPacketsOut = seq.packetsOut();
        int sent = 0;
        boolean headRetransmitted = false;
        while (true) {
            long retransmission = scoreboard.nextRetransmission(seq.una(), seq.max());
            long next = retransmission >= 0 ? retransmission : nextSegment(now);
            if (next < 0) {
                break;
            }
            if (pacing.holds(now)) {
                // (re)scheduled even while it fires: an event firing still counts as scheduled
                sim.schedule(paceEvent, pacing.nextSendNs());
                break;
            }
            if (retransmission >= 0 && tsq != null && !scoreboard.retransmissionIgnoresCwnd()
                    && sentSegments.stillInHost(retransmission)) {
                break; // __tcp_retransmit_skb: skb_still_in_host_queue (-EBUSY)
            }
            boolean ignoresCwnd = retransmission >= 0 && scoreboard.retransmissionIgnoresCwnd();
            if (!ignoresCwnd && inFlight() >= (long) cc.cwnd()) {
                break;
            }
            boolean retransmit = next < seq.max(); // sent before: a lost segment, or go-back-N after a timeout
            int ipBytes = TcpFlow.HEADER_BYTES + transfer.payload(next);
            if (tsq != null && tsq.holds(pacing.rate(), pacing.status() != Pacing.Status.NONE,
                    checkedTruesize(next, ipBytes, retransmit), retransmit, seq.allAcked())) {
                break;
            }
            long departure = pacing.sent(now, ipBytes - IP_HEADER);
            transmit(next, retransmit, ipBytes, departure, now);
            if (retransmission >= 0) {
                scoreboard.retransmitted(retransmission, now);
                headRetransmitted |= retransmission == seq.una();
            } else {
                seq.advance();
            }
            sent++;
        }
        if (sent > 0) {
            cwndValidate(inFlight() >= (long) cc.cwnd());
            afterSend.sent(now, priorPacketsOut, sent, headRetransmitted);
        }
    }

    /**
     * A tail loss probe of new data ({@code tcp_send_loss_probe}: {@code tcp_write_xmit} with push_one = 2, one
     * segment whatever cwnd says, still paced and held by TSQ).
     *
     * @return whether it went out
     */
    boolean probeNewData(long now) {
        if (!running || seq.nxt() < seq.max() || !transfer.ready(seq.nxt(), now)
                || seq.nxt() - seq.una() >= receiveWindow || pacing.holds(now)) {
            return false;
        }
        long next = seq.nxt();
        int ipBytes = TcpFlow.HEADER_BYTES + transfer.payload(next);
        if (tsq != null && tsq.holds(pacing.rate(), pacing.status() != Pacing.Status.NONE,
                checkedTruesize(next, ipBytes, false), false, seq.allAcked())) {
            return false;
        }
        transmit(next, false, ipBytes, pacing.sent(now, ipBytes - IP_HEADER), now);
        seq.advance();
        return true;
    }

    /**
     * The truesize TSQ's floor counts for sending {@code segment} ({@link TcpSmallQueues#checkedTruesize}): from
     * v4.17 the GSO skb {@code tcp_write_xmit} would cut, of at most the window's quota ({@code tcp_cwnd_test}, at
     * least 1 as for a tail loss probe), the receive window's room and the data left; a retransmission is one segment.
     */
    private int checkedTruesize(long segment, int ipBytes, boolean retransmit) {
        long quota = 1;
        if (!retransmit) {
            quota = Math.max(1, (long) cc.cwnd() - inFlight());
            quota = Math.min(quota, receiveWindow - (segment - seq.una()));
            quota = Math.min(quota, transfer.segments() - segment);
        }
        return tsq.checkedTruesize(ipBytes, pacing.rate(), rtt.minRttUs(), quota);
    }

    /** Whether new data could go out now, the window aside ({@code tcp_send_head} and the receive window). */
    boolean hasNewData(long now) {
        return seq.nxt() == seq.max() && transfer.ready(seq.nxt(), now) && seq.nxt() - seq.una() < receiveWindow;
    }

    /**
     * A tail loss probe that sends {@code seg} again ({@code __tcp_retransmit_skb}: not counted in retrans_out), unless
     * its last copy is still queued in this host ({@code skb_still_in_host_queue}).
     *
     * @return whether it went out
     */
    boolean probeRetransmit(long seg, long now) {
        if (tsq != null && sentSegments.stillInHost(seg)) {
            return false;
        }
        int ipBytes = TcpFlow.HEADER_BYTES + transfer.payload(seg);
        // __tcp_transmit_skb stamps it and advances tcp_wstamp_ns like any data segment (no tcp_pacing_check here)
        transmit(seg, true, ipBytes, pacing.sent(now, ipBytes - IP_HEADER), now);
        return true;
    }

    /**
     * The segment to send next when nothing is to be retransmitted, -1 if none: the segments after the head again
     * after a timeout (go-back-N, without SACK), then new data within the receiver's window.
     */
    private long nextSegment(long now) {
        if (seq.nxt() < seq.max()) {
            return seq.nxt();
        }
        if (transfer.ready(seq.nxt(), now) && seq.nxt() - seq.una() < receiveWindow) {
            return seq.nxt();
        }
        return -1;
    }

    /** {@code tcp_retransmit_timer} sends the head at once: not paced, not held by TSQ. */
    void retransmitHead(long now) {
        long head = seq.una();
        transmit(head, true, TcpFlow.HEADER_BYTES + transfer.payload(head), 0, now);
    }

    /** @param departure {@code skb->tstamp}, the earliest departure time ({@link Pacing#sent}); 0 = none */
    private void transmit(long segment, boolean retransmit, int ipBytes, long departure, long now) {
        Packet p = out.newPacket(ipBytes, now);
        p.tcpSeq = segment;
        p.tstamp = departure;
        int flags = TcpFlags.DATA;
        if (retransmit) {
            flags |= TcpFlags.RETRANSMIT;
            p.ecn = 0; // RFC 3168 §6.1.5: retransmissions are not ECN-capable
            recorder.retransmit();
        } else {
            p.ecn = ect;
            if (sendCwr) {
                flags |= TcpFlags.CWR;
                sendCwr = false;
            }
        }
        p.tcpFlags = flags;
        if (rate != null) { // __tcp_transmit_skb: skb_mstamp_ns is the departure time
            rate.sent(segment, (departure > 0 ? departure : now) / Time.NS_PER_US, seq.packetsOut());
        }
        sentSegments.sent(segment, retransmit, now);
        scoreboard.transmitted(segment, retransmit, now);
        if (tsq != null) {
            tsq.charge(p, tsq.truesize(ipBytes));
            sentSegments.inHost(segment, true);
        }
        out.handOver(p, now);
    }

    /** The window was reduced for an ECN-Echo: the next new segment says so with CWR (RFC 3168 §6.1.2). */
    void queueCwr() {
        sendCwr = true;
    }

    /** {@code tcp_wfree}: a segment's skb was completed or dropped below TCP; a throttled sender is woken. */
    void release(Packet p, long now) {
        if (tsq != null && (p.tcpFlags & TcpFlags.DATA) != 0) {
            sentSegments.inHost(p.tcpSeq, false);
        }
        if (tsq != null && tsq.release(p)) {
            sim.schedule(tsqEvent, now);
        }
    }

    /** Segments in flight: sent, not acknowledged, not known to have left the network ({@code tcp_packets_in_flight}). */
    private long inFlight() {
        return Math.max(0, seq.nxt() - seq.una() - scoreboard.notInFlight());
    }

    /**
     * {@code tcp_cwnd_validate} of Linux 4.16: at the first send of each window of data, or when more segments are
     * out than ever in this window, it records the segments out and whether the window was fully used then.
     */
    private void cwndValidate(boolean limitedNow) {
        long packetsOut = seq.packetsOut();
        if (seq.una() >= cwndUsageSeq || packetsOut > maxPacketsOut) {
            cwndLimited = limitedNow;
            maxPacketsOut = packetsOut;
            cwndUsageSeq = seq.nxt();
        }
    }

    /** Linux {@code tcp_is_cwnd_limited}: growth only while the window is used (in slow start: half of it). */
    boolean isCwndLimited() {
        if (cwndLimited) {
            return true;
        }
        return cc.inSlowStart() && cc.cwnd() < 2 * maxPacketsOut;
    }

    /** {@code sk_wmem_alloc}: truesize of this sender's segments below TCP now (0 without TSQ). */
    long wmemAlloc() {
        return tsq == null ? 0 : tsq.wmemAlloc();
    }
}
