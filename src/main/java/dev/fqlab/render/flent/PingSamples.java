package dev.fqlab.render.flent;

import dev.fqlab.sim.result.LatencyDistribution;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;

/**
 * Per-probe RTT samples for flent's raw ping values, made from a ping flow's RTT distribution so that flent's own
 * CDF ({@code -p ping_cdf}, which sorts the raw values of a series: plotters.py {@code CdfPlotter}) matches the
 * distribution at every one of its points: the samples are the distribution's values, each repeated as often as
 * probes fell in its cell ({@code atMost[i] - atMost[i-1]}). A run with more than {@link #MAX_SAMPLES} probes gets
 * that many evenly spaced quantiles instead, which keeps flent's CDF within 1/{@value #MAX_SAMPLES} of it.
 *
 * <p>The result keeps the distribution, not the probes' order in time, so the times are reconstructed: the samples
 * are spread evenly over the flow's measured window, and the smallest go to the probes in the intervals whose mean
 * RTT was smallest (the rank order of the per-interval means), so a time plot of the raw values follows the
 * per-interval means while their distribution is exactly the measured one.
 */
final class PingSamples {

    /** At most this many raw entries per ping series. */
    static final int MAX_SAMPLES = 100_000;

    private PingSamples() {
    }

    /** One probe: seconds since the run's start and its RTT in ms. */
    record Sample(double t, double ms) {
    }

    /** The distribution's samples in ascending order (see above). */
    static double[] sortedValues(LatencyDistribution d) {
        long n = d.atMost().getLast();
        int count = (int) Math.min(n, MAX_SAMPLES);
        double[] values = new double[count];
        int point = 0;
        for (int j = 0; j < count; j++) {
            // Rank (0-based) of the j-th emitted sample among the n probes: all of them, or evenly spaced quantiles.
            long rank = count == n ? j : (long) ((j + 0.5) * n / count);
            while (d.atMost().get(point) <= rank) {
                point++;
            }
            values[j] = d.ms().get(point);
        }
        return values;
    }

    /**
     * The samples with times in {@code [fromS, toS]}: slot j at {@code fromS + (j + 0.5) × (toS - fromS) / count};
     * {@code intervalMeans[k]} (null where undefined, ranked last) is the mean of the interval ending at
     * {@code t[k]}.
     */
    static List<Sample> samples(LatencyDistribution d, double fromS, double toS, List<Double> t,
                                List<Double> intervalMeans) {
        double[] values = sortedValues(d);
        int count = values.length;
        double[] times = new double[count];
        double[] rankKey = new double[count];
        int interval = 0;
        for (int j = 0; j < count; j++) {
            times[j] = fromS + (j + 0.5) * (toS - fromS) / count;
            while (interval < t.size() - 1 && t.get(interval) < times[j]) {
                interval++;
            }
            Double mean = interval < t.size() && interval < intervalMeans.size() ? intervalMeans.get(interval) : null;
            rankKey[j] = mean == null ? Double.POSITIVE_INFINITY : mean;
        }
        Integer[] order = new Integer[count];
        Arrays.setAll(order, j -> j);
        // Stable: slots of equal interval mean keep their time order.
        Arrays.sort(order, Comparator.comparingDouble((Integer j) -> rankKey[j]));
        double[] assigned = new double[count];
        for (int k = 0; k < count; k++) {
            assigned[order[k]] = values[k];
        }
        List<Sample> samples = new ArrayList<>(count);
        for (int j = 0; j < count; j++) {
            samples.add(new Sample(times[j], assigned[j]));
        }
        return samples;
    }
}
