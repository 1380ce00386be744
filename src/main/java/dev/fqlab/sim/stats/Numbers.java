package dev.fqlab.sim.stats;

import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;

/** Rounding for results: 6 significant digits, so the JSON is stable across platforms (results.md). */
public final class Numbers {
    private static final MathContext SIX = new MathContext(6, RoundingMode.HALF_EVEN);

    private Numbers() {
    }

    public static double round6(double x) {
        if (x == 0 || !Double.isFinite(x)) {
            return x == 0 ? 0.0 : x; // folds -0.0 into 0.0
        }
        return new BigDecimal(x).round(SIX).doubleValue();
    }

    /** {@link #round6}, with NaN (undefined) as null. */
    public static Double round6OrNull(double x) {
        return Double.isNaN(x) ? null : round6(x);
    }
}
