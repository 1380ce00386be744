package dev.fqlab.sim.qdisc;

import dev.fqlab.sim.packet.Packet;
import dev.fqlab.sim.result.QdiscResult;

/** An interface queueing discipline: enqueue, dequeue and the counters {@code tc -s qdisc} shows. */
public interface Qdisc {

    /** {@code NET_XMIT_SUCCESS}: queued. */
    int XMIT_SUCCESS = 0;
    /** {@code NET_XMIT_DROP}: the packet itself was dropped. */
    int XMIT_DROP = 1;
    /** {@code NET_XMIT_CN}: queued, but packets of the same flow were dropped (congestion notification). */
    int XMIT_CN = 2;

    /**
     * Takes a packet; the qdisc may drop it or others (telling its drop listener). The caller must not touch
     * {@code p} afterwards.
     *
     * @return one of {@link #XMIT_SUCCESS}, {@link #XMIT_DROP}, {@link #XMIT_CN}
     */
    int enqueue(Packet p, long now);

    /** The next packet to transmit, or null when empty (AQM drops happen here). */
    Packet dequeue(long now);

    int backlogPackets();

    long backlogBytes();

    /** Packets dropped so far, for any reason (tc's {@code dropped}). */
    long drops();

    /** Packets marked CE so far instead of dropped (fq_codel's and codel's {@code ecn_mark}); 0 when none can be. */
    default long ecnMarks() {
        return 0;
    }

    /** Packets handed on so far (tc's {@code Sent … pkt}). */
    long sentPackets();

    /** The time the packets handed on so far spent in the qdisc, summed, in ns (their sojourn). */
    long sojournNs();

    /**
     * Where to ask for a later dequeue when {@link #dequeue} holds packets back (sch_fq's pacing); qdiscs that
     * never hold a packet they have ignore it.
     */
    default void watchdog(Watchdog w) {
    }

    /** The counters now, as results.md's {@code qdisc} object. */
    QdiscResult result();
}
