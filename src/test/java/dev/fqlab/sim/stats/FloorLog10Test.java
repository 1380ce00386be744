package dev.fqlab.sim.stats;

import static org.assertj.core.api.Assertions.assertThat;

import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;

/**
 * Rounding skips the logarithm where it can (issue 16); the decade it finds must be StrictMath's
 * {@code floor(log10(a))} for every positive double — the values results are made of, and those at and beside each
 * power of ten, where a table of doubles and the logarithm could disagree.
 */
class FloorLog10Test {

    private static int strict(double a) {
        return (int) StrictMath.floor(StrictMath.log10(a));
    }

    @Property(tries = 5_000)
    void theDecadeIsStrictMathsForAnyPositiveDouble(@ForAll("positive") double a) {
        assertThat(Numbers.floorLog10(a)).as("%s", a).isEqualTo(strict(a));
    }

    @Provide
    Arbitrary<Double> positive() {
        // any bit pattern of a positive finite double, and the ranges results live in
        return Arbitraries.oneOf(
                Arbitraries.longs().between(1, Double.doubleToRawLongBits(Double.MAX_VALUE)).map(Double::longBitsToDouble),
                Arbitraries.doubles().between(1e-9, 1e9).ofScale(15), Arbitraries.doubles().between(1e-3, 1e4).ofScale(12));
    }

    @Test
    void atAndBesideEveryPowerOfTen() {
        for (int k = -30; k <= 30; k++) {
            double p = Double.parseDouble("1e" + k);
            for (double a = p, i = 0; i < 40; i++, a = Math.nextDown(a)) {
                assertThat(Numbers.floorLog10(a)).as("%s", a).isEqualTo(strict(a));
            }
            for (double a = p, i = 0; i < 40; i++, a = Math.nextUp(a)) {
                assertThat(Numbers.floorLog10(a)).as("%s", a).isEqualTo(strict(a));
            }
            for (double f : new double[] {0.999999, 0.9999999, 1.000001, 1.0000001, 9.99999, 9.999995}) {
                assertThat(Numbers.floorLog10(p * f)).as("%s", p * f).isEqualTo(strict(p * f));
            }
        }
        assertThat(Numbers.floorLog10(1)).isZero();
        assertThat(Numbers.floorLog10(1000)).isEqualTo(3);
        assertThat(Numbers.floorLog10(0.001)).isEqualTo(-3);
        assertThat(Numbers.floorLog10(999.9)).isEqualTo(2);
    }
}
