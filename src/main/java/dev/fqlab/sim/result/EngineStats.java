package dev.fqlab.sim.result;

/**
 * How the run went. {@code events} and {@code packets} are deterministic; the wall-clock fields
 * ({@code wallS}, {@code eventsPerS}, {@code speedup}) describe the machine, not the simulation.
 *
 * <p>The packet accounting is deterministic too: {@code offeredPackets} is what the flows sent (every flow's
 * {@code sentPackets}: data, ACKs, probes), {@code deliveredPackets} what reached a receiver (every flow's
 * {@code deliveredPackets}), and {@code eventsPerOfferedPacket} and {@code eventsPerDeliveredPacket} divide
 * {@code events} by them (null when nothing was offered or delivered): the engine's cost per packet in events.
 * Results stored before these fields existed read back with 0 and null.
 */
public record EngineStats(double wallS, long events, double eventsPerS, long packets, double speedup,
                          long offeredPackets, long deliveredPackets, Double eventsPerOfferedPacket,
                          Double eventsPerDeliveredPacket) {

    /** Without the packet accounting (synthetic results in tests). */
    public EngineStats(double wallS, long events, double eventsPerS, long packets, double speedup) {
        this(wallS, events, eventsPerS, packets, speedup, 0, 0, null, null);
    }
}
