package dev.fqlab.sim;

import dev.fqlab.sim.core.Simulator;
import dev.fqlab.sim.core.Time;
import dev.fqlab.sim.kernel.Kernel;
import dev.fqlab.sim.link.DelayLine;
import dev.fqlab.sim.packet.DropListener;
import dev.fqlab.sim.packet.Packet;
import dev.fqlab.sim.packet.PacketPool;
import dev.fqlab.sim.packet.PacketSink;
import dev.fqlab.sim.packet.TxCompletion;
import dev.fqlab.sim.qdisc.FqSockets;
import dev.fqlab.sim.qdisc.Qdisc;
import dev.fqlab.sim.result.QdiscResult;
import dev.fqlab.sim.result.StationResult;
import dev.fqlab.sim.result.TxqResult;
import dev.fqlab.sim.scenario.FlowSpec;
import dev.fqlab.sim.scenario.Scenario;
import dev.fqlab.sim.scenario.TcpOrigin;
import dev.fqlab.sim.scenario.TrafficSpec;
import dev.fqlab.sim.stats.FlowStats;
import dev.fqlab.sim.stats.SeriesRecorder;
import dev.fqlab.sim.stats.TcpRecorder;
import dev.fqlab.sim.traffic.Flow;
import dev.fqlab.sim.traffic.PingFlow;
import dev.fqlab.sim.traffic.UdpFlow;
import dev.fqlab.sim.traffic.tcp.TcpFlow;
import java.util.List;

/**
 * What every topology shares: the clock, the packet pool, the flows, and the far ends where packets are delivered,
 * reported dropped or reported transmitted (TX completion, for TCP Small Queues). Subclasses build the links and
 * queues between the flows' entry points and these ends.
 */
abstract class Network implements PacketSink, DropListener, TxCompletion {
    /** The server's address (10.0.0.1) and the protocol numbers of UDP and TCP, for 5-tuple hashing. */
    static final int SERVER_ADDR = 0x0A000001;
    static final int UDP = 17;
    static final int TCP = 6;

    final Simulator sim = new Simulator();
    final PacketPool pool = new PacketPool();
    /** The AP's or router's kernel: its version's rules and its clock (scenario {@code kernel}, {@code kernelUptimeS}). */
    final Kernel kernel;
    Flow[] flows;
    FlowStats[] stats;
    /** Per flow, {@link Flow#onlyCounts}: its deliveries and drops go to {@link #stats} directly. */
    private boolean[] onlyCounts;

    Network(Scenario scenario) {
        this.kernel = Kernel.of(scenario.kernel(), scenario.kernelUptimeS());
    }

    void start() {
        onlyCounts = new boolean[flows.length];
        for (int i = 0; i < flows.length; i++) {
            onlyCounts[i] = flows[i].onlyCounts();
        }
        for (Flow f : flows) {
            f.start();
        }
    }

    /** Delivery at the far end of either direction. */
    @Override
    public void accept(Packet p, long now) {
        int id = p.flowId;
        long goodput = onlyCounts[id] ? stats[id].delivered(p, now) : flows[id].delivered(p, now);
        countGoodput(p, goodput, now);
        pool.release(p);
    }

    /** A delivered packet carried {@code goodput} bytes of application payload (stations count it). */
    void countGoodput(Packet p, long goodput, long now) {
    }

    /** A device finished with a packet: only TCP Small Queues cares, and only for packets that hold a charge. */
    @Override
    public void txCompleted(Packet p, long now) {
        if (p.tsqCharge != 0) {
            flows[p.flowId].txCompleted(p, now);
        }
    }

    /** A queue dropped it or the link lost it. */
    @Override
    public void dropped(Packet p, long now) {
        int id = p.flowId;
        if (onlyCounts[id]) {
            stats[id].dropped(p, now);
        } else {
            flows[id].dropped(p, now);
        }
        pool.release(p);
    }

    /**
     * Whether the flow's server end runs on the AP or router itself ({@code origin: local}): its packets enter and
     * leave the AP's stack directly, without the wired hop to the server.
     */
    static boolean local(FlowSpec spec) {
        return spec.traffic() instanceof TrafficSpec.Tcp tcp && tcp.origin() == TcpOrigin.LOCAL;
    }

    /**
     * What sch_fq sees of {@code skb->sk} on one host. On the router or AP ({@code local} flows only) a packet of a
     * flow whose server end runs there (origin local) comes from its socket; every other packet it queues is
     * forwarded. On the wired host every packet it sends comes from one of its sockets (TCP ends, UDP, isoping).
     * Socket ids: two per flow, one per direction.
     */
    FqSockets fqSockets(boolean[] localSockets) {
        return new FqSockets() {
            @Override
            public int socket(Packet p) {
                return localSockets == null || localSockets[p.flowId] ? 2 * p.flowId + (p.up ? 1 : 0) : -1;
            }

            @Override
            public long pacingRate(Packet p) {
                return flows[p.flowId].pacingRate(p);
            }

            @Override
            public void pacedByFq(Packet p) {
                flows[p.flowId].pacedByFq(p);
            }
        };
    }

    /** {@code extraRttMs}: the half of it a flow's packets take on their way from the server. */
    static long extraDownNs(FlowSpec spec) {
        return Time.ms(spec.extraRttMs()) / 2;
    }

    /** {@code extraRttMs}: the other half, on the way to the server. */
    static long extraUpNs(FlowSpec spec) {
        long extra = Time.ms(spec.extraRttMs());
        return extra - extra / 2;
    }

    /** {@code sink} behind a delay of {@code ns}, or {@code sink} itself when there is none. */
    PacketSink delayed(long ns, PacketSink sink) {
        return ns == 0 ? sink : new DelayLine(sim, ns, sink);
    }

    /**
     * Where packets arriving from the network toward the server go: each flow's extra delay to its farther
     * server (extraRttMs), then delivery.
     */
    PacketSink toServers(Scenario scenario) {
        int n = scenario.flows().size();
        PacketSink[] extra = new PacketSink[n];
        for (int i = 0; i < n; i++) {
            extra[i] = delayed(extraUpNs(scenario.flows().get(i)), this);
        }
        return (p, now) -> extra[p.flowId].accept(p, now);
    }

    static int protocol(FlowSpec spec) {
        return spec.traffic() instanceof TrafficSpec.Tcp ? TCP : UDP;
    }

    /** The flow a spec describes, sending into {@code path}. */
    Flow newFlow(int i, FlowSpec spec, Flow.FlowPath path, Scenario scenario, long warmupNs) {
        Flow.Context context = new Flow.Context(i, spec, stats[i], sim, pool, path, warmupNs, scenario.seed(),
                scenario.kernel());
        return switch (spec.traffic()) {
            case TrafficSpec.Udp u -> new UdpFlow(context);
            case TrafficSpec.Ping p -> new PingFlow(context);
            case TrafficSpec.Tcp t -> new TcpFlow(context);
        };
    }

    /** The TCP recorder of each flow, null for other flows (for the series). */
    TcpRecorder[] tcpRecorders() {
        TcpRecorder[] recorders = new TcpRecorder[flows.length];
        for (int i = 0; i < flows.length; i++) {
            recorders[i] = flows[i].tcpRecorder();
        }
        return recorders;
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
