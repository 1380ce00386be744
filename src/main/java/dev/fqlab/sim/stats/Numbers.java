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

    static {
        POW10[0] = 1;
        for (int i = 1; i < POW10.length; i++) {
            POW10[i] = POW10[i - 1] * 10; // exact up to 1e22
        }
    }

    private Numbers() {
    }

    public static double round6(double x) {
        if (x == 0 || !Double.isFinite(x)) {
            return x == 0 ? 0.0 : x; // folds -0.0 into 0.0
        }
        int decimals = 5 - (int) StrictMath.floor(StrictMath.log10(Math.abs(x)));
        if (decimals > 0 && decimals < POW10.length) {
            return Math.rint(x * POW10[decimals]) / POW10[decimals];
        }
        if (decimals <= 0 && -decimals < POW10.length) {
            return Math.rint(x / POW10[-decimals]) * POW10[-decimals];
        }
        return new BigDecimal(x).round(SIX).doubleValue();
    }

    /** {@link #round6}, with NaN (undefined) as null. */
    public static Double round6OrNull(double x) {
        return Double.isNaN(x) ? null : round6(x);
    }
}
