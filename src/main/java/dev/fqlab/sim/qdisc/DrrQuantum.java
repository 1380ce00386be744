package dev.fqlab.sim.qdisc;

import dev.fqlab.sim.scenario.QuantumMode;

/**
 * The credit of deficit round robin as fq_codel (kernel-spec §2.2, net/sched/sch_fq_codel.c) and mac80211's fq
 * (§3.2, include/net/fq_impl.h) give it, by {@code quantumMode}: written once, used by both. A flow that joins the
 * new list gets {@code quantum} bytes ({@link QuantumMode#BYTES}, Linux), or {@code min(quantum, its head packet's
 * length)} ({@link QuantumMode#PACKETS}, seed 003's "better mixing" patch: one packet on its first turn); a flow whose
 * deficit has run out gets {@code quantum} more; each packet sent costs its length.
 */
public final class DrrQuantum {
    private final int quantum;
    private final boolean packetMixing;

    public DrrQuantum(int quantum, QuantumMode mode) {
        this.quantum = quantum;
        this.packetMixing = mode == QuantumMode.PACKETS;
    }

    /** The deficit of a flow that (re)joins the new list with a packet of {@code length} bytes at its head. */
    public int onActivation(int length) {
        return packetMixing ? Math.min(quantum, length) : quantum;
    }

    /** What a flow at the head of a list gets when its deficit is used up ({@code flow->deficit += quantum}). */
    public int replenish() {
        return quantum;
    }

    /** What sending a packet of {@code length} bytes takes from the flow's deficit. */
    public int charge(int length) {
        return length;
    }
}
