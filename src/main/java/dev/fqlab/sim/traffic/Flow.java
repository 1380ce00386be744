package dev.fqlab.sim.traffic;

import dev.fqlab.sim.core.Simulator;
import dev.fqlab.sim.packet.Packet;
import dev.fqlab.sim.packet.PacketPool;
import dev.fqlab.sim.packet.PacketSink;
import dev.fqlab.sim.scenario.FlowSpec;
import dev.fqlab.sim.stats.FlowStats;

/**
 * A traffic flow's sender and receiver (scenario.md {@code flows}). Subclasses decide when to send; this class
 * builds packets with the flow's identity and hands deliveries and drops to its {@link FlowStats}.
 */
public abstract class Flow {
    protected final int id;
    protected final FlowSpec spec;
    protected final FlowStats stats;
    protected final Simulator sim;
    private final PacketPool pool;
    private final FlowPath path;
    private long downSeq;
    private long upSeq;

    protected Flow(int id, FlowSpec spec, FlowStats stats, Simulator sim, PacketPool pool, FlowPath path) {
        this.id = id;
        this.spec = spec;
        this.stats = stats;
        this.sim = sim;
        this.pool = pool;
        this.path = path;
    }

    /** Schedules the first transmission. */
    public abstract void start();

    /** Creates a packet of {@code ipBytes} in direction {@code up} and hands it to the stack now. */
    protected final void send(int ipBytes, boolean up, long now) {
        Packet p = pool.acquire();
        p.flowId = id;
        p.up = up;
        p.seq = up ? upSeq++ : downSeq++;
        p.ipBytes = ipBytes;
        p.hash = up ? path.upHash() : path.downHash();
        p.ecn = spec.ecn().bits();
        p.sentAt = now;
        stats.sent(p, now);
        (up ? path.upEntry() : path.downEntry()).accept(p, now);
    }

    /** The packet reached its receiver; the caller frees it afterwards. */
    public void delivered(Packet p, long now) {
        stats.delivered(p, now);
    }

    /** The packet was dropped or lost on the way; the caller frees it afterwards. */
    public void dropped(Packet p, long now) {
        stats.dropped(p, now);
    }

    public FlowSpec spec() {
        return spec;
    }

    public FlowStats stats() {
        return stats;
    }

    /** Where a flow's packets enter the network in each direction, and their 5-tuple hashes. */
    public record FlowPath(PacketSink downEntry, int downHash, PacketSink upEntry, int upHash) {
    }
}
