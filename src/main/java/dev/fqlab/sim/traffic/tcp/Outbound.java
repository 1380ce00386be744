package dev.fqlab.sim.traffic.tcp;

import dev.fqlab.sim.packet.Packet;

/**
 * One end's way down to the network (RFC 9293 §3.9.2, the TCP/lower-level interface): packets with the flow's
 * identity, in that end's direction — the sender's toward the receiver, the receiver's ACKs back.
 */
interface Outbound {
    /** A packet of {@code ipBytes} stamped {@code now}; the caller sets the TCP fields before {@link #handOver}. */
    Packet newPacket(int ipBytes, long now);

    /** Counts the packet as sent and hands it to the network. */
    void handOver(Packet p, long now);
}
