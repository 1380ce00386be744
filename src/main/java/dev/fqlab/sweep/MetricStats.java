package dev.fqlab.sweep;

import dev.fqlab.sim.stats.Numbers;
import java.util.List;

/**
 * One metric over a row's repetitions. {@code stddev} is the sample standard deviation (divisor n − 1, the
 * usual estimate from repeated runs), null for a single value. Every number is rounded to 6 significant digits,
 * as results are.
 */
public record MetricStats(double mean, Double stddev, double min, double max, int n) {

    /** The statistics of {@code values} (at least one), computed in the order given so they are reproducible. */
    public static MetricStats of(List<Double> values) {
        int n = values.size();
        if (n == 0) {
            throw new IllegalArgumentException("no values");
        }
        double sum = 0;
        double min = Double.POSITIVE_INFINITY;
        double max = Double.NEGATIVE_INFINITY;
        for (double value : values) {
            sum += value;
            min = Math.min(min, value);
            max = Math.max(max, value);
        }
        double mean = sum / n;
        Double stddev = null;
        if (n > 1) {
            // Two passes: the sum of squared deviations from the mean does not cancel like Σx² − n·mean² can.
            double squares = 0;
            for (double value : values) {
                squares += (value - mean) * (value - mean);
            }
            double s = Math.sqrt(squares / (n - 1));
            // Equal values can leave floating-point rounding behind (s = 1.2e-16 for a mean of 5.9): far below any
            // spread of values rounded to 6 significant digits, it reads as 0.
            stddev = s < 1e-12 * Math.abs(mean) ? 0.0 : Numbers.round6(s);
        }
        return new MetricStats(Numbers.round6(mean), stddev, Numbers.round6(min), Numbers.round6(max), n);
    }
}
