package dev.fqlab.sim.packet;

/**
 * One IP packet on its way through the model. Packets are pooled ({@link PacketPool}) and carry an intrusive
 * {@code next} link, so queues are linked lists without node allocation. A packet sits in at most one queue.
 *
 * <p>Lengths follow kernel-spec §0: {@code ipBytes} is the IP packet, {@code length} what qdiscs account
 * ({@code qdisc_pkt_len}: the L2 frame), {@code truesize} what memory limits count.
 */
public final class Packet {
    /** Link for intrusive FIFOs. */
    public Packet next;

    /** Index of the flow in the run's flow table. */
    public int flowId;
    /** Which of the flow's streams (ping flows have two directions). */
    public boolean up;
    /** Per-flow, per-direction send sequence number, for reorder detection and ping pairing. */
    public long seq;

    /** IP packet size in bytes. */
    public int ipBytes;
    /** Bytes the qdisc and the wire account (IP + L2 overhead on wired links). */
    public int length;
    /** Buffer memory the packet occupies (skb->truesize). */
    public int truesize;
    /** The stack's flow hash of the packet's 5-tuple (skb_get_hash). */
    public int hash;
    /** ECN bits: 0 not-ECT, 1 ECT(1), 2 ECT(0), 3 CE. */
    public int ecn;

    /** When the sender handed the packet to the stack (ns). */
    public long sentAt;
    /** When the current queue accepted it (ns): CoDel's enqueue timestamp. */
    public long enqueuedAt;
    /**
     * {@code skb->tstamp} as a departure time (ns): the Earliest Departure Time a paced TCP sender stamps (v4.20+),
     * which sch_fq holds the packet until; 0 = none (the qdisc takes "now").
     */
    public long tstamp;
    /** sch_fq: {@code fq_skb_cb(skb)->time_to_send}, the departure time it holds the packet until (ns). */
    public long timeToSend;

    /** 802.11: the MPDU sequence number within its BlockAck session. */
    public long mpduSeq;
    /** 802.11: transmissions of this MPDU so far. */
    public int transmissions;
    /**
     * 802.11: airtime estimate charged to AQL at dequeue (ns), returned at TX completion; at most 4092 µs
     * ({@link dev.fqlab.sim.wifi.mac80211.ExpectedTxAirtime#chargedUs}), so an int keeps the packet smaller.
     */
    public int aqlNs;
    /** 802.11 A-MSDU: the next MSDU of the A-MSDU this packet heads or belongs to; null for the last or a lone MSDU. */
    public Packet msduNext;
    /** 802.11 A-MSDU: MSDUs in the A-MSDU this packet heads; 0 when it heads none. */
    public int amsduMsdus;
    /** 802.11 A-MSDU: the A-MSDU's length in bytes (its subframes, padded to 4 but the last) when it heads one. */
    public int amsduBytes;

    /** TCP: the segment's number (segments of one flow are numbered from 0; SYN and ACKs carry none). */
    public long tcpSeq;
    /** TCP: the cumulative acknowledgement, in segments: the next segment the receiver expects. */
    public long tcpAck;
    /** TCP: flag bits, see {@code dev.fqlab.sim.traffic.tcp.TcpFlags}. */
    public int tcpFlags;
    /** TCP: the timestamp echo (TSecr, RFC 7323); the packet's own TSval is {@link #sentAt}. */
    public long tsEcr;
    /**
     * TCP Small Queues: the truesize this packet holds of its socket's {@code sk_wmem_alloc} until TX completion or
     * drop; 0 when it holds none (or has already returned it).
     */
    public int tsqCharge;
    /** TCP: SACK blocks on an ACK (RFC 2018 §3), most recent first; 0 when the ACK carries none. */
    public int sackCount;
    /**
     * TCP: the SACK blocks' edges in segments, {@code [start0, end0, start1, end1, ...]}, each block
     * {@code [start, end)}; only the first {@link #sackCount} pairs are meaningful. Allocated on first use, once per
     * pooled packet ({@link #sackBlocks()}): the packets of UDP floods never carry any, and stay smaller without.
     */
    private long[] sackBlocks;

    /** With the timestamp option an ACK has room for three SACK blocks (RFC 2018 §3, 40 − 12 option bytes). */
    public static final int MAX_SACK_BLOCKS = 3;

    /** The SACK blocks' array ({@code [start0, end0, ...]}), made on first use and kept while the packet is pooled. */
    public long[] sackBlocks() {
        long[] b = sackBlocks;
        if (b == null) {
            b = new long[2 * MAX_SACK_BLOCKS];
            sackBlocks = b;
        }
        return b;
    }

    /** True when the packet carries an ECN-capable or CE codepoint (INET_ECN_set_ce would succeed). */
    public boolean ecnCapable() {
        return ecn != 0;
    }

    /** Marks Congestion Experienced if ECN-capable; returns whether the packet now carries CE. */
    public boolean setCe() {
        if (ecn == 0) {
            return false;
        }
        ecn = 3;
        return true;
    }

    void clear() {
        next = null;
        flowId = 0;
        up = false;
        seq = 0;
        ipBytes = 0;
        length = 0;
        truesize = 0;
        hash = 0;
        ecn = 0;
        sentAt = 0;
        enqueuedAt = 0;
        tstamp = 0;
        timeToSend = 0;
        mpduSeq = 0;
        transmissions = 0;
        aqlNs = 0;
        msduNext = null;
        amsduMsdus = 0;
        amsduBytes = 0;
        tcpSeq = 0;
        tcpAck = 0;
        tcpFlags = 0;
        tsEcr = 0;
        tsqCharge = 0;
        sackCount = 0;
    }
}
