package dev.fqlab.sim.stats;

import dev.fqlab.sim.core.Time;
import dev.fqlab.sim.result.DoubleValues;
import java.util.Arrays;
import java.util.List;

/**
 * The flows' goodput and mean latency series, kept only where a flow delivered something: one entry per flow and
 * interval with a delivery, in the order the flows first delivered in each interval, sorted into each flow's sparse
 * series ({@link DoubleValues#sparse}) at the end; every other value is 0 goodput and null latency.
 * <p>Why (issue 16): of 3000 flows sharing a link most deliver nothing in a 100 ms interval. A dense array of
 * flows × intervals (twice) cost a cache miss per value written and megabytes to allocate and fill, and the
 * interval's end read each active flow's sums from its own statistics, another miss. Here a flow's first delivery
 * in an interval appends its entry and the flow remembers where ({@link FlowStats}); its later deliveries in the
 * interval add to that recent entry, and the interval's end walks the entries in order.
 */
final class FlowSeriesLog {
    private final int flowCount;
    /**
     * Entries per chunk: the entries are stored in chunks of this many, added as needed, so that the log grows
     * without copying what it holds (growing one array by doubling copied it five times over for 3000 flows).
     */
    private static final int CHUNK_BITS = 12;
    private static final int CHUNK = 1 << CHUNK_BITS;
    /** Interval {@code s}'s entries are {@code [firstEntry[s], firstEntry[s + 1])}. */
    private final int[] firstEntry;
    /** Entry {@code e}'s flow, goodput and latency at {@code [e >> CHUNK_BITS][e & (CHUNK − 1)]}. */
    private int[][] entryFlow = new int[4][];
    private double[][] entryThroughput = new double[4][];
    private double[][] entryLatency = new double[4][];
    private int entries;
    /** The current interval's first entry, and its entries' sums at {@code entry − intervalStart}. */
    private int intervalStart;
    private long[] goodputBytes;
    private long[] latencySumNs;
    private long[] latencyCount;
    private int intervals;

    FlowSeriesLog(int flowCount, int maxIntervals) {
        this.flowCount = flowCount;
        this.firstEntry = new int[maxIntervals + 1];
        int open = Math.max(1, Math.min(flowCount, 1024));
        this.goodputBytes = new long[open];
        this.latencySumNs = new long[open];
        this.latencyCount = new long[open];
    }

    /**
     * Flow {@code flow}, whose entry of the current interval is {@code entry} if it has one (an older or negative
     * value when it has none), delivered {@code goodput} bytes, with a latency sample of {@code delayNs} if
     * {@code latencySample}.
     *
     * @return the flow's entry of the current interval, to pass with its next delivery
     */
    int delivered(int flow, int entry, long goodput, boolean latencySample, long delayNs) {
        if (entry < intervalStart) {
            entry = open(flow);
        }
        int i = entry - intervalStart;
        goodputBytes[i] += goodput;
        if (latencySample) {
            latencySumNs[i] += delayNs;
            latencyCount[i]++;
        }
        return entry;
    }

    private int open(int flow) {
        int chunk = entries >> CHUNK_BITS;
        if ((entries & (CHUNK - 1)) == 0) {
            if (chunk == entryFlow.length) {
                entryFlow = Arrays.copyOf(entryFlow, 2 * chunk);
                entryThroughput = Arrays.copyOf(entryThroughput, 2 * chunk);
                entryLatency = Arrays.copyOf(entryLatency, 2 * chunk);
            }
            entryFlow[chunk] = new int[CHUNK];
            entryThroughput[chunk] = new double[CHUNK];
            entryLatency[chunk] = new double[CHUNK];
        }
        int i = entries - intervalStart;
        if (i == goodputBytes.length) {
            goodputBytes = Arrays.copyOf(goodputBytes, 2 * i);
            latencySumNs = Arrays.copyOf(latencySumNs, 2 * i);
            latencyCount = Arrays.copyOf(latencyCount, 2 * i);
        }
        entryFlow[chunk][entries & (CHUNK - 1)] = flow;
        return entries++;
    }

    /**
     * Ends the interval of {@code seconds}: each entry's goodput in Mbit/s and mean latency in ms, rounded
     * (results.md) where they are made.
     */
    void endInterval(double seconds) {
        // many flows deliver the same bytes in an interval (one packet each): round that goodput once
        long lastBytes = -1;
        double lastThroughput = 0;
        for (int e = intervalStart; e < entries; e++) {
            int i = e - intervalStart;
            long bytes = goodputBytes[i];
            if (bytes != lastBytes) {
                lastBytes = bytes;
                lastThroughput = Numbers.round6(bytes * 8 / seconds / 1e6);
            }
            entryThroughput[e >> CHUNK_BITS][e & (CHUNK - 1)] = lastThroughput;
            long n = latencyCount[i];
            double meanNs = n == 0 ? Double.NaN : (double) latencySumNs[i] / n;
            entryLatency[e >> CHUNK_BITS][e & (CHUNK - 1)] = Numbers.round6(meanNs / Time.NS_PER_MS);
            goodputBytes[i] = 0;
            latencySumNs[i] = 0;
            latencyCount[i] = 0;
        }
        intervals++;
        firstEntry[intervals] = entries;
        intervalStart = entries;
    }

    /** Adds each flow's goodput (Mbit/s) and latency (ms) series over the intervals ended so far, in flow order. */
    void series(List<DoubleValues> throughputs, List<DoubleValues> latencies) {
        // the entries sorted by flow, stably (a counting sort), so each flow's intervals stay ascending
        int[] first = new int[flowCount + 1];
        for (int e = 0; e < intervalStart; e++) {
            first[entryFlow[e >> CHUNK_BITS][e & (CHUNK - 1)] + 1]++;
        }
        for (int f = 0; f < flowCount; f++) {
            first[f + 1] += first[f];
        }
        int[] next = Arrays.copyOf(first, flowCount);
        int[] at = new int[intervalStart];
        double[] throughput = new double[intervalStart];
        double[] latency = new double[intervalStart];
        for (int s = 0; s < intervals; s++) {
            for (int e = firstEntry[s]; e < firstEntry[s + 1]; e++) {
                int c = e >> CHUNK_BITS;
                int j = e & (CHUNK - 1);
                int k = next[entryFlow[c][j]]++;
                at[k] = s;
                throughput[k] = entryThroughput[c][j];
                latency[k] = entryLatency[c][j];
            }
        }
        for (int f = 0; f < flowCount; f++) {
            int count = first[f + 1] - first[f];
            throughputs.add(DoubleValues.sparse(intervals, 0.0, at, throughput, first[f], count));
            latencies.add(DoubleValues.sparse(intervals, Double.NaN, at, latency, first[f], count));
        }
    }
}
