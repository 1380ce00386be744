package dev.fqlab.sim;

import dev.fqlab.sim.core.Simulator;
import dev.fqlab.sim.packet.DropListener;
import dev.fqlab.sim.packet.Packet;
import dev.fqlab.sim.packet.PacketPool;
import dev.fqlab.sim.packet.PacketSink;
import dev.fqlab.sim.qdisc.Qdisc;
import dev.fqlab.sim.result.QdiscResult;
import dev.fqlab.sim.result.StationResult;
import dev.fqlab.sim.result.TxqResult;
import dev.fqlab.sim.stats.FlowStats;
import dev.fqlab.sim.stats.SeriesRecorder;
import dev.fqlab.sim.traffic.Flow;
import java.util.List;

/**
 * What every topology shares: the clock, the packet pool, the flows, and the far ends where packets are delivered
 * or reported dropped. Subclasses build the links and queues between the flows' entry points and these ends.
 */
abstract class Network implements PacketSink, DropListener {
    /** The server's address (10.0.0.1) and UDP's protocol number, for 5-tuple hashing. */
    static final int SERVER_ADDR = 0x0A000001;
    static final int UDP = 17;

    final Simulator sim = new Simulator();
    final PacketPool pool = new PacketPool();
    Flow[] flows;
    FlowStats[] stats;

    void start() {
        for (Flow f : flows) {
            f.start();
        }
    }

    /** Delivery at the far end of either direction. */
    @Override
    public void accept(Packet p, long now) {
        flows[p.flowId].delivered(p, now);
        pool.release(p);
    }

    /** A queue dropped it or the link lost it. */
    @Override
    public void dropped(Packet p, long now) {
        flows[p.flowId].dropped(p, now);
        pool.release(p);
    }

    /** The down direction's qdisc, for results and series (null when there is none). */
    abstract Qdisc downQdisc();

    abstract QdiscResult qdiscResult();

    abstract QdiscResult qdiscUpResult();

    abstract List<StationResult> stationResults(double measuredS);

    abstract List<TxqResult> txqResults();

    /** Stations for the series, or null on a wired link. */
    abstract SeriesRecorder.Stations seriesStations();
}
