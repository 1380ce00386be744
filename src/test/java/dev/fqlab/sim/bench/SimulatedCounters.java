package dev.fqlab.sim.bench;

import org.openjdk.jmh.annotations.AuxCounters;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/** JMH counters: simulated packets, delivered packets and events, reported per second of wall time. */
@AuxCounters(AuxCounters.Type.OPERATIONS)
@State(Scope.Thread)
public class SimulatedCounters {
    public long packets;
    public long events;
    /** Packets that reached their receiver ({@code engine.deliveredPackets}). */
    public long delivered;

    @Setup(Level.Iteration)
    public void reset() {
        packets = 0;
        events = 0;
        delivered = 0;
    }

    void add(dev.fqlab.sim.result.SimulationResult r) {
        packets += r.engine().packets();
        events += r.engine().events();
        delivered += r.engine().deliveredPackets();
    }
}
