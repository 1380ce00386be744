package dev.fqlab.sim.qdisc;

import dev.fqlab.sim.packet.DropListener;
import dev.fqlab.sim.packet.Packet;

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

    QdiscCounters(DropListener dropListener) {
        this.dropListener = dropListener;
    }

    /** {@code qdisc_bstats_update}: counts a packet handed to the device. */
    final void countSent(Packet p) {
        sentBytes += p.length;
        sentPackets++;
    }

    /** {@code qdisc_drop}: counts a dropped packet and hands it to the listener. */
    final void drop(Packet p, long now) {
        dropped++;
        dropListener.dropped(p, now);
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
}
