package dev.fqlab.sim.stats;

import dev.fqlab.sim.core.Time;
import dev.fqlab.sim.result.LatencyStats;
import org.HdrHistogram.Histogram;

/**
 * A latency distribution: percentiles from an HdrHistogram with 3 significant digits (nanosecond values,
 * auto-resizing), mean and max kept exactly.
 */
public final class LatencyRecorder {
    private final Histogram histogram = new Histogram(3);
    private long samples;
    private long sumNs;
    private long maxNs;

    public void record(long ns) {
        long v = Math.max(ns, 0);
        histogram.recordValue(v);
        samples++;
        sumNs += v;
        if (v > maxNs) {
            maxNs = v;
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
        return samples == 0 ? Double.NaN : Time.toMs(histogram.getValueAtPercentile(percentile));
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
