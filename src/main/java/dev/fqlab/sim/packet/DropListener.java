package dev.fqlab.sim.packet;

/** Told about every packet a queue or link throws away; it owns the packet afterwards (counts and frees it). */
@FunctionalInterface
public interface DropListener {
    void dropped(Packet p, long now);
}
