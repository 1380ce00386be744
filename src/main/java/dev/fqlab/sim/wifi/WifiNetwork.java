package dev.fqlab.sim.wifi;

import dev.fqlab.sim.packet.PacketSink;
import dev.fqlab.sim.qdisc.Qdisc;
import dev.fqlab.sim.core.Simulator;
import dev.fqlab.sim.result.QdiscResult;
import dev.fqlab.sim.result.RateResult;
import dev.fqlab.sim.result.StationChannelResult;
import dev.fqlab.sim.result.StationResult;
import dev.fqlab.sim.result.TxqResult;
import dev.fqlab.sim.stats.Numbers;
import dev.fqlab.sim.stats.SeriesRecorder;
import dev.fqlab.sim.wifi.channel.StationChannel;
import dev.fqlab.sim.wifi.mac.PpduBuilder;
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
    private final StationChannel[] channels;
    private final Simulator sim;

    /**
     * @param qdisc the AP's interface qdisc, or null for noqueue
     * @param toStationReceivers where a station hands the AP's frames once its reorder buffer releases them
     * @param toServer where the AP hands the stations' frames once its reorder buffer releases them
     */
    public WifiNetwork(WifiContext context, Qdisc qdisc, PacketSink toStationReceivers, PacketSink toServer) {
        this.channels = context.channels;
        this.sim = context.sim;
        this.medium = new Medium(context.sim, context.random("medium.backoff"), context.link.rtsThresholdBytes());
        this.ap = new AccessPoint(context, medium, qdisc);
        PpduBuilder builder = new PpduBuilder(context.link.ampdu());
        int n = context.stations.size();
        this.stations = new StationNode[n];
        this.names = new String[n];
        for (int s = 0; s < n; s++) {
            stations[s] = new StationNode(context, s, ap, medium, builder, toStationReceivers);
            names[s] = stations[s].name;
        }
        ap.connect(stations, toServer);
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
            String rcDown = ap.rateControl(s.index).rcStats();
            String rcUp = s.rateControl.rcStats();
            results.add(new StationResult(s.name, Numbers.round6(down + up), Numbers.round6(down), Numbers.round6(up),
                    Numbers.round6(share), st.airtimeNs() / 1_000, st.ppdus, Numbers.round6(aggregate), st.retries,
                    st.failedMpdus, channelResult(s.index, st), rates(s, rcDown, rcUp), rcDown, rcUp));
        }
        return results;
    }

    /** The station's channel over the run so far (null without one). */
    private StationChannelResult channelResult(int station, StationStats st) {
        StationChannel channel = channels[station];
        if (!channel.modelled()) {
            return null;
        }
        long end = sim.now();
        double errorRate = st.mpdusDrawn == 0 ? 0 : (double) st.mpduErrors / st.mpdusDrawn;
        return new StationChannelResult(Numbers.round6(channel.initialDownlinkSnrDb()),
                Numbers.round6(channel.meanDownlinkSnrDb(end)), Numbers.round6(channel.initialUplinkSnrDb()),
                Numbers.round6(channel.meanUplinkSnrDb(end)), st.mpdusDrawn, st.mpduErrors,
                Numbers.round6(errorRate));
    }

    /** Per rate and direction, for a station under a rate control with statistics (Minstrel-HT); else null. */
    private List<RateResult> rates(StationNode s, String rcDown, String rcUp) {
        if (rcDown == null && rcUp == null) {
            return null;
        }
        List<RateResult> rows = new ArrayList<>(ap.rateCounters(s.index).results("down"));
        rows.addAll(s.rateCounters.results("up"));
        return rows;
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
