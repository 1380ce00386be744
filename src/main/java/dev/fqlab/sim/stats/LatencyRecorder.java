package dev.fqlab.sim.stats;

import dev.fqlab.sim.core.Time;
import dev.fqlab.sim.result.LatencyDistribution;
import dev.fqlab.sim.result.LatencyStats;
import java.util.ArrayList;
import java.util.List;
import org.HdrHistogram.AbstractHistogram;
import org.HdrHistogram.HistogramIterationValue;
import org.HdrHistogram.IntCountsHistogram;

/**
 * A latency distribution: percentiles from an HdrHistogram with 3 significant digits, mean, min and max kept
 * exactly. A percentile is the upper end of its histogram bucket, clamped into [min, max] so that p50 never
 * reads above the largest value actually seen.
 * Values are nanoseconds resolved to 1 µs (the finest any link here needs); the histogram is allocated at the
 * first sample, sized for 100 ms and grown on demand, so flows without samples cost nothing.
 * The whole distribution ({@link #distribution}) is read from the same histogram once, at the end of the run.
 */
public final class LatencyRecorder {
    /**
     * Significant bits a distribution cell keeps: buckets whose upper edges agree in their top 7 bits share a
     * cell, so a cell spans at most 1/64 of its values (64 cells per octave, about 213 per decade).
     */
    public static final int CELL_BITS = 7;
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
                samples,
                distribution());
    }

    /**
     * Every sample's latency as cumulative counts at the upper edges of the histogram's buckets, merged into cells
     * of {@value #CELL_BITS} significant bits (see {@link LatencyDistribution}); null without samples. The values
     * are whole nanoseconds written in ms, not rounded, so that the count at each point stays exact.
     */
    public LatencyDistribution distribution() {
        if (samples == 0) {
            return null;
        }
        List<Double> ms = new ArrayList<>();
        List<Long> atMost = new ArrayList<>();
        long cell = -1;
        long upper = 0;
        long cumulative = 0;
        for (HistogramIterationValue v : histogram.recordedValues()) {
            long edge = v.getValueIteratedTo(); // the bucket's highest equivalent value
            long c = cell(edge);
            if (cell >= 0 && c != cell) {
                ms.add(Time.toMs(upper));
                atMost.add(cumulative);
            }
            cell = c;
            upper = edge;
            cumulative = v.getTotalCountToThisValue();
        }
        // The last bucket's edge may lie above every sample; the largest sample bounds them all exactly.
        ms.add(Time.toMs(Math.min(upper, maxNs)));
        atMost.add(cumulative);
        return new LatencyDistribution(List.copyOf(ms), List.copyOf(atMost));
    }

    /** The lowest value of the cell holding {@code ns}: {@code ns} with all but its top CELL_BITS bits cleared. */
    static long cell(long ns) {
        int shift = Math.max(0, 64 - Long.numberOfLeadingZeros(ns) - CELL_BITS);
        return ns >> shift << shift;
    }
}
