package dev.fqlab.sim.traffic.tcp;

import dev.fqlab.sim.core.Event;
import dev.fqlab.sim.core.Simulator;
import dev.fqlab.sim.core.Time;
import dev.fqlab.sim.packet.Packet;
import dev.fqlab.sim.packet.PacketPool;
import dev.fqlab.sim.packet.Truesize;
import dev.fqlab.sim.result.TcpStats;
import dev.fqlab.sim.scenario.Direction;
import dev.fqlab.sim.scenario.EcnCodepoint;
import dev.fqlab.sim.scenario.FlowSpec;
import dev.fqlab.sim.scenario.TcpOrigin;
import dev.fqlab.sim.scenario.TrafficSpec;
import dev.fqlab.sim.stats.FlowStats;
import dev.fqlab.sim.stats.TcpRecorder;
import dev.fqlab.sim.traffic.Flow;

/**
 * A TCP connection, both ends, with TCP Small Queues and pacing as Linux does them (kernel-spec §6; scenario.md
 * {@code tcp}). Modelled where it shapes queueing:
 * <ul>
 * <li>a handshake (SYN, SYN-ACK) that gives the first RTT sample; then segments of {@code mss} payload plus 52
 * bytes of IPv4 + TCP header with timestamps, numbered in segments; pure ACKs of 52 bytes on the reverse path;</li>
 * <li>initial window 10 (RFC 6928), slow start and congestion avoidance by {@link CongestionControl} (CUBIC,
 * RFC 9438 with Linux's HyStart, or Reno, RFC 5681), growing only while the window is used (Linux 4.16's
 * {@code tcp_cwnd_validate} / {@code tcp_is_cwnd_limited}: the segments in flight reached cwnd when the window
 * began or peaked; in slow start cwnd &lt; 2 × the most segments out in the window);</li>
 * <li>fast retransmit on the third duplicate ACK and NewReno recovery (RFC 6582): duplicate ACKs count as
 * segments that left the network, as Linux's SACK emulation for non-SACK peers does, cwnd = ssthresh during
 * recovery and new data goes out while the segments in flight are below it (RFC 6675's conservative pipe), each
 * partial ACK retransmits the next hole, a full ACK ends recovery;</li>
 * <li>the retransmission timer of RFC 6298 ({@link RttEstimator}) with Linux's 200 ms minimum and exponential
 * backoff; on expiry cwnd = 1 and everything unacknowledged is sent again from the first hole (go-back-N),
 * fast retransmit stays off until the data outstanding at the timeout is acknowledged (RFC 6582 §4);</li>
 * <li>RTT samples from the timestamp echo (RFC 7323 §4.3 rules for TS.Recent, so a delayed ACK's sample
 * includes its wait);</li>
 * <li>a receiver that delivers in order (goodput = new payload delivered in order), keeps out-of-order segments,
 * ACKs every second full segment, each of the first 16 segments (quick ACK), at once on out-of-order data or a
 * filled hole, and otherwise after Linux's 40 ms delayed-ACK minimum; a 3 MiB window (Linux's 6 MiB
 * {@code tcp_rmem} maximum at {@code tcp_adv_win_scale} 1, no autotuning ramp);</li>
 * <li>ECN (RFC 3168) when the flow is ect0/ect1: new data carries the codepoint (retransmissions and ACKs do not),
 * the receiver echoes CE with ECE until it sees CWR, the sender reduces as for a loss at most once per window and
 * sets CWR on its next new segment;</li>
 * <li>pacing at {@code sk_pacing_rate} = {@code mss × max(cwnd, packets_out) / srtt} × 200 % while
 * cwnd &lt; ssthresh / 2, else × 120 % ({@code tcp_update_pacing_rate}, on every ACK), enforced per segment
 * like Linux's internal pacing (4.13+): the next segment leaves {@code skb->len / rate} after the previous one.
 * (Linux paces internally only when asked to — BBR, {@code SO_MAX_PACING_RATE} — and CUBIC over fq_codel or a
 * WiFi device is unpaced there; fqlab paces every TCP flow, which changes little where TSQ or the window
 * binds);</li>
 * <li>TCP Small Queues for senders next to the device queue — a down flow with {@code origin: local} (the sender
 * runs on the AP or router) and every up flow (the station or host sends through its own device): the truesize of
 * segments not yet completed or dropped below TCP is capped by {@link TcpSmallQueues}; a throttled sender resumes
 * from the completion, as the TSQ tasklet does (an event at the same instant, after the completion's caller).</li>
 * </ul>
 * Not modelled: SACK blocks, RACK/TLP, F-RTO, PRR (cwnd drops to ssthresh at once), TSO/GSO autosizing (each
 * segment is its own skb, so TSQ's 2 × truesize floor is two segments), receive window autotuning, Nagle and
 * application pauses (bulk data is always ready), RFC 2861 window validation after application-limited periods,
 * FIN, the delayed-ACK timeout's adaptation beyond the 40 ms minimum, host processing time in the TCP stacks.
 *
 * <p>A down flow's sender is the server end (remote server or the AP/router itself) and its receiver the station or
 * host; an up flow's sender is the station or host and its receiver the server end. A finite transfer is done
 * when its last byte is acknowledged; a bulk flow sends new data until {@code stopS}.
 */
public final class TcpFlow extends Flow {
    /** IPv4 (20) + TCP (20) + timestamp option (12) bytes on every segment and ACK. */
    public static final int HEADER_BYTES = 52;
    /** SYN and SYN-ACK: IPv4 + TCP + MSS, SACK-permitted, timestamp and window-scale options (40 + 20). */
    public static final int SYN_BYTES = 60;
    /** Linux {@code TCP_DELACK_MIN}. */
    public static final long DELACK_NS = 40 * Time.NS_PER_MS;
    /** Linux {@code TCP_MAX_QUICKACKS}: segments ACKed one by one at the start. */
    public static final int QUICKACKS = 16;
    /** The advertised window: half of Linux's 6 MiB {@code tcp_rmem} maximum. */
    public static final long RECEIVE_WINDOW_BYTES = 3L << 20;
    /** The L2 header in the truesize of a segment's skb (Ethernet / 802.3 frame as handed to the device). */
    static final int L2_BYTES = 14;
    /** Bytes of a segment that pacing counts ({@code skb->len} at transmit: TCP header and payload, no IP). */
    private static final int IP_HEADER = 20;

    private static final int CLOSED = 0;
    private static final int SYN_SENT = 1;
    private static final int OPEN = 2;
    private static final int DONE = 3;

    private final boolean dataUp;
    private final int mss;
    private final long totalBytes;
    private final long totalSegments;
    private final boolean tsq;
    private final int pacingShift;
    private final int ect;
    private final long startNs;
    private final long stopNs;
    private final long receiveWindow;
    private final CongestionControl cc;
    private final RttEstimator rtt = new RttEstimator();
    private final TcpRecorder recorder;

    // --- sender ---
    private int state = CLOSED;
    private long sndUna;
    private long sndNxt;
    private long sndMax;
    /** Duplicate ACKs counted as segments that left the network (Linux's {@code sacked_out} for non-SACK peers). */
    private int sackedOut;
    /** The first unacknowledged segment is lost and waits for its retransmission. */
    private boolean headLost;
    private boolean inRecovery;
    private boolean inLoss;
    private boolean inCwr;
    private long recover;
    private long cwrHigh;
    private boolean sendCwr;
    private long pacingRate;
    private long nextSendNs;
    private long wmemAlloc;
    private boolean tsqThrottled;
    private boolean cwndLimited;
    private long maxPacketsOut;
    private long cwndUsageSeq;

    // --- receiver ---
    private boolean accepted;
    private long rcvNxt;
    private final boolean[] received;
    private final int ringMask;
    private int outOfOrder;
    private long lastAckSent;
    private long tsRecent;
    private int unacked;
    private int quickAcks = QUICKACKS;
    private boolean demandCwr;

    private final Event startEvent = new Event() {
        @Override
        protected void fire(long now) {
            open(now);
        }
    };
    private final Event rtoEvent = new Event() {
        @Override
        protected void fire(long now) {
            retransmissionTimeout(now);
        }
    };
    private final Event paceEvent = new Event() {
        @Override
        protected void fire(long now) {
            trySend(now);
        }
    };
    private final Event tsqEvent = new Event() {
        @Override
        protected void fire(long now) {
            trySend(now);
        }
    };
    private final Event delackEvent = new Event() {
        @Override
        protected void fire(long now) {
            if (unacked > 0) {
                sendAck(now);
            }
        }
    };

    public TcpFlow(int id, FlowSpec spec, FlowStats stats, Simulator sim, PacketPool pool, FlowPath path,
                   long warmupNs) {
        super(id, spec, stats, sim, pool, path);
        TrafficSpec.Tcp tcp = (TrafficSpec.Tcp) spec.traffic();
        this.dataUp = spec.direction() == Direction.UP;
        this.mss = tcp.mss();
        this.totalBytes = tcp.bytes() == null ? Long.MAX_VALUE : tcp.bytes();
        this.totalSegments = tcp.bytes() == null ? Long.MAX_VALUE : (tcp.bytes() + mss - 1) / mss;
        this.tsq = dataUp || tcp.origin() == TcpOrigin.LOCAL;
        this.pacingShift = tcp.pacingShift();
        this.ect = spec.ecn() == EcnCodepoint.NOT_ECT ? 0 : spec.ecn().bits();
        this.startNs = Time.seconds(spec.startS());
        this.stopNs = Time.seconds(spec.stopS());
        this.receiveWindow = RECEIVE_WINDOW_BYTES / mss;
        this.cc = CongestionControl.of(tcp.congestionControl());
        this.recorder = new TcpRecorder(warmupNs);
        int ring = Integer.highestOneBit((int) receiveWindow) * 2;
        this.received = new boolean[ring];
        this.ringMask = ring - 1;
    }

    @Override
    public void start() {
        sim.schedule(startEvent, startNs);
    }

    // ============================================================ sender

    private void open(long now) {
        state = SYN_SENT;
        sendSyn(now);
        sim.schedule(rtoEvent, now + rtt.rtoNs());
    }

    private void sendSyn(long now) {
        Packet p = newPacket(SYN_BYTES, dataUp, now);
        p.tcpFlags = TcpFlags.SYN;
        p.ecn = 0;
        handOver(p, now);
    }

    private void established(Packet synAck, long now) {
        if (state != SYN_SENT) {
            return;
        }
        rtt.sample(now - synAck.tsEcr);
        sim.cancel(rtoEvent);
        state = OPEN;
        cc.init(now, sndNxt);
        recorder.open(now, cc.cwnd());
        updatePacingRate();
        trySend(now);
    }

    /**
     * {@code tcp_write_xmit}: sends segments while pacing, the window and TSQ allow. Each segment is its own skb (no
     * TSO/GSO), so the pacing gap and the TSQ check apply per segment.
     */
    private void trySend(long now) {
        if (state != OPEN) {
            return;
        }
        boolean sent = false;
        while (true) {
            long seq;
            boolean retransmit = true;
            boolean head = headLost;
            if (head) {
                seq = sndUna;
            } else if (sndNxt < sndMax) {
                seq = sndNxt;
            } else if (sndNxt < totalSegments && now < stopNs && sndNxt - sndUna < receiveWindow) {
                seq = sndNxt;
                retransmit = false;
            } else {
                break;
            }
            if (now < nextSendNs) {
                // (re)scheduled even while it fires: an event firing still counts as scheduled
                sim.schedule(paceEvent, nextSendNs);
                break;
            }
            // the retransmission of a lost head goes out whatever the window (RFC 6582 steps 3 and 5)
            if (!head && inFlight() >= (long) cc.cwnd()) {
                break;
            }
            int ipBytes = HEADER_BYTES + payload(seq);
            if (tsq) {
                long limit = TcpSmallQueues.limit(pacingRate, pacingShift, Truesize.of(ipBytes + L2_BYTES),
                        retransmit ? 1 : 0);
                if (TcpSmallQueues.throttles(wmemAlloc, limit, sndUna == sndMax)) {
                    tsqThrottled = true;
                    break;
                }
            }
            transmit(seq, retransmit, ipBytes, now);
            if (head) {
                headLost = false;
            } else {
                sndNxt++;
                sndMax = Math.max(sndMax, sndNxt);
            }
            sent = true;
            nextSendNs = Math.max(nextSendNs, now) + pacingGapNs(ipBytes - IP_HEADER);
        }
        if (sent) {
            cwndValidate(inFlight() >= (long) cc.cwnd());
            if (!rtoEvent.isScheduled()) {
                sim.schedule(rtoEvent, now + rtt.rtoNs());
            }
        }
    }

    private void transmit(long seq, boolean retransmit, int ipBytes, long now) {
        Packet p = newPacket(ipBytes, dataUp, now);
        p.tcpSeq = seq;
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
        if (tsq) {
            int charge = Truesize.of(ipBytes + L2_BYTES);
            p.tsqCharge = charge;
            wmemAlloc += charge;
        }
        handOver(p, now);
    }

    /** Segments in flight: sent, not acknowledged, not known to have left the network ({@code tcp_packets_in_flight}). */
    private long inFlight() {
        return Math.max(0, sndNxt - sndUna - sackedOut - (headLost ? 1 : 0));
    }

    /**
     * {@code tcp_cwnd_validate} of Linux 4.16: at the first send of each window of data, or when more segments are
     * out than ever in this window, it records the segments out and whether the window was fully used then.
     */
    private void cwndValidate(boolean limitedNow) {
        long packetsOut = sndMax - sndUna;
        if (sndUna >= cwndUsageSeq || packetsOut > maxPacketsOut) {
            cwndLimited = limitedNow;
            maxPacketsOut = packetsOut;
            cwndUsageSeq = sndNxt;
        }
    }

    /** Linux {@code tcp_is_cwnd_limited}: growth only while the window is used (in slow start: half of it). */
    private boolean mayRaiseCwnd() {
        if (cwndLimited) {
            return true;
        }
        return cc.inSlowStart() && cc.cwnd() < 2 * maxPacketsOut;
    }

    /** {@code tcp_update_pacing_rate}: bytes per second. */
    private void updatePacingRate() {
        long srtt = rtt.srttNs();
        if (srtt == 0) {
            pacingRate = 0;
            return;
        }
        int ratio = cc.cwnd() < cc.ssthresh() / 2 ? 200 : 120;
        long segments = Math.max((long) cc.cwnd(), sndMax - sndUna);
        pacingRate = (long) ((double) mss * ratio / 100 * segments * Time.NS_PER_S / srtt);
    }

    /** Linux internal pacing: the next skb leaves {@code skb->len / sk_pacing_rate} after this one. */
    private long pacingGapNs(int skbBytes) {
        return pacingRate <= 0 ? 0 : (long) (skbBytes * (double) Time.NS_PER_S / pacingRate);
    }

    /** {@code tcp_ack}: cumulative ACK, duplicate ACKs and recovery, ECN-Echo, window growth, then sending. */
    private void onAck(Packet p, long now) {
        if ((p.tcpFlags & TcpFlags.SYN) != 0) {
            established(p, now);
            return;
        }
        if (state != OPEN) {
            return;
        }
        long ack = Math.min(p.tcpAck, sndMax);
        int acked = 0;
        boolean grow = false;
        if (ack > sndUna) {
            acked = (int) (ack - sndUna);
            grow = newlyAcked(ack, p.tsEcr, now);
        } else if (ack == sndUna && sndUna < sndMax) {
            duplicateAck(now);
        }
        if ((p.tcpFlags & TcpFlags.ECE) != 0 && ect != 0) {
            if (ecnEcho()) {
                grow = false;
            }
        }
        if (grow && mayRaiseCwnd()) {
            cc.onAck(acked, now, rtt.srttNs(), sndUna, sndNxt);
        }
        recorder.cwnd(now, cc.cwnd());
        if (state == OPEN) {
            updatePacingRate();
            trySend(now);
        }
    }

    /** @return whether the window may grow on this ACK (not while recovering or reducing) */
    private boolean newlyAcked(long ack, long tsEcr, long now) {
        int acked = (int) (ack - sndUna);
        // one ACK filled the hole, the rest eat duplicate ACKs (tcp_remove_reno_sacks)
        sackedOut = acked - 1 >= sackedOut ? 0 : sackedOut - (acked - 1);
        sndUna = ack;
        sndNxt = Math.max(sndNxt, sndUna);
        headLost = false;
        long sample = now - tsEcr;
        rtt.sample(sample);
        recorder.rtt(now, sample);
        cc.onRttSample(now, sample, sndUna, sndNxt, pacingRate);
        boolean grow = true;
        if (inRecovery) {
            grow = false;
            if (ack >= recover) {
                inRecovery = false;
                sackedOut = 0;
                cc.setCwnd(cc.ssthresh());
            } else {
                headLost = true; // NewReno partial ACK: the next hole is lost too
            }
        }
        if (inLoss && ack >= recover) {
            inLoss = false;
        }
        if (inCwr) {
            grow = false;
            if (ack >= cwrHigh) {
                inCwr = false;
            }
        }
        if (sndUna >= totalSegments || (sndUna == sndMax && now >= stopNs)) {
            finish(now);
        } else if (sndUna < sndMax) {
            sim.schedule(rtoEvent, now + rtt.rtoNs()); // RFC 6298 §5.3
        } else {
            sim.cancel(rtoEvent); // §5.2
        }
        return grow;
    }

    private void duplicateAck(long now) {
        if (inLoss) {
            return; // RFC 6582 §4: no fast retransmit for data sent before the timeout
        }
        long packetsOut = sndMax - sndUna;
        sackedOut = (int) Math.min(sackedOut + 1L, Math.max(0, packetsOut - 1));
        if (!inRecovery && sackedOut >= 3) {
            cc.onCongestion(now);
            cc.setCwnd(cc.ssthresh());
            inRecovery = true;
            inCwr = false;
            recover = sndMax;
            headLost = true;
        }
    }

    /** RFC 3168 §6.1.2: reduce once per window of data, not while a loss recovery already did. */
    private boolean ecnEcho() {
        if (inRecovery || inLoss || inCwr || state != OPEN) {
            return false;
        }
        cc.onCongestion(sim.now());
        cc.setCwnd(cc.ssthresh());
        inCwr = true;
        cwrHigh = sndMax;
        sendCwr = true;
        return true;
    }

    private void retransmissionTimeout(long now) {
        if (state == SYN_SENT) {
            recorder.rto();
            rtt.backOff();
            sendSyn(now);
            sim.schedule(rtoEvent, now + rtt.rtoNs());
            return;
        }
        if (state != OPEN || sndUna >= sndMax) {
            return;
        }
        recorder.rto();
        rtt.backOff();
        cc.onTimeout(now, sndNxt);
        recorder.cwnd(now, cc.cwnd());
        inLoss = true;
        inRecovery = false;
        inCwr = false;
        recover = sndMax;
        sackedOut = 0;
        headLost = false;
        sndNxt = sndUna;
        // tcp_retransmit_timer sends the head at once: not paced, not held by TSQ
        transmit(sndUna, true, HEADER_BYTES + payload(sndUna), now);
        sndNxt = sndUna + 1;
        nextSendNs = now;
        updatePacingRate();
        sim.schedule(rtoEvent, now + rtt.rtoNs());
    }

    private void finish(long now) {
        state = DONE;
        sim.cancel(rtoEvent);
        sim.cancel(paceEvent);
        sim.cancel(tsqEvent);
        recorder.close(now);
    }

    private int payload(long seq) {
        return (int) Math.min(mss, totalBytes - seq * mss);
    }

    // ============================================================ TSQ completions

    @Override
    public void txCompleted(Packet p, long now) {
        release(p, now);
    }

    @Override
    public void dropped(Packet p, long now) {
        super.dropped(p, now);
        release(p, now);
    }

    /** {@code tcp_wfree}: the skb's truesize leaves {@code sk_wmem_alloc}; a throttled socket is woken. */
    private void release(Packet p, long now) {
        int charge = p.tsqCharge;
        if (charge == 0) {
            return;
        }
        p.tsqCharge = 0;
        wmemAlloc -= charge;
        if (tsqThrottled) {
            tsqThrottled = false;
            sim.schedule(tsqEvent, now);
        }
    }

    // ============================================================ receiver

    @Override
    public long delivered(Packet p, long now) {
        int flags = p.tcpFlags;
        if ((flags & TcpFlags.ACK) != 0) {
            stats.deliveredTcp(p, now, 0, false);
            onAck(p, now);
            return 0;
        }
        long goodput = onSegment(p, now);
        stats.deliveredTcp(p, now, goodput, (flags & TcpFlags.DATA) != 0);
        return goodput;
    }

    /** A SYN or data segment at the receiver: in-order delivery, out-of-order buffering, the ACK policy. */
    private long onSegment(Packet p, long now) {
        int flags = p.tcpFlags;
        if ((flags & TcpFlags.SYN) != 0) {
            accepted = true;
            Packet synAck = newPacket(SYN_BYTES, !dataUp, now);
            synAck.tcpFlags = TcpFlags.SYN | TcpFlags.ACK;
            synAck.tsEcr = p.sentAt;
            synAck.ecn = 0;
            handOver(synAck, now);
            return 0;
        }
        if (!accepted) {
            return 0;
        }
        boolean ackNow = false;
        if ((flags & TcpFlags.CWR) != 0) {
            demandCwr = false;
        }
        if (p.ecn == EcnCodepoint.CE && !demandCwr) {
            demandCwr = true;
            ackNow = true; // tcp_ecn_check_ce: do not delay the echo
        }
        long seq = p.tcpSeq;
        long goodput = 0;
        if (seq == rcvNxt) {
            if (seq <= lastAckSent) {
                tsRecent = p.sentAt; // RFC 7323 §4.3: SEG.SEQ ≤ Last.ACK.sent
            }
            boolean hadHole = outOfOrder > 0;
            long from = rcvNxt;
            rcvNxt++;
            while (outOfOrder > 0 && received[(int) (rcvNxt & ringMask)]) {
                received[(int) (rcvNxt & ringMask)] = false;
                outOfOrder--;
                rcvNxt++;
            }
            goodput = bytesBefore(rcvNxt) - bytesBefore(from);
            if (hadHole || ++unacked >= 2) {
                ackNow = true;
            } else if (quickAcks > 0) {
                quickAcks--;
                ackNow = true;
            }
        } else if (seq > rcvNxt) {
            int slot = (int) (seq & ringMask);
            if (!received[slot]) {
                received[slot] = true;
                outOfOrder++;
            }
            ackNow = true; // duplicate ACK
        } else {
            ackNow = true; // an old duplicate: ACK it again
        }
        if (ackNow) {
            sendAck(now);
        } else if (!delackEvent.isScheduled()) {
            sim.schedule(delackEvent, now + DELACK_NS);
        }
        return goodput;
    }

    private long bytesBefore(long segment) {
        return segment >= totalSegments ? totalBytes : segment * mss;
    }

    private void sendAck(long now) {
        sim.cancel(delackEvent);
        unacked = 0;
        lastAckSent = rcvNxt;
        Packet a = newPacket(HEADER_BYTES, !dataUp, now);
        a.tcpFlags = TcpFlags.ACK | (demandCwr ? TcpFlags.ECE : 0);
        a.tcpAck = rcvNxt;
        a.tsEcr = tsRecent;
        a.ecn = 0;
        handOver(a, now);
    }

    // ============================================================ results

    public TcpStats tcpStats(long endNs) {
        return recorder.result(endNs);
    }

    public TcpRecorder recorder() {
        return recorder;
    }

    /** Congestion window now, in segments (tests). */
    public double cwnd() {
        return cc.cwnd();
    }

    public double ssthresh() {
        return cc.ssthresh();
    }

    /** {@code sk_pacing_rate} now, bytes per second (tests). */
    public long pacingRate() {
        return pacingRate;
    }

    /** Truesize of this flow's segments below TCP now ({@code sk_wmem_alloc}, tests). */
    public long wmemAlloc() {
        return wmemAlloc;
    }

    public RttEstimator rttEstimator() {
        return rtt;
    }

    /** Whether a finite transfer has been fully acknowledged. */
    public boolean done() {
        return state == DONE;
    }
}
