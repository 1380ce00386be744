package dev.fqlab.sim;

import dev.fqlab.sim.core.RandomStream;
import dev.fqlab.sim.core.Time;
import dev.fqlab.sim.link.DelayLine;
import dev.fqlab.sim.link.WiredLink;
import dev.fqlab.sim.packet.FlowHash;
import dev.fqlab.sim.packet.PacketSink;
import dev.fqlab.sim.qdisc.Qdisc;
import dev.fqlab.sim.qdisc.Qdiscs;
import dev.fqlab.sim.result.QdiscResult;
import dev.fqlab.sim.result.StationResult;
import dev.fqlab.sim.result.TxqResult;
import dev.fqlab.sim.scenario.FlowSpec;
import dev.fqlab.sim.scenario.Scenario;
import dev.fqlab.sim.scenario.WiredLinkSpec;
import dev.fqlab.sim.stats.FlowStats;
import dev.fqlab.sim.stats.SeriesRecorder;
import dev.fqlab.sim.traffic.Flow;
import java.util.List;

/**
 * The wired topology of scenario.md: a remote server {@code wiredRttMs/2} away from the router, the bottleneck
 * link with the stack's qdisc on the egress of each direction, and one receiving host. A TCP flow with
 * {@code origin: local} has its server end on the router itself: it skips the delay both ways. A flow's
 * {@code extraRttMs} puts its server farther away: half of it on each direction, outside the bottleneck.
 * <pre>
 *   down: server → delay(extra/2) → delay(rtt/2) → qdisc → wire(rateMbps)   → host
 *   up:   host   →                                 qdisc → wire(upRateMbps) → delay(rtt/2) → delay(extra/2) → server
 * </pre>
 */
final class WiredModel extends Network {
    /** The receiving host's IPv4 address (10.0.1.1). */
    private static final int HOST_ADDR = 0x0A000101;
    /** Ethernet MTU: the IP MTU the qdiscs' CoDel floor and quantum default assume. */
    private static final int IP_MTU = 1500;

    final WiredLink down;
    final WiredLink up;

    WiredModel(Scenario scenario) {
        super(scenario);
        WiredLinkSpec link = (WiredLinkSpec) scenario.link();
        int mtu = IP_MTU + link.l2OverheadBytes();
        long halfRtt = Time.ms(scenario.wiredRttMs()) / 2;
        var qdiscSpec = scenario.stack().qdisc();
        int n = scenario.flows().size();
        boolean[] local = new boolean[n];
        for (int i = 0; i < n; i++) {
            local[i] = local(scenario.flows().get(i));
        }
        // the router's sockets are those of origin-local flows; the host's are all of its own
        this.down = new WiredLink(sim, Qdiscs.create(qdiscSpec, mtu, this, kernel, fqSockets(local), 2 * n),
                link.rateMbps(), link.l2OverheadBytes(), link.lossRate(), RandomStream.of(scenario.seed(), "link.down.loss"),
                this, this, this);
        var toServer = new DelayLine(sim, halfRtt, toServers(scenario));
        PacketSink upEnd = (p, now) -> {
            if (local[p.flowId]) {
                accept(p, now);
            } else {
                toServer.accept(p, now);
            }
        };
        this.up = new WiredLink(sim, Qdiscs.create(qdiscSpec, mtu, this, kernel, fqSockets(null), 2 * n),
                link.upRateMbps(), link.l2OverheadBytes(),
                link.lossRate(), RandomStream.of(scenario.seed(), "link.up.loss"), upEnd, this, this);
        var fromServer = new DelayLine(sim, halfRtt, down);

        // Each host salts its flow hash with its own random value (Linux's hashrnd).
        int routerSalt = RandomStream.of(scenario.seed(), "hashrnd.router").nextInt();
        int hostSalt = RandomStream.of(scenario.seed(), "hashrnd.host").nextInt();
        long warmupNs = Time.seconds(scenario.warmupS());
        this.flows = new Flow[n];
        this.stats = new FlowStats[n];
        for (int i = 0; i < n; i++) {
            FlowSpec spec = scenario.flows().get(i);
            int serverPort = 5001 + i;
            int hostPort = 40001 + i;
            int protocol = protocol(spec);
            var path = new Flow.FlowPath(
                    local[i] ? down : delayed(extraDownNs(spec), fromServer),
                    FlowHash.of(SERVER_ADDR, HOST_ADDR, serverPort, hostPort, protocol, routerSalt),
                    up, FlowHash.of(HOST_ADDR, SERVER_ADDR, hostPort, serverPort, protocol, hostSalt));
            stats[i] = new FlowStats(warmupNs);
            flows[i] = newFlow(i, spec, path, scenario, warmupNs);
        }
    }

    @Override
    Qdisc downQdisc() {
        return down.qdisc();
    }

    @Override
    QdiscResult qdiscResult() {
        return down.qdisc().result();
    }

    @Override
    QdiscResult qdiscUpResult() {
        return up.qdisc().result();
    }

    @Override
    List<StationResult> stationResults(double measuredS) {
        return List.of();
    }

    @Override
    List<TxqResult> txqResults() {
        return List.of();
    }

    @Override
    SeriesRecorder.Stations seriesStations() {
        return null;
    }
}
