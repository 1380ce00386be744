package dev.fqlab.sim.qdisc;

import dev.fqlab.sim.kernel.Kernel;
import dev.fqlab.sim.packet.DropListener;
import dev.fqlab.sim.scenario.QdiscSpec;

/** Picks the qdisc implementation for a scenario's {@code stack.qdisc}: one line per type. */
public final class Qdiscs {
    private Qdiscs() {
    }

    /**
     * @param mtu the device's L2 MTU ({@code psched_mtu}), CoDel's backlog floor
     * @param kernel the host: CoDel's clock and its version's rules
     */
    public static Qdisc create(QdiscSpec spec, int mtu, DropListener drops, Kernel kernel) {
        return create(spec, mtu, drops, kernel, FqSockets.FORWARDED, 0);
    }

    /**
     * @param sockets what sch_fq sees of the host's sockets ({@code skb->sk})
     * @param socketCount how many socket ids {@code sockets} may name
     */
    public static Qdisc create(QdiscSpec spec, int mtu, DropListener drops, Kernel kernel, FqSockets sockets,
                               int socketCount) {
        return switch (spec) {
            case QdiscSpec.Fq f -> new Fq(f, mtu, drops, kernel, sockets, socketCount);
            case QdiscSpec.Pfifo p -> new Pfifo(p.limit(), drops);
            case QdiscSpec.Codel c -> new CodelQdisc(c.limit(), c.codel(), mtu, drops, kernel);
            case QdiscSpec.FqCodel f -> new FqCodel(f, mtu, drops, kernel);
            case QdiscSpec.Noqueue n -> throw new IllegalArgumentException("noqueue has no queue to put on a wired link");
        };
    }
}
