package dev.fqlab.sim.stats;

import dev.fqlab.sim.core.Time;
import dev.fqlab.sim.result.LatencyStats;
import org.HdrHistogram.AbstractHistogram;
import org.HdrHistogram.IntCountsHistogram;

/**
 * A latency distribution: percentiles from an HdrHistogram with 3 significant digits, mean, min and max kept
 * exactly. A percentile is the upper end of its histogram bucket, clamped into [min, max] so that p50 never
 * reads above the largest value actually seen.
 * Values are nanoseconds resolved to 1 µs (the finest any link here needs); the histogram is allocated at the
 * first sample, sized for 100 ms and grown on demand, so flows without samples cost nothing.
 */
public final class LatencyRecorder {
    private static final long LOWEST_NS = 1_000;
    private static final long INITIAL_HIGHEST_NS = 100_000_000;

    private AbstractHistogram histogram;
    private long samples;
    private long sumNs;
    private long minNs = Long.MAX_VALUE;
    private long maxNs;

    public void record(long ns) {
        long v = Math.max(ns, 0);
        if (histogram == null) {
            histogram = new IntCountsHistogram(LOWEST_NS, INITIAL_HIGHEST_NS, 3);
            histogram.setAutoResize(true);
        }
        histogram.recordValue(v);
        samples++;
        sumNs += v;
        if (v > maxNs) {
            maxNs = v;
        }
        if (v < minNs) {
            minNs = v;
        }
    }

    public long samples() {
        return samples;
    }

    public long maxNs() {
        return maxNs;
    }

    /** Percentile in ms (HdrHistogram's value at that percentile), NaN without samples. */
    public double percentileMs(double percentile) {
        if (samples == 0) {
            return Double.NaN;
        }
        long v = Math.clamp(histogram.getValueAtPercentile(percentile), minNs, maxNs);
        return Time.toMs(v);
    }

    public LatencyStats toStats() {
        if (samples == 0) {
            return new LatencyStats(null, null, null, null, null, 0);
        }
        return new LatencyStats(
                Numbers.round6(Time.toMs(sumNs) / samples),
                Numbers.round6(percentileMs(50)),
                Numbers.round6(percentileMs(90)),
                Numbers.round6(percentileMs(99)),
                Numbers.round6(Time.toMs(maxNs)),
                samples);
    }
}
