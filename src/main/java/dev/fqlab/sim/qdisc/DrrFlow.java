package dev.fqlab.sim.qdisc;

import dev.fqlab.sim.aqm.CodelVars;
import dev.fqlab.sim.packet.Packet;
import dev.fqlab.sim.packet.PacketFifo;

/**
 * One flow queue of a deficit-round-robin flow scheduler with CoDel per flow — the shape fq_codel's
 * {@code struct fq_codel_flow} (kernel-spec §2.2) and mac80211's {@code struct fq_flow} (§3.2) share: a FIFO of
 * packets with its byte backlog, a signed deficit, and links for the new/old list it is on.
 */
public class DrrFlow extends CodelVars {
    /** Bucket index in its table, or -1 for a flow outside the table (mac80211's default flow). */
    public final int index;
    private final PacketFifo queue = new PacketFifo();
    public int deficit;
    DrrList<?> list;
    DrrFlow prev;
    DrrFlow next;

    public DrrFlow(int index) {
        this.index = index;
    }

    public void append(Packet p) {
        queue.add(p);
    }

    /** The last packet, or null. */
    public Packet tail() {
        return queue.peekTail();
    }

    /** The tail packet grew by {@code delta} bytes (an MSDU joined it as an A-MSDU). */
    public void tailGrew(int delta) {
        queue.tailGrew(delta);
    }

    /** Removes and returns the head packet, or null. */
    public Packet removeHead() {
        return queue.poll();
    }

    public int packets() {
        return queue.packets();
    }

    /** Bytes queued in this flow. */
    public long backlog() {
        return queue.bytes();
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
