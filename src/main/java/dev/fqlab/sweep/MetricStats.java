package dev.fqlab.sweep;

import dev.fqlab.sim.stats.Numbers;
import java.util.Arrays;
import java.util.List;

/**
 * One metric over a row's repetitions. {@code stddev} is the sample standard deviation (divisor n − 1, the usual
 * estimate from repeated runs), null for a single value. {@code median} is the middle value (the mean of the two
 * middle ones for an even n). {@code ci95Low} and {@code ci95High} bound the 95 % confidence interval of the mean,
 * mean ± t(0.975, n − 1) · s / √n with Student's t ({@link StudentT}): it assumes the repetitions are independent
 * draws of a roughly normal quantity; null for a single value. Every number is rounded to 6 significant digits, as
 * results are.
 */
public record MetricStats(double mean, Double stddev, double min, double max, int n, double median, Double ci95Low,
                          Double ci95High) {

    /** The statistics of {@code values} (at least one), computed in the order given so they are reproducible. */
    public static MetricStats of(List<Double> values) {
        double[] array = new double[values.size()];
        for (int i = 0; i < array.length; i++) {
            array[i] = values.get(i);
        }
        return of(array);
    }

    /** The same from an array (left as it is), the sums in its order. */
    static MetricStats of(double[] values) {
        int n = values.length;
        if (n == 0) {
            throw new IllegalArgumentException("no values");
        }
        double[] sorted = new double[n];
        double sum = 0;
        for (int i = 0; i < n; i++) {
            sorted[i] = values[i];
            sum += sorted[i];
        }
        Arrays.sort(sorted);
        double mean = sum / n;
        double median = n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
        Double stddev = null;
        Double low = null;
        Double high = null;
        if (n > 1) {
            // Two passes: the sum of squared deviations from the mean does not cancel like Σx² − n·mean² can.
            double squares = 0;
            for (double value : values) {
                squares += (value - mean) * (value - mean);
            }
            double s = Math.sqrt(squares / (n - 1));
            // Equal values can leave floating-point rounding behind (s = 1.2e-16 for a mean of 5.9): far below any
            // spread of values rounded to 6 significant digits, it reads as 0.
            if (s < 1e-12 * Math.abs(mean)) {
                s = 0;
            }
            stddev = Numbers.round6(s);
            double halfWidth = StudentT.quantile975(n - 1) * s / Math.sqrt(n);
            low = Numbers.round6(mean - halfWidth);
            high = Numbers.round6(mean + halfWidth);
        }
        return new MetricStats(Numbers.round6(mean), stddev, Numbers.round6(sorted[0]), Numbers.round6(sorted[n - 1]),
                n, Numbers.round6(median), low, high);
    }
}
