package dev.fqlab.sim.packet;

import java.util.Arrays;

/**
 * Free list of {@link Packet}s, so steady-state simulation allocates none. One pool per simulation. The free
 * packets are a stack in an array (last released, first handed out, as the linked free list through
 * {@link Packet#next} it replaces), so handing out the next one does not wait for the previous one's link: with
 * thousands of flows a send burst takes packets released long ago, each a cache miss, and through the links every
 * miss waited for the one before (pointer chasing; issue 16). The array only grows (to the high-water mark).
 */
public final class PacketPool {
    private Packet[] free = new Packet[64];
    private int count;
    private long created;
    private long acquired;

    public Packet acquire() {
        acquired++;
        if (count == 0) {
            created++;
            return new Packet();
        }
        Packet p = free[--count];
        free[count] = null;
        return p;
    }

    public void release(Packet p) {
        p.clear();
        if (count == free.length) {
            free = Arrays.copyOf(free, 2 * count);
        }
        free[count++] = p;
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
