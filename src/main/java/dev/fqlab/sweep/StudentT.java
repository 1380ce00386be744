package dev.fqlab.sweep;

/**
 * The 0.975 quantile of Student's t distribution, for a two-sided 95 % confidence interval of a mean from n values
 * (df = n − 1). Degrees of freedom 1 … 30: NIST/SEMATECH e-Handbook of Statistical Methods, section 1.3.6.7.2,
 * "Critical Values of the Student's t Distribution", column α = 0.025 (3 decimals, as printed there). Beyond 30: the
 * Cornish–Fisher expansion of t in powers of 1/df around the normal quantile z = 1.959964, Abramowitz and Stegun,
 * Handbook of Mathematical Functions, 26.7.5 (four terms; it gives 2.0423 at df 30, the table's 2.042, and the error
 * only shrinks with df), so a large sweep's interval is not the normal's 1.96, which is 4 % too narrow at df 31.
 *
 * <p>No statistics library is on the service's class path (Commons Math is a test-only dependency of JMH), and one
 * quantile does not justify adding one.
 */
final class StudentT {

    /** t(0.975, df) for df = 1 … 30 (index df − 1): NIST/SEMATECH e-Handbook 1.3.6.7.2. */
    private static final double[] T975 = {
        12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228,
        2.201, 2.179, 2.160, 2.145, 2.131, 2.120, 2.110, 2.101, 2.093, 2.086,
        2.080, 2.074, 2.069, 2.064, 2.060, 2.056, 2.052, 2.048, 2.045, 2.042};

    /** The standard normal distribution's 0.975 quantile. */
    static final double Z975 = 1.959963984540054;

    private StudentT() {
    }

    /** t(0.975, df): the half-width of a 95 % interval of a mean is this × s / √n, with df = n − 1. */
    static double quantile975(int df) {
        if (df < 1) {
            throw new IllegalArgumentException("degrees of freedom must be at least 1: " + df);
        }
        return df <= T975.length ? T975[df - 1] : cornishFisher(Z975, df);
    }

    /** Abramowitz and Stegun 26.7.5: t_p(ν) ≈ x + g1(x)/ν + g2(x)/ν² + g3(x)/ν³ + g4(x)/ν⁴, x the normal quantile. */
    static double cornishFisher(double x, int df) {
        double x2 = x * x;
        double x3 = x2 * x;
        double x5 = x3 * x2;
        double x7 = x5 * x2;
        double x9 = x7 * x2;
        double g1 = (x3 + x) / 4;
        double g2 = (5 * x5 + 16 * x3 + 3 * x) / 96;
        double g3 = (3 * x7 + 19 * x5 + 17 * x3 - 15 * x) / 384;
        double g4 = (79 * x9 + 776 * x7 + 1482 * x5 - 1920 * x3 - 945 * x) / 92160;
        double v = df;
        return x + g1 / v + g2 / (v * v) + g3 / (v * v * v) + g4 / (v * v * v * v);
    }
}
