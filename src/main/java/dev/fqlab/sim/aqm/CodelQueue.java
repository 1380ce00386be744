package dev.fqlab.sim.aqm;

import dev.fqlab.sim.packet.Packet;

/** What CoDel needs from the queue it manages: the callbacks {@code codel_dequeue} takes in Linux. */
public interface CodelQueue {

    /** {@code dequeue_func}: removes the head of the queue owning {@code vars}, updating backlogs; null when empty. */
    Packet dequeueHead(CodelVars vars);

    /**
     * The byte backlog CoDel compares with its {@code mtu} after the removal: the whole qdisc's for fq_codel and
     * codel, the flow's for mac80211 (kernel-spec §1.4).
     */
    long backlog(CodelVars vars);

    /** {@code drop_func}: CoDel dropped {@code p} (counts and frees it). */
    void codelDrop(Packet p, long now);
}
