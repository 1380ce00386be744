package dev.fqlab.sim.qdisc;

import dev.fqlab.sim.aqm.Codel;
import dev.fqlab.sim.aqm.CodelQueue;
import dev.fqlab.sim.aqm.CodelVars;
import dev.fqlab.sim.kernel.Kernel;
import dev.fqlab.sim.packet.DropListener;
import dev.fqlab.sim.packet.Packet;
import dev.fqlab.sim.scenario.CodelSettings;

/**
 * What sch_codel and sch_fq_codel share as CoDel's queue (kernel-spec §1.4, include/net/codel_impl.h's callbacks):
 * CoDel's drops are qdisc drops ({@code drop_func}), its backlog floor compares the whole qdisc's backlog with the
 * device MTU ({@code codel_should_drop}'s {@code sch->qstats.backlog}), and its ECN marks and ce_threshold marks are
 * the qdisc's.
 */
abstract class CodelManagedQdisc extends QdiscCounters implements CodelQueue {
    final Codel codel;
    /** {@code drop_overlimit}: packets dropped because the qdisc was over its limit. */
    long dropOverlimit;

    /**
     * @param mtu the device's L2 MTU ({@code psched_mtu}): CoDel's backlog floor
     * @param kernel the host whose clock CoDel reads and whose version's CoDel rules apply
     */
    CodelManagedQdisc(CodelSettings settings, int mtu, DropListener dropListener, Kernel kernel) {
        super(dropListener);
        this.codel = new Codel(settings, mtu, kernel);
    }

    /** The qdisc-wide backlog: CoDel never drops while the whole qdisc holds at most one MTU. */
    @Override
    public final long backlog(CodelVars vars) {
        return backlogBytes;
    }

    @Override
    public final void codelDrop(Packet p, long now) {
        drop(p, now);
    }

    /** CE marks of both kinds: CoDel's instead of drops, and ce_threshold's. */
    @Override
    public final long ecnMarks() {
        var s = codel.stats();
        return s.ecnMark() + s.ceMark();
    }
}
