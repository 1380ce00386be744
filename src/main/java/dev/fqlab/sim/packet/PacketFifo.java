package dev.fqlab.sim.packet;

/** An intrusive FIFO of packets (through {@link Packet#next}) with packet and byte counts. */
public final class PacketFifo {
    private Packet head;
    private Packet tail;
    private int packets;
    private long bytes;

    public void add(Packet p) {
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

    /** Removes and returns the head, or null. */
    public Packet poll() {
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

    public Packet peek() {
        return head;
    }

    /** The last packet, or null. */
    public Packet peekTail() {
        return tail;
    }

    /** The tail packet's {@code length} grew by {@code delta} (mac80211 appended an MSDU to it: an A-MSDU). */
    public void tailGrew(int delta) {
        tail.length += delta;
        bytes += delta;
    }

    public boolean isEmpty() {
        return head == null;
    }

    public int packets() {
        return packets;
    }

    public long bytes() {
        return bytes;
    }
}
