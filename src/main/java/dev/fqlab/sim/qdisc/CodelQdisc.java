package dev.fqlab.sim.qdisc;

import dev.fqlab.sim.aqm.CodelVars;
import dev.fqlab.sim.core.Time;
import dev.fqlab.sim.kernel.Kernel;
import dev.fqlab.sim.packet.DropListener;
import dev.fqlab.sim.packet.Packet;
import dev.fqlab.sim.packet.PacketFifo;
import dev.fqlab.sim.result.CodelXstats;
import dev.fqlab.sim.result.QdiscResult;
import dev.fqlab.sim.scenario.CodelSettings;

/**
 * The codel qdisc (net/sched/sch_codel.c; kernel-spec §1): one CoDel-managed FIFO. Arrivals beyond
 * {@code limit} packets are tail-dropped and counted in {@code drop_overlimit}; CoDel compares the whole
 * qdisc's backlog with the device MTU.
 */
public final class CodelQdisc extends CodelManagedQdisc {
    private final int limit;
    private final CodelVars vars = new CodelVars();
    private final PacketFifo fifo = new PacketFifo();

    public CodelQdisc(int limit, CodelSettings settings, int mtu, DropListener dropListener, Kernel kernel) {
        super(settings, mtu, dropListener, kernel);
        this.limit = limit;
    }

    /** On a kernel at boot with the default profile ({@link Kernel#AT_BOOT}): for tests of the qdisc alone. */
    public CodelQdisc(int limit, CodelSettings settings, int mtu, DropListener dropListener) {
        this(limit, settings, mtu, dropListener, Kernel.AT_BOOT);
    }

    @Override
    public int enqueue(Packet p, long now) {
        if (qlen < limit) {
            p.enqueuedAt = now;
            fifo.add(p);
            qlen++;
            backlogBytes += p.length;
            return XMIT_SUCCESS;
        }
        dropOverlimit++;
        drop(p, now);
        return XMIT_DROP;
    }

    @Override
    public Packet dequeue(long now) {
        Packet p = codel.dequeue(this, vars, now);
        if (p != null) {
            countSent(p, now);
        }
        return p;
    }

    @Override
    public Packet dequeueHead(CodelVars v) {
        Packet p = fifo.poll();
        if (p != null) {
            qlen--;
            backlogBytes -= p.length;
        }
        return p;
    }




    @Override
    public QdiscResult.Codel result() {
        var s = codel.stats();
        return new QdiscResult.Codel(tcCounters(), new CodelXstats(s.maxpacket(), dropOverlimit, s.ecnMark(),
                s.ceMark(), Integer.toUnsignedLong(vars.count()), Integer.toUnsignedLong(vars.lastcount()),
                Time.toMs(codel.toNs(vars.ldelay())), vars.dropping()));
    }
}
