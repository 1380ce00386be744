package dev.fqlab.sim.stats;

import dev.fqlab.sim.core.Event;
import dev.fqlab.sim.core.Simulator;
import dev.fqlab.sim.core.Time;
import dev.fqlab.sim.qdisc.Qdisc;
import dev.fqlab.sim.result.Series;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Samples the time series (results.md {@code series}) at the end of every interval of the whole run: per flow
 * goodput and mean latency of what was delivered during the interval, the qdisc's backlog at its end and its
 * drops during it. The last interval may be shorter when the duration is not a multiple of it.
 */
public final class SeriesRecorder {
    private final Simulator sim;
    private final long intervalNs;
    private final long endNs;
    private final String[] flowNames;
    private final FlowStats[] flows;
    private final Qdisc qdisc;
    private final double[] t;
    private final double[][] throughput;
    private final double[][] latency;
    private final double[] backlog;
    private final double[] drops;
    private int sample;
    private long lastSampleNs;
    private long lastDrops;
    private final Event tick = new Event() {
        @Override
        protected void fire(long now) {
            take(now);
        }
    };

    public SeriesRecorder(Simulator sim, long intervalNs, long endNs, String[] flowNames, FlowStats[] flows,
                          Qdisc qdisc) {
        this.sim = sim;
        this.intervalNs = intervalNs;
        this.endNs = endNs;
        this.flowNames = flowNames;
        this.flows = flows;
        this.qdisc = qdisc;
        int n = (int) ((endNs + intervalNs - 1) / intervalNs);
        this.t = new double[n];
        this.throughput = new double[flows.length][n];
        this.latency = new double[flows.length][n];
        this.backlog = new double[n];
        this.drops = new double[n];
    }

    public void start() {
        sim.schedule(tick, Math.min(intervalNs, endNs));
    }

    private void take(long now) {
        double seconds = Time.toSeconds(now - lastSampleNs);
        t[sample] = Time.toSeconds(now);
        for (int f = 0; f < flows.length; f++) {
            throughput[f][sample] = flows[f].takeIntervalGoodput() * 8 / seconds / 1e6;
            latency[f][sample] = flows[f].takeIntervalLatencyNs() / Time.NS_PER_MS;
        }
        backlog[sample] = qdisc.backlogPackets();
        long d = qdisc.drops();
        drops[sample] = d - lastDrops;
        lastDrops = d;
        lastSampleNs = now;
        sample++;
        if (sample < t.length) {
            sim.schedule(tick, Math.min((sample + 1) * intervalNs, endNs));
        }
    }

    public Series result() {
        Map<String, Series.FlowSeries> flowSeries = new LinkedHashMap<>();
        for (int f = 0; f < flows.length; f++) {
            flowSeries.put(flowNames[f], new Series.FlowSeries(list(throughput[f]), list(latency[f])));
        }
        return new Series(Time.toMs(intervalNs), list(t), flowSeries, new LinkedHashMap<>(),
                new Series.QdiscSeries(list(backlog), list(drops)));
    }

    private List<Double> list(double[] values) {
        List<Double> out = new ArrayList<>(sample);
        for (double v : Arrays.copyOf(values, sample)) {
            out.add(Numbers.round6OrNull(v));
        }
        return out;
    }
}
