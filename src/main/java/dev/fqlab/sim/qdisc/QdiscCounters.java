package dev.fqlab.sim.qdisc;

import dev.fqlab.sim.packet.DropListener;
import dev.fqlab.sim.packet.Packet;
import dev.fqlab.sim.result.TcCounters;

/**
 * The generic counters of every qdisc ({@code struct gnet_stats_basic} and {@code gnet_stats_queue}): what
 * {@code tc -s qdisc} prints on its "Sent … dropped … overlimits … requeues" and "backlog" lines.
 */
abstract class QdiscCounters implements Qdisc {
    private final DropListener dropListener;
    long sentBytes;
    long sentPackets;
    long dropped;
    long overlimits;
    long requeues;
    long backlogBytes;
    int qlen;
    long sojournNs;

    QdiscCounters(DropListener dropListener) {
        this.dropListener = dropListener;
    }

    /** {@code qdisc_bstats_update}: counts a packet handed to the device, and the time it spent here. */
    final void countSent(Packet p, long now) {
        sentBytes += p.length;
        sentPackets++;
        sojournNs += now - p.enqueuedAt;
    }

    /** {@code qdisc_drop}: counts a dropped packet and hands it to the listener. */
    final void drop(Packet p, long now) {
        dropped++;
        dropListener.dropped(p, now);
    }

    /** The counters now, as results.md's {@code qdisc} shows them for every type. */
    final TcCounters tcCounters() {
        return new TcCounters(sentBytes, sentPackets, dropped, overlimits, requeues, backlogBytes, qlen);
    }

    @Override
    public final int backlogPackets() {
        return qlen;
    }

    @Override
    public final long backlogBytes() {
        return backlogBytes;
    }

    @Override
    public final long drops() {
        return dropped;
    }

    @Override
    public final long sentPackets() {
        return sentPackets;
    }

    @Override
    public final long sojournNs() {
        return sojournNs;
    }
}
