package dev.fqlab.sim.wifi;

import dev.fqlab.sim.core.RandomStream;
import dev.fqlab.sim.core.Simulator;
import dev.fqlab.sim.packet.DropListener;
import dev.fqlab.sim.packet.PacketSink;
import dev.fqlab.sim.packet.TxCompletion;
import dev.fqlab.sim.qdisc.Qdisc;
import dev.fqlab.sim.result.QdiscResult;
import dev.fqlab.sim.result.StationResult;
import dev.fqlab.sim.result.TxqResult;
import dev.fqlab.sim.scenario.StackSpec;
import dev.fqlab.sim.scenario.StationSpec;
import dev.fqlab.sim.scenario.WifiLinkSpec;
import dev.fqlab.sim.stats.Numbers;
import dev.fqlab.sim.stats.SeriesRecorder;
import dev.fqlab.sim.wifi.mac.PpduBuilder;
import dev.fqlab.sim.wifi.phy.PhyMode;
import java.util.ArrayList;
import java.util.List;

/**
 * One WiFi channel: the medium, the AP with its stack, and the stations, wired together; the WiFi side of
 * results.md ({@code stations}, {@code txqs}) and of the series.
 */
public final class WifiNetwork implements SeriesRecorder.Stations {
    private final Medium medium;
    private final AccessPoint ap;
    private final StationNode[] stations;
    private final String[] names;

    /**
     * @param qdisc the AP's interface qdisc, or null for noqueue
     * @param toStationReceivers where a station hands the AP's frames once its reorder buffer releases them
     * @param toServer where the AP hands the stations' frames once its reorder buffer releases them
     * @param drops told about every frame dropped on the way (queues, retry limit)
     * @param completions told about every MPDU the AP or a station has finished with (acknowledged or given up)
     */
    public WifiNetwork(Simulator sim, long seed, WifiLinkSpec link, StackSpec stack, List<StationSpec> specs,
                       Qdisc qdisc, int[] stationOfFlow, int[] acOfFlow, PacketSink toStationReceivers,
                       PacketSink toServer, DropListener drops, TxCompletion completions, long warmupNs) {
        this.medium = new Medium(sim, RandomStream.of(seed, "medium.backoff"));
        int n = specs.size();
        int[] weights = new int[n];
        for (int s = 0; s < n; s++) {
            weights[s] = specs.get(s).airtimeWeight();
        }
        this.ap = new AccessPoint(sim, medium, link, stack, qdisc, n, weights, stationOfFlow, acOfFlow, drops,
                completions);
        PpduBuilder builder = new PpduBuilder(link.ampdu());
        int maxSubframes = Math.max(1, link.ampdu().maxSubframes());
        this.stations = new StationNode[n];
        this.names = new String[n];
        RandomStream[] downlinkLosses = new RandomStream[n];
        for (int s = 0; s < n; s++) {
            StationSpec spec = specs.get(s);
            names[s] = spec.name();
            stations[s] = new StationNode(s, spec.name(), PhyMode.of(link, spec), spec.frameErrorRate(), ap, medium,
                    builder, stack.driver().hwQueuePackets(), link.retryLimit(), maxSubframes,
                    RandomStream.of(seed, "air.loss.up." + spec.name()), toStationReceivers, drops, completions,
                    warmupNs);
            downlinkLosses[s] = RandomStream.of(seed, "air.loss.down." + spec.name());
        }
        ap.connect(stations, toServer, downlinkLosses);
        for (StationNode station : stations) {
            station.connect();
        }
    }

    public AccessPoint ap() {
        return ap;
    }

    /** Where a station's own (uplink) packets enter. */
    public PacketSink station(int index) {
        return stations[index];
    }

    /** Counts a delivered packet's payload for its station (down at the station, up at the server). */
    public void countGoodput(int station, long goodputBytes, boolean up, long now) {
        stations[station].stats.goodput(goodputBytes, up, now);
    }

    public QdiscResult qdiscResult() {
        return ap.qdiscResult();
    }

    public List<TxqResult> txqResults() {
        return ap.txqResults(names);
    }

    /** results.md {@code stations}: goodput and airtime over the measurement window, counters over the run. */
    public List<StationResult> stationResults(double measuredS) {
        long totalAirtime = 0;
        for (StationNode s : stations) {
            totalAirtime += s.stats.airtimeNs();
        }
        List<StationResult> results = new ArrayList<>();
        for (StationNode s : stations) {
            StationStats st = s.stats;
            double down = st.downGoodputBytes * 8 / measuredS / 1e6;
            double up = st.upGoodputBytes * 8 / measuredS / 1e6;
            double share = totalAirtime == 0 ? 0 : (double) st.airtimeNs() / totalAirtime;
            double aggregate = st.ppdus == 0 ? 0 : (double) st.mpdus / st.ppdus;
            results.add(new StationResult(s.name, Numbers.round6(down + up), Numbers.round6(down), Numbers.round6(up),
                    Numbers.round6(share), st.airtimeNs() / 1_000, st.ppdus, Numbers.round6(aggregate), st.retries,
                    st.failedMpdus));
        }
        return results;
    }

    /** Airtime of each station over the measurement window, for Jain's index. */
    public double[] airtimes() {
        double[] a = new double[stations.length];
        for (int i = 0; i < a.length; i++) {
            a[i] = stations[i].stats.airtimeNs();
        }
        return a;
    }

    public long mediumBusyNs() {
        return medium.busyNs();
    }

    public long collisions() {
        return medium.collisions();
    }

    @Override
    public int count() {
        return stations.length;
    }

    @Override
    public String name(int station) {
        return names[station];
    }

    @Override
    public long takeGoodputBytes(int station) {
        return stations[station].stats.takeIntervalGoodput();
    }

    @Override
    public long takeTxAirtimeNs(int station) {
        return stations[station].stats.takeIntervalTxAirtime();
    }

    @Override
    public long takeRxAirtimeNs(int station) {
        return stations[station].stats.takeIntervalRxAirtime();
    }

    @Override
    public double takeAggregateSize(int station) {
        return stations[station].stats.takeIntervalAggregateSize();
    }

    @Override
    public int backlogPackets(int station) {
        return ap.queuedFor(station);
    }
}
