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
    /*
     * The flow's FIFO of packets through Packet.next, as PacketFifo keeps it, but in the flow's own fields: with
     * thousands of flows over fq_codel's 1024 buckets, a FIFO object beside each bucket was one more cache miss per
     * packet enqueued and dequeued (issue 16).
     */
    private Packet head;
    private Packet tail;
    private int packets;
    private long bytes;
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
        bytes += p.length;
    }

    /** The last packet, or null. */
    public Packet tail() {
        return tail;
    }

    /** The tail packet grew by {@code delta} bytes (an MSDU joined it as an A-MSDU). */
    public void tailGrew(int delta) {
        tail.length += delta;
        bytes += delta;
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
        bytes -= p.length;
        return p;
    }

    public int packets() {
        return packets;
    }

    /** Bytes queued in this flow. */
    public long backlog() {
        return bytes;
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
