package dev.fqlab.sim;

import dev.fqlab.sim.core.RandomStream;
import dev.fqlab.sim.core.Time;
import dev.fqlab.sim.link.DelayLine;
import dev.fqlab.sim.packet.FlowHash;
import dev.fqlab.sim.packet.Packet;
import dev.fqlab.sim.packet.PacketSink;
import dev.fqlab.sim.qdisc.Qdisc;
import dev.fqlab.sim.qdisc.Qdiscs;
import dev.fqlab.sim.result.QdiscResult;
import dev.fqlab.sim.result.StationResult;
import dev.fqlab.sim.result.TxqResult;
import dev.fqlab.sim.scenario.FlowSpec;
import dev.fqlab.sim.scenario.QdiscSpec;
import dev.fqlab.sim.scenario.Scenario;
import dev.fqlab.sim.scenario.StationSpec;
import dev.fqlab.sim.stats.FlowStats;
import dev.fqlab.sim.stats.SeriesRecorder;
import dev.fqlab.sim.traffic.Flow;
import dev.fqlab.sim.wifi.WifiContext;
import dev.fqlab.sim.wifi.WifiNetwork;
import java.util.List;

/**
 * The WiFi topology of scenario.md: a remote server {@code wiredRttMs/2} away from the AP on each side, the AP
 * with its stack, and the stations sharing one channel with it. A TCP flow with {@code origin: local} has its
 * server end on the AP itself: its down packets enter the AP's stack directly and its up packets end at the AP. A
 * flow's {@code extraRttMs} ({@code extra} below) puts its server that much farther away.
 * <pre>
 *   down: server → delay(extra/2) → delay(rtt/2) → AP: qdisc → TXQs → driver → air → station (reorder buffer)
 *   up:   station FIFO → air → AP (reorder buffer) → delay(rtt/2) → delay(extra/2) → server
 * </pre>
 */
final class WifiModel extends Network {
    private final WifiContext context;
    private final WifiNetwork wifi;
    private final Qdisc qdisc;

    WifiModel(Scenario scenario) {
        super(scenario);
        List<StationSpec> stationSpecs = scenario.stations();
        int n = scenario.flows().size();
        this.context = new WifiContext(sim, scenario, kernel, this, this);
        QdiscSpec qdiscSpec = scenario.stack().qdisc();
        boolean[] local = new boolean[n];
        for (int i = 0; i < n; i++) {
            local[i] = local(scenario.flows().get(i));
        }
        // the AP's sockets are those of origin-local flows
        this.qdisc = qdiscSpec instanceof QdiscSpec.Noqueue ? null
                : Qdiscs.create(qdiscSpec, 1514, this, kernel, fqSockets(local), 2 * n);
        long halfRtt = Time.ms(scenario.wiredRttMs()) / 2;
        var toServer = new DelayLine(sim, halfRtt, toServers(scenario));
        PacketSink fromStations = (p, now) -> {
            if (local[p.flowId]) {
                accept(p, now);
            } else {
                toServer.accept(p, now);
            }
        };
        long warmupNs = Time.seconds(scenario.warmupS());
        this.wifi = new WifiNetwork(context, qdisc, this, fromStations);
        var fromServer = new DelayLine(sim, halfRtt, wifi.ap());

        int apSalt = RandomStream.of(scenario.seed(), "hashrnd.ap").nextInt();
        this.flows = new Flow[n];
        this.stats = new FlowStats[n];
        for (int i = 0; i < n; i++) {
            FlowSpec spec = scenario.flows().get(i);
            int s = context.stationOf(i);
            int stationAddr = 0x0A000100 + s + 1;
            int stationSalt = RandomStream.of(scenario.seed(), "hashrnd.station." + stationSpecs.get(s).name()).nextInt();
            int serverPort = 5001 + i;
            int stationPort = 40001 + i;
            int protocol = protocol(spec);
            var path = new Flow.FlowPath(
                    local[i] ? wifi.ap() : delayed(extraDownNs(spec), fromServer),
                    FlowHash.of(SERVER_ADDR, stationAddr, serverPort, stationPort, protocol, apSalt),
                    wifi.station(s),
                    FlowHash.of(stationAddr, SERVER_ADDR, stationPort, serverPort, protocol, stationSalt));
            stats[i] = new FlowStats(warmupNs);
            flows[i] = newFlow(i, spec, path, scenario, warmupNs);
        }
    }

    /**
     * Goodput counts for the flow's station when the packet reaches its receiver: at the station (down, once its
     * reorder buffer releases it) or at the server or AP (up).
     */
    @Override
    void countGoodput(Packet p, long goodput, long now) {
        wifi.countGoodput(context.stationOf(p.flowId), goodput, p.up, now);
    }

    @Override
    Qdisc downQdisc() {
        return qdisc;
    }

    @Override
    QdiscResult qdiscResult() {
        return wifi.qdiscResult();
    }

    @Override
    QdiscResult qdiscUpResult() {
        return null;
    }

    @Override
    List<StationResult> stationResults(double measuredS) {
        return wifi.stationResults(measuredS);
    }

    @Override
    List<TxqResult> txqResults() {
        return wifi.txqResults();
    }

    @Override
    SeriesRecorder.Stations seriesStations() {
        return wifi;
    }
}
