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
        return of(values, new double[values.length]);
    }

    /**
     * The same, sorting in {@code scratch} (as long as {@code values}; overwritten): a sweep's rows compute tens of
     * thousands of these from one reused array, and a copy each was garbage (issue 17).
     */
    static MetricStats of(double[] values, double[] scratch) {
        int n = values.length;
        if (scratch.length != n) {
            throw new IllegalArgumentException("scratch of " + scratch.length + " for " + n + " values");
        }
        double mean = mean(values);
        double[] sorted = scratch;
        System.arraycopy(values, 0, sorted, 0, n);
        sort(sorted);
        double median = n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
        Double stddev = null;
        Double low = null;
        Double high = null;
        if (n > 1) {
            double s = spread(values, mean);
            stddev = Numbers.round6(s);
            double halfWidth = StudentT.quantile975(n - 1) * s / Math.sqrt(n);
            low = Numbers.round6(mean - halfWidth);
            high = Numbers.round6(mean + halfWidth);
        }
        return new MetricStats(Numbers.round6(mean), stddev, Numbers.round6(sorted[0]), Numbers.round6(sorted[n - 1]),
                n, Numbers.round6(median), low, high);
    }

    /**
     * Only {@link #mean}, {@link #stddev} and {@link #n} of {@link #of(double[])} — the same numbers, from the same
     * arithmetic — with NaN for min, max and median and null for the interval: for table.csv's default
     * ({@code mean,stddev}), which writes no other, so that a 1000-cell sweep's 27 200 cells skip the sort and four
     * roundings each (issue 17). Never shown: {@link SweepTable#csv} reads only what its statistics name.
     */
    static MetricStats meanAndStddev(double[] values) {
        int n = values.length;
        double mean = mean(values);
        Double stddev = n > 1 ? Numbers.round6(spread(values, mean)) : null;
        return new MetricStats(Numbers.round6(mean), stddev, Double.NaN, Double.NaN, n, Double.NaN, null, null);
    }

    /** The mean, summed in the array's order (so it is reproducible); at least one value. */
    private static double mean(double[] values) {
        int n = values.length;
        if (n == 0) {
            throw new IllegalArgumentException("no values");
        }
        double sum = 0;
        for (int i = 0; i < n; i++) {
            sum += values[i];
        }
        return sum / n;
    }

    /** The sample standard deviation (n > 1), before rounding. */
    private static double spread(double[] values, double mean) {
        // Two passes: the sum of squared deviations from the mean does not cancel like Σx² − n·mean² can.
        double squares = 0;
        for (double value : values) {
            squares += (value - mean) * (value - mean);
        }
        double s = Math.sqrt(squares / (values.length - 1));
        // Equal values can leave floating-point rounding behind (s = 1.2e-16 for a mean of 5.9): far below any
        // spread of values rounded to 6 significant digits, it reads as 0.
        if (s < 1e-12 * Math.abs(mean)) {
            s = 0;
        }
        return s;
    }

    /**
     * {@link Arrays#sort(double[])}: the same order ({@link Double#compare}: -0.0 before 0.0, NaN last), by insertion
     * for the few repetitions a row usually has, where the library's sort costs more in its set-up than in sorting.
     */
    private static void sort(double[] values) {
        if (values.length > 16) {
            Arrays.sort(values);
            return;
        }
        for (int i = 1; i < values.length; i++) {
            double value = values[i];
            int j = i - 1;
            while (j >= 0 && Double.compare(values[j], value) > 0) {
                values[j + 1] = values[j];
                j--;
            }
            values[j + 1] = value;
        }
    }
}
