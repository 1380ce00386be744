package dev.fqlab.sim.packet;

/** The next hop of a packet: a queue, a link, a delay line or the receiver. */
@FunctionalInterface
public interface PacketSink {
    void accept(Packet p, long now);
}
