package dev.fqlab.sim.qdisc;

import dev.fqlab.sim.scenario.QuantumMode;

/**
 * The credit of deficit round robin by {@code quantumMode}, net/sched/sch_fq_codel.c and include/net/fq_impl.h
 * (kernel-spec §2.2, §3.2; seed 003, §7.2): the strategy that fq_codel's and mac80211's fq's new/old
 * {@link DrrList}s share, written once. Both run the same loop — a flow at the head of a list whose deficit is
 * {@code <= 0} gets {@link #replenish()} and moves to the tail of the old list; otherwise it sends its head packet,
 * which costs {@link #charge(int)}; a flow (re)joining the new list starts with {@link #onActivation(int)}.
 * <ul>
 *   <li>{@link QuantumMode#BYTES}, Linux: {@code quantum} bytes on activation and per top-up; a packet costs its
 *       length.</li>
 *   <li>{@link QuantumMode#PACKETS}, seed 003's five-line patch ({@code flow->deficit = min(q->quantum,
 *       qdisc_pkt_len(skb))}): one packet on a new flow's first turn, then byte DRR like any old flow.</li>
 *   <li>{@link QuantumMode#PACKET_ROUND_ROBIN}, what seed 003 asked for ("A 1 packet, B 1 packet, C 1 packet, A 1
 *       packet …"): the deficit counts packets — 1 on activation and per top-up, 1 per packet sent — so every flow,
 *       new or old, sends exactly one packet per turn whatever its size. {@code quantum} plays no part.</li>
 * </ul>
 */
public final class DrrQuantum {
    private final int quantum;
    private final QuantumMode mode;

    public DrrQuantum(int quantum, QuantumMode mode) {
        this.quantum = quantum;
        this.mode = mode;
    }

    /** The deficit of a flow that (re)joins the new list with a packet of {@code length} bytes at its head. */
    public int onActivation(int length) {
        return switch (mode) {
            case BYTES -> quantum;
            case PACKETS -> Math.min(quantum, length);
            case PACKET_ROUND_ROBIN -> 1;
        };
    }

    /** What a flow at the head of a list gets when its deficit is used up ({@code flow->deficit += quantum}). */
    public int replenish() {
        return mode == QuantumMode.PACKET_ROUND_ROBIN ? 1 : quantum;
    }

    /** What sending a packet of {@code length} bytes takes from the flow's deficit. */
    public int charge(int length) {
        return mode == QuantumMode.PACKET_ROUND_ROBIN ? 1 : length;
    }
}
