package dev.fqlab.sim.qdisc;

import dev.fqlab.sim.aqm.CodelVars;
import dev.fqlab.sim.packet.Packet;

/**
 * One flow queue of a deficit-round-robin flow scheduler with CoDel per flow — the shape fq_codel's
 * {@code struct fq_codel_flow} (kernel-spec §2.2) and mac80211's {@code struct fq_flow} (§3.2) share: a FIFO of
 * packets with its byte backlog, a signed deficit, and links for the new/old list it is on.
 */
public class DrrFlow extends CodelVars {
    /** Bucket index in its table, or -1 for a flow outside the table (mac80211's default flow). */
    public final int index;
    Packet head;
    Packet tail;
    int packets;
    long backlog;
    public int deficit;
    DrrList<?> list;
    DrrFlow prev;
    DrrFlow next;

    public DrrFlow(int index) {
        this.index = index;
    }

    public void append(Packet p) {
        p.next = null;
        if (head == null) {
            head = p;
        } else {
            tail.next = p;
        }
        tail = p;
        packets++;
        backlog += p.length;
    }

    /** Removes and returns the head packet, or null. */
    public Packet removeHead() {
        Packet p = head;
        if (p == null) {
            return null;
        }
        head = p.next;
        if (head == null) {
            tail = null;
        }
        p.next = null;
        packets--;
        backlog -= p.length;
        return p;
    }

    public int packets() {
        return packets;
    }

    /** Bytes queued in this flow. */
    public long backlog() {
        return backlog;
    }

    /** Whether the flow is on a new/old list (an active flow). */
    public boolean listed() {
        return list != null;
    }

    /** The list the flow is on, or null. */
    public DrrList<?> list() {
        return list;
    }
}
