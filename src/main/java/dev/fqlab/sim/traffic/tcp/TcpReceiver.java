package dev.fqlab.sim.traffic.tcp;

import dev.fqlab.sim.core.Event;
import dev.fqlab.sim.core.Simulator;
import dev.fqlab.sim.core.Time;
import dev.fqlab.sim.packet.Packet;
import dev.fqlab.sim.scenario.EcnCodepoint;

/**
 * The receiving end of a TCP connection (RFC 9293 §3.10.7.4; Linux net/ipv4/tcp_input.c {@code tcp_rcv_established},
 * {@code __tcp_ack_snd_check}): it answers the SYN, delivers in order (goodput = new payload delivered in order),
 * keeps out-of-order segments, ACKs every second full segment, each of the first 16 segments (quick ACK), at once on
 * out-of-order data or a filled hole, and otherwise after Linux's 40 ms delayed-ACK minimum; a 3 MiB window (Linux's
 * 6 MiB {@code tcp_rmem} maximum at {@code tcp_adv_win_scale} 1, no autotuning ramp). Its ACKs echo the timestamp
 * by RFC 7323 §4.3's rules for TS.Recent, so a delayed ACK's RTT sample includes its wait, and ECN-Echo (RFC 3168
 * §6.1.3): after a CE mark every ACK carries ECE until a segment with CWR arrives.
 */
final class TcpReceiver {
    /** Linux {@code TCP_DELACK_MIN}. */
    static final long DELACK_NS = 40 * Time.NS_PER_MS;
    /** Linux {@code TCP_MAX_QUICKACKS}: segments ACKed one by one at the start. */
    static final int QUICKACKS = 16;
    /** The advertised window: half of Linux's 6 MiB {@code tcp_rmem} maximum. */
    static final long RECEIVE_WINDOW_BYTES = 3L << 20;
    /** Linux {@code TCP_NUM_SACKS}: blocks the receiver remembers (it sends the first three with timestamps). */
    static final int SACK_BLOCKS_KEPT = 4;
    /** A SACK option: kind and length (2 bytes), padded to 4 ({@code TCPOLEN_SACK_BASE_ALIGNED}), 8 per block. */
    static final int SACK_OPTION_BASE = 4;
    static final int SACK_BLOCK_BYTES = 8;

    private final Simulator sim;
    private final Outbound out;
    private final Transfer transfer;
    /** SACK was negotiated: ACKs carry {@link #sacks}. */
    private final boolean sack;
    /** Linux's {@code selective_acks}: up to 4 blocks [start, end), most recently changed first. */
    private final long[] sacks = new long[2 * SACK_BLOCKS_KEPT];
    private int sackCount;

    private boolean accepted;
    private long rcvNxt;
    /** Out-of-order segments held, a ring indexed by sequence number (twice the window, so no two collide). */
    private final boolean[] received;
    private final int ringMask;
    private int outOfOrder;
    private long lastAckSent;
    private long tsRecent;
    private int unacked;
    private int quickAcks = QUICKACKS;
    /** CE was seen and CWR not yet: every ACK carries ECE. */
    private boolean demandCwr;

    private final Event delackEvent = new Event() {
        @Override
        protected void fire(long now) {
            if (unacked > 0) {
                sendAck(now);
            }
        }
    };

    TcpReceiver(Simulator sim, Outbound out, Transfer transfer, boolean sack) {
        this.sim = sim;
        this.out = out;
        this.transfer = transfer;
        this.sack = sack;
        int ring = Integer.highestOneBit((int) windowSegments(transfer.mss())) * 2;
        this.received = new boolean[ring];
        this.ringMask = ring - 1;
    }

    /** The advertised window in segments of {@code mss}. */
    static long windowSegments(int mss) {
        return RECEIVE_WINDOW_BYTES / mss;
    }

    /**
     * A SYN or data segment arrived: in-order delivery, out-of-order buffering, the ACK policy.
     *
     * @return the payload newly delivered in order (goodput bytes)
     */
    long onSegment(Packet p, long now) {
        int flags = p.tcpFlags;
        if ((flags & TcpFlags.SYN) != 0) {
            accept(p, now);
            return 0;
        }
        if (!accepted) {
            return 0;
        }
        boolean ackNow = checkCe(p);
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
            goodput = transfer.bytesBefore(rcvNxt) - transfer.bytesBefore(from);
            if (hadHole && sack) {
                removeCoveredSacks();
            }
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
                if (sack) {
                    newOutOfOrder(seq);
                }
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

    /**
     * {@code tcp_sack_new_ofo_skb} (RFC 2018 §4: the first block reports the segment that triggered the ACK): a block
     * the segment extends moves to the front and absorbs any block it now touches; otherwise a new block goes in
     * front, the oldest falling off when four are kept.
     */
    private void newOutOfOrder(long seq) {
        for (int k = 0; k < sackCount; k++) {
            if (seq <= sacks[2 * k + 1] && sacks[2 * k] <= seq + 1) { // tcp_sack_extend: overlaps or touches
                sacks[2 * k] = Math.min(sacks[2 * k], seq);
                sacks[2 * k + 1] = Math.max(sacks[2 * k + 1], seq + 1);
                rotateToFront(k);
                coalesceFront();
                return;
            }
        }
        int n = Math.min(sackCount, SACK_BLOCKS_KEPT - 1);
        System.arraycopy(sacks, 0, sacks, 2, 2 * n);
        sacks[0] = seq;
        sacks[1] = seq + 1;
        sackCount = n + 1;
    }

    private void rotateToFront(int k) {
        long start = sacks[2 * k];
        long end = sacks[2 * k + 1];
        System.arraycopy(sacks, 0, sacks, 2, 2 * k);
        sacks[0] = start;
        sacks[1] = end;
    }

    /** {@code tcp_sack_maybe_coalesce}: the first block swallows the blocks it overlaps or touches. */
    private void coalesceFront() {
        for (int k = 1; k < sackCount; ) {
            if (sacks[2 * k] <= sacks[1] && sacks[0] <= sacks[2 * k + 1]) {
                sacks[0] = Math.min(sacks[0], sacks[2 * k]);
                sacks[1] = Math.max(sacks[1], sacks[2 * k + 1]);
                removeSack(k);
            } else {
                k++;
            }
        }
    }

    /** {@code tcp_sack_remove}: blocks that rcv_nxt now covers go. */
    private void removeCoveredSacks() {
        for (int k = 0; k < sackCount; ) {
            if (sacks[2 * k] <= rcvNxt) {
                removeSack(k);
            } else {
                k++;
            }
        }
    }

    private void removeSack(int k) {
        System.arraycopy(sacks, 2 * k + 2, sacks, 2 * k, 2 * (sackCount - k - 1));
        sackCount--;
    }

    /** The SYN: answered with a SYN-ACK that echoes its timestamp (the sender's first RTT sample). */
    private void accept(Packet syn, long now) {
        accepted = true;
        Packet synAck = out.newPacket(TcpFlow.SYN_BYTES, now);
        synAck.tcpFlags = TcpFlags.SYN | TcpFlags.ACK;
        synAck.tsEcr = syn.sentAt;
        synAck.ecn = 0;
        out.handOver(synAck, now);
    }

    /**
     * RFC 3168 §6.1.3: CWR ends the echo, CE starts it.
     *
     * @return whether to ACK at once ({@code tcp_ecn_check_ce}: do not delay the echo)
     */
    private boolean checkCe(Packet p) {
        if ((p.tcpFlags & TcpFlags.CWR) != 0) {
            demandCwr = false;
        }
        if (p.ecn == EcnCodepoint.CE && !demandCwr) {
            demandCwr = true;
            return true;
        }
        return false;
    }

    private void sendAck(long now) {
        sim.cancel(delackEvent);
        unacked = 0;
        lastAckSent = rcvNxt;
        int blocks = Math.min(sackCount, Packet.MAX_SACK_BLOCKS);
        int option = blocks == 0 ? 0 : SACK_OPTION_BASE + SACK_BLOCK_BYTES * blocks;
        Packet a = out.newPacket(TcpFlow.HEADER_BYTES + option, now);
        a.sackCount = blocks;
        System.arraycopy(sacks, 0, a.sackBlocks(), 0, 2 * blocks);
        a.tcpFlags = TcpFlags.ACK | (demandCwr ? TcpFlags.ECE : 0);
        a.tcpAck = rcvNxt;
        a.tsEcr = tsRecent;
        a.ecn = 0;
        out.handOver(a, now);
    }
}
