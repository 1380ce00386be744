package dev.fqlab.sweep;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.apache.commons.math3.distribution.TDistribution;
import org.junit.jupiter.api.Test;

/**
 * The t quantiles behind the sweep's 95 % confidence intervals, against published tables and an independent
 * implementation, and the interval's defining property: it covers the true mean 95 % of the time.
 */
class StudentTTest {

    @Test
    void publishedCriticalValues() {
        // NIST/SEMATECH e-Handbook 1.3.6.7.2, column 0.025 (two-sided 95 %); any statistics textbook's t table.
        assertThat(StudentT.quantile975(1)).isEqualTo(12.706);
        assertThat(StudentT.quantile975(4)).isEqualTo(2.776);
        assertThat(StudentT.quantile975(9)).isEqualTo(2.262);
        assertThat(StudentT.quantile975(29)).isEqualTo(2.045);
        // Beyond the table's 30 rows, the same table's 40, 60, 100 and 120 (to its 3 decimals)
        assertThat(StudentT.quantile975(40)).isCloseTo(2.021, within(0.0005));
        assertThat(StudentT.quantile975(60)).isCloseTo(2.000, within(0.0005));
        assertThat(StudentT.quantile975(100)).isCloseTo(1.984, within(0.0005));
        assertThat(StudentT.quantile975(120)).isCloseTo(1.980, within(0.0005));
    }

    @Test
    void agreesWithAnIndependentImplementationForEveryDegreeOfFreedom() {
        // Apache Commons Math 3 inverts the t CDF numerically (regularized incomplete beta): the table has 3 decimals,
        // the expansion beyond it is much closer than that.
        for (int df = 1; df <= 1000; df++) {
            double reference = new TDistribution(df).inverseCumulativeProbability(0.975);
            assertThat(StudentT.quantile975(df)).as("df %d", df).isCloseTo(reference, within(df <= 30 ? 0.0005 : 0.0001));
        }
        assertThat(StudentT.quantile975(1_000_000)).isCloseTo(StudentT.Z975, within(1e-5));
    }

    @Test
    void theIntervalCoversTheTrueMeanNineteenTimesInTwenty() {
        // Repetitions of a normally distributed quantity, few of them: with the normal's 1.96 instead of t(0.975, 4)
        // = 2.776 the coverage of n = 5 would be ~88 %, not 95 %.
        Random random = new Random(20261201);
        for (int n : new int[] {2, 5, 12}) {
            int samples = 20_000;
            int covered = 0;
            for (int i = 0; i < samples; i++) {
                List<Double> values = new ArrayList<>();
                for (int k = 0; k < n; k++) {
                    values.add(100 + 10 * random.nextGaussian());
                }
                MetricStats stats = MetricStats.of(values);
                if (stats.ci95Low() <= 100 && 100 <= stats.ci95High()) {
                    covered++;
                }
            }
            // binomial standard error √(0.95 · 0.05 / 20000) = 0.0015: ±0.006 is four of them
            assertThat((double) covered / samples).as("coverage with n = %d", n).isCloseTo(0.95, within(0.006));
        }
    }
}
