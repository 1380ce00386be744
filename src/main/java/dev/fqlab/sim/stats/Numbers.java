package dev.fqlab.sim.stats;

import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;

/**
 * Rounding for results: 6 significant digits, so the JSON is stable across platforms (results.md). The fast path
 * scales by an exact power of ten and uses {@link StrictMath}, so it gives the same double on every JVM.
 */
public final class Numbers {
    private static final MathContext SIX = new MathContext(6, RoundingMode.HALF_EVEN);
    private static final double[] POW10 = new double[23];
    /** The doubles nearest 10^-k, k = 0 … 22 (not exact: only compared with a margin). */
    private static final double[] NEG_POW10 = new double[23];

    static {
        POW10[0] = 1;
        NEG_POW10[0] = 1;
        for (int i = 1; i < POW10.length; i++) {
            POW10[i] = POW10[i - 1] * 10; // exact up to 1e22
            NEG_POW10[i] = Double.parseDouble("1e-" + i);
        }
    }

    private Numbers() {
    }

    public static double round6(double x) {
        if (x == 0 || !Double.isFinite(x)) {
            return x == 0 ? 0.0 : x; // folds -0.0 into 0.0
        }
        int decimals = 5 - floorLog10(Math.abs(x));
        if (decimals > 0 && decimals < POW10.length) {
            return Math.rint(x * POW10[decimals]) / POW10[decimals];
        }
        if (decimals <= 0 && -decimals < POW10.length) {
            return Math.rint(x / POW10[-decimals]) * POW10[-decimals];
        }
        return new BigDecimal(x).round(SIX).doubleValue();
    }

    /**
     * {@code (int) StrictMath.floor(StrictMath.log10(a))} for a finite {@code a > 0}, without the logarithm where the
     * answer is certain: between 1e-22 and 1e22, a value more than a millionth away from every power of ten lies in
     * the decade the table's comparisons find, and log10's error (under 1 ulp) cannot carry it across an integer. Near
     * a power of ten (where the double 1e-k itself is inexact) and outside the table, the logarithm decides, so the
     * result is always the logarithm's. Time series round hundreds of thousands of values (issue 16).
     */
    static int floorLog10(double a) {
        if (a >= 1 && a < 1e22) {
            int k = 0;
            while (a >= POW10[k + 1]) {
                k++;
            }
            if (a > POW10[k] * (1 + 1e-6) && a < POW10[k + 1] * (1 - 1e-6)) {
                return k;
            }
        } else if (a < 1 && a >= 1e-22) {
            int k = 1;
            while (a < NEG_POW10[k]) {
                k++;
            }
            // NEG_POW10[k] ≤ a < NEG_POW10[k − 1]: the decade of 10^-k
            if (a > NEG_POW10[k] * (1 + 1e-6) && a < NEG_POW10[k - 1] * (1 - 1e-6)) {
                return -k;
            }
        }
        return (int) StrictMath.floor(StrictMath.log10(a));
    }

    /** {@link #round6}, with NaN (undefined) as null. */
    public static Double round6OrNull(double x) {
        return Double.isNaN(x) ? null : round6(x);
    }
}
