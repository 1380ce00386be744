package dev.fqlab.sim;

import dev.fqlab.sim.core.RandomStream;
import dev.fqlab.sim.core.Simulator;
import dev.fqlab.sim.core.Time;
import dev.fqlab.sim.link.DelayLine;
import dev.fqlab.sim.link.WiredLink;
import dev.fqlab.sim.packet.DropListener;
import dev.fqlab.sim.packet.FlowHash;
import dev.fqlab.sim.packet.Packet;
import dev.fqlab.sim.packet.PacketPool;
import dev.fqlab.sim.packet.PacketSink;
import dev.fqlab.sim.qdisc.Qdiscs;
import dev.fqlab.sim.scenario.FlowSpec;
import dev.fqlab.sim.scenario.Scenario;
import dev.fqlab.sim.scenario.TrafficSpec;
import dev.fqlab.sim.scenario.WiredLinkSpec;
import dev.fqlab.sim.stats.FlowStats;
import dev.fqlab.sim.traffic.Flow;
import dev.fqlab.sim.traffic.PingFlow;
import dev.fqlab.sim.traffic.UdpFlow;

/**
 * The wired topology of scenario.md: a remote server {@code wiredRttMs/2} away from the router, the bottleneck
 * link with the stack's qdisc on the egress of each direction, and one receiving host.
 * <pre>
 *   down: server → delay(rtt/2) → qdisc → wire(rateMbps)   → host
 *   up:   host   →                 qdisc → wire(upRateMbps) → delay(rtt/2) → server
 * </pre>
 */
final class WiredModel implements PacketSink, DropListener {
    /** The server's and the host's IPv4 addresses (10.0.0.1, 10.0.1.1) and UDP, for 5-tuple hashing. */
    private static final int SERVER_ADDR = 0x0A000001;
    private static final int HOST_ADDR = 0x0A000101;
    private static final int UDP = 17;
    /** Ethernet MTU: the IP MTU the qdiscs' CoDel floor and quantum default assume. */
    private static final int IP_MTU = 1500;

    final Simulator sim = new Simulator();
    final PacketPool pool = new PacketPool();
    final WiredLink down;
    final WiredLink up;
    final Flow[] flows;
    final FlowStats[] stats;

    WiredModel(Scenario scenario) {
        WiredLinkSpec link = (WiredLinkSpec) scenario.link();
        int mtu = IP_MTU + link.l2OverheadBytes();
        long halfRtt = Time.ms(scenario.wiredRttMs()) / 2;
        var qdiscSpec = scenario.stack().qdisc();
        this.down = new WiredLink(sim, Qdiscs.create(qdiscSpec, mtu, this), link.rateMbps(), link.l2OverheadBytes(),
                link.lossRate(), RandomStream.of(scenario.seed(), "link.down.loss"), this, this);
        var toServer = new DelayLine(sim, halfRtt, this);
        this.up = new WiredLink(sim, Qdiscs.create(qdiscSpec, mtu, this), link.upRateMbps(), link.l2OverheadBytes(),
                link.lossRate(), RandomStream.of(scenario.seed(), "link.up.loss"), toServer, this);
        var fromServer = new DelayLine(sim, halfRtt, down);

        // Each host salts its flow hash with its own random value (Linux's hashrnd).
        int routerSalt = RandomStream.of(scenario.seed(), "hashrnd.router").nextInt();
        int hostSalt = RandomStream.of(scenario.seed(), "hashrnd.host").nextInt();
        long warmupNs = Time.seconds(scenario.warmupS());
        int n = scenario.flows().size();
        this.flows = new Flow[n];
        this.stats = new FlowStats[n];
        for (int i = 0; i < n; i++) {
            FlowSpec spec = scenario.flows().get(i);
            int serverPort = 5001 + i;
            int hostPort = 40001 + i;
            var path = new Flow.FlowPath(
                    fromServer, FlowHash.of(SERVER_ADDR, HOST_ADDR, serverPort, hostPort, UDP, routerSalt),
                    up, FlowHash.of(HOST_ADDR, SERVER_ADDR, hostPort, serverPort, UDP, hostSalt));
            stats[i] = new FlowStats(warmupNs);
            flows[i] = switch (spec.traffic()) {
                case TrafficSpec.Udp u -> new UdpFlow(i, spec, stats[i], sim, pool, path,
                        RandomStream.of(scenario.seed(), "flow." + spec.name() + ".jitter"));
                case TrafficSpec.Ping p -> new PingFlow(i, spec, stats[i], sim, pool, path, warmupNs);
            };
        }
    }

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

    /** A qdisc dropped it or the wire lost it. */
    @Override
    public void dropped(Packet p, long now) {
        flows[p.flowId].dropped(p, now);
        pool.release(p);
    }
}
