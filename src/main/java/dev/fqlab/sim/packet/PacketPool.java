package dev.fqlab.sim.packet;

/** Free list of {@link Packet}s, so steady-state simulation allocates none. One pool per simulation. */
public final class PacketPool {
    private Packet free;
    private long created;
    private long acquired;

    public Packet acquire() {
        acquired++;
        Packet p = free;
        if (p == null) {
            created++;
            return new Packet();
        }
        free = p.next;
        p.next = null;
        return p;
    }

    public void release(Packet p) {
        p.clear();
        p.next = free;
        free = p;
    }

    /** Packet objects ever allocated (the pool's high-water mark). */
    public long created() {
        return created;
    }

    /** Packets handed out so far: the number of packets the simulation created. */
    public long acquired() {
        return acquired;
    }
}
