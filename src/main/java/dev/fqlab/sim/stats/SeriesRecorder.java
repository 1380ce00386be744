package dev.fqlab.sim.stats;

import dev.fqlab.sim.core.Event;
import dev.fqlab.sim.core.Simulator;
import dev.fqlab.sim.core.Time;
import dev.fqlab.sim.qdisc.Qdisc;
import dev.fqlab.sim.result.DoubleValues;
import dev.fqlab.sim.result.Series;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Samples the time series (results.md {@code series}) at the end of every interval of the whole run: per flow
 * goodput and mean latency of what was delivered during the interval (TCP flows also cwnd and RTT); per station
 * (WiFi) goodput, share of the stations' airtime, packets queued for it at the AP, TX and RX airtime and the mean
 * A-MPDU size; the qdisc's backlog (packets, bytes) at its end, its drops and CE marks during it and the mean
 * sojourn of what it handed on.
 * The last interval may be shorter when the duration is not a multiple of it.
 */
public final class SeriesRecorder {

    /** What the recorder reads from the stations of a WiFi link. */
    public interface Stations {
        int count();

        String name(int station);

        /** Goodput bytes delivered to or from the station since the last call. */
        long takeGoodputBytes(int station);

        /** Airtime of the AP's transmissions to the station since the last call. */
        long takeTxAirtimeNs(int station);

        /** Airtime of the station's transmissions to the AP since the last call. */
        long takeRxAirtimeNs(int station);

        /** Mean MPDUs per PPDU the AP sent the station since the last call; NaN without one. */
        double takeAggregateSize(int station);

        /** Packets queued for the station now. */
        int backlogPackets(int station);
    }

    private final Simulator sim;
    private final long intervalNs;
    private final long endNs;
    private final String[] flowNames;
    private final FlowStats[] flows;
    private final Qdisc qdisc;
    private final Stations stations;
    private final double[][] stationThroughput;
    private final double[][] stationAirtime;
    private final double[][] stationBacklog;
    private final double[][] stationTxUs;
    private final double[][] stationRxUs;
    private final double[][] stationAggregate;
    private final long[] airtime;
    private final double[] t;
    /** The flows' goodput and mean latency, where they delivered something. */
    private final FlowSeriesLog flowLog;
    private final TcpRecorder[] tcp;
    /** The flows with a TCP recorder, whose cwnd and RTT are sampled every interval. */
    private final int[] tcpFlows;
    private final double[][] cwnd;
    private final double[][] rtt;
    private final double[] backlog;
    private final double[] backlogBytes;
    private final double[] drops;
    private final double[] marks;
    private final double[] delay;
    private int sample;
    private Series result;
    private long lastSampleNs;
    private long lastDrops;
    private long lastMarks;
    private long lastSent;
    private long lastSojournNs;
    private final Event tick = new Event() {
        @Override
        protected void fire(long now) {
            take(now);
        }
    };

    /**
     * @param tcp each flow's TCP recorder, null for other flows (and the whole array may be null)
     * @param qdisc the down qdisc, or null when there is none (its series are then 0)
     * @param stations the stations of a WiFi link, or null
     */
    public SeriesRecorder(Simulator sim, long intervalNs, long endNs, String[] flowNames, FlowStats[] flows,
                          TcpRecorder[] tcp, Qdisc qdisc, Stations stations) {
        this.sim = sim;
        this.intervalNs = intervalNs;
        this.endNs = endNs;
        this.flowNames = flowNames;
        this.flows = flows;
        this.qdisc = qdisc;
        int n = (int) ((endNs + intervalNs - 1) / intervalNs);
        this.t = new double[n];
        this.flowLog = new FlowSeriesLog(flows.length, n);
        this.tcp = tcp == null ? new TcpRecorder[flows.length] : tcp;
        this.cwnd = new double[flows.length][];
        this.rtt = new double[flows.length][];
        int tcpCount = 0;
        for (int f = 0; f < flows.length; f++) {
            if (this.tcp[f] != null) {
                cwnd[f] = new double[n];
                rtt[f] = new double[n];
                tcpCount++;
            }
        }
        this.tcpFlows = new int[tcpCount];
        for (int f = 0, i = 0; f < flows.length; f++) {
            if (this.tcp[f] != null) {
                tcpFlows[i++] = f;
            }
        }
        for (int f = 0; f < flows.length; f++) {
            flows[f].reportTo(flowLog, f);
        }
        this.backlog = new double[n];
        this.backlogBytes = new double[n];
        this.drops = new double[n];
        this.marks = new double[n];
        this.delay = new double[n];
        this.stations = stations;
        int s = stations == null ? 0 : stations.count();
        this.stationThroughput = new double[s][n];
        this.stationAirtime = new double[s][n];
        this.stationBacklog = new double[s][n];
        this.stationTxUs = new double[s][n];
        this.stationRxUs = new double[s][n];
        this.stationAggregate = new double[s][n];
        this.airtime = new long[s];
    }

    public void start() {
        sim.schedule(tick, Math.min(intervalNs, endNs));
    }

    private void take(long now) {
        double seconds = Time.toSeconds(now - lastSampleNs);
        t[sample] = Time.toSeconds(now);
        flowLog.endInterval(seconds);
        for (int f : tcpFlows) {
            cwnd[f][sample] = tcp[f].takeIntervalCwnd(now);
            rtt[f][sample] = tcp[f].takeIntervalRttMs();
        }
        sampleQdisc();
        sampleStations(seconds);
        lastSampleNs = now;
        sample++;
        if (sample < t.length) {
            sim.schedule(tick, Math.min((sample + 1) * intervalNs, endNs));
        }
    }

    private void sampleQdisc() {
        if (qdisc == null) {
            delay[sample] = Double.NaN;
            return;
        }
        backlog[sample] = qdisc.backlogPackets();
        backlogBytes[sample] = qdisc.backlogBytes();
        long d = qdisc.drops();
        drops[sample] = d - lastDrops;
        lastDrops = d;
        long m = qdisc.ecnMarks();
        marks[sample] = m - lastMarks;
        lastMarks = m;
        long sent = qdisc.sentPackets();
        long sojourn = qdisc.sojournNs();
        delay[sample] = sent == lastSent ? Double.NaN : (double) (sojourn - lastSojournNs) / (sent - lastSent) / Time.NS_PER_MS;
        lastSent = sent;
        lastSojournNs = sojourn;
    }

    private void sampleStations(double seconds) {
        if (stations == null) {
            return;
        }
        long total = 0;
        for (int i = 0; i < airtime.length; i++) {
            long tx = stations.takeTxAirtimeNs(i);
            long rx = stations.takeRxAirtimeNs(i);
            airtime[i] = tx + rx;
            total += airtime[i];
            stationTxUs[i][sample] = tx / (double) Time.NS_PER_US;
            stationRxUs[i][sample] = rx / (double) Time.NS_PER_US;
            stationAggregate[i][sample] = stations.takeAggregateSize(i);
            stationThroughput[i][sample] = stations.takeGoodputBytes(i) * 8 / seconds / 1e6;
            stationBacklog[i][sample] = stations.backlogPackets(i);
        }
        for (int i = 0; i < airtime.length; i++) {
            stationAirtime[i][sample] = total == 0 ? Double.NaN : (double) airtime[i] / total;
        }
    }

    /** The series, built at the first call (rounding the other values in place); the same object after. */
    public Series result() {
        if (result == null) {
            result = build();
        }
        return result;
    }

    private Series build() {
        List<DoubleValues> throughputs = new ArrayList<>(flows.length);
        List<DoubleValues> latencies = new ArrayList<>(flows.length);
        flowLog.series(throughputs, latencies);
        Map<String, Series.FlowSeries> flowSeries = LinkedHashMap.newLinkedHashMap(flows.length);
        for (int f = 0; f < flows.length; f++) {
            flowSeries.put(flowNames[f], new Series.FlowSeries(throughputs.get(f), latencies.get(f),
                    tcp[f] == null ? null : list(cwnd[f]), tcp[f] == null ? null : list(rtt[f])));
        }
        Map<String, Series.StationSeries> stationSeries = new LinkedHashMap<>();
        for (int i = 0; i < stationThroughput.length; i++) {
            stationSeries.put(stations.name(i), new Series.StationSeries(list(stationThroughput[i]),
                    list(stationAirtime[i]), list(stationBacklog[i]), list(stationTxUs[i]), list(stationRxUs[i]),
                    list(stationAggregate[i])));
        }
        return new Series(Time.toMs(intervalNs), list(t), flowSeries, stationSeries,
                new Series.QdiscSeries(list(backlog), list(drops), list(backlogBytes), list(marks), list(delay)));
    }

    /** The first {@code sample} values, rounded (results.md) in place. */
    private List<Double> list(double[] values) {
        return new DoubleValues(round(values), 0, sample);
    }

    /**
     * Every value rounded to 6 significant digits in place (results.md), NaN (null in the result) kept, -0 made 0.
     */
    private static double[] round(double[] values) {
        for (int i = 0; i < values.length; i++) {
            values[i] = Numbers.round6(values[i]);
        }
        return values;
    }
}
