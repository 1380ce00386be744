package dev.fqlab.sim.qdisc;

import dev.fqlab.sim.packet.DropListener;
import dev.fqlab.sim.packet.Packet;
import dev.fqlab.sim.packet.PacketFifo;
import dev.fqlab.sim.result.QdiscResult;

/** pfifo (net/sched/sch_fifo.c): a FIFO of at most {@code limit} packets that drops arrivals when full. */
public final class Pfifo extends QdiscCounters {
    private final int limit;
    private final PacketFifo fifo = new PacketFifo();

    public Pfifo(int limit, DropListener dropListener) {
        super(dropListener);
        this.limit = limit;
    }

    @Override
    public int enqueue(Packet p, long now) {
        if (qlen >= limit) {
            drop(p, now);
            return XMIT_DROP;
        }
        p.enqueuedAt = now;
        fifo.add(p);
        qlen++;
        backlogBytes += p.length;
        return XMIT_SUCCESS;
    }

    @Override
    public Packet dequeue(long now) {
        Packet p = fifo.poll();
        if (p != null) {
            qlen--;
            backlogBytes -= p.length;
            countSent(p, now);
        }
        return p;
    }

    @Override
    public QdiscResult result() {
        return QdiscResult.pfifo(tcCounters());
    }
}
