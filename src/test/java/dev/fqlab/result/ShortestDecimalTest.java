package dev.fqlab.result;

import static org.assertj.core.api.Assertions.assertThat;

import dev.fqlab.sim.stats.Numbers;
import java.math.BigDecimal;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * {@link ShortestDecimal} writes exactly what the JDK writes — {@link Double#toString} and BigDecimal's plain notation
 * of the shortest decimal ({@code BigDecimal.valueOf(x).stripTrailingZeros().toPlainString()}) — over any double
 * (NaN, infinities, ±0, subnormals), short decimals of 1 to 9 digits at every scale the fast path takes and beyond,
 * their neighbours one ulp away (which need all 17 digits), values rounded to 6 digits as results and statistics are
 * ({@link Numbers#round6}), and powers of ten with their neighbours (where the decade guess may be off by one).
 */
class ShortestDecimalTest {

    @Property(tries = 20000)
    void javaStringIsDoubleToString(@ForAll("numbers") double x) {
        assertThat(ShortestDecimal.javaString(x)).isEqualTo(Double.toString(x));
    }

    @Property(tries = 20000)
    void plainIsBigDecimalsPlainNotation(@ForAll("numbers") double x) {
        if (Double.isFinite(x)) {
            assertThat(ShortestDecimal.plain(x)).isEqualTo(BigDecimal.valueOf(x).stripTrailingZeros().toPlainString());
        }
    }

    @Property(tries = 5000)
    void csvPlainIsUnchanged(@ForAll("numbers") double x) {
        if (Double.isFinite(x)) {
            assertThat(Csv.plain(x)).isEqualTo(BigDecimal.valueOf(x).stripTrailingZeros().toPlainString());
        }
    }

    /** The fast path is taken where it should be: a test of the equality above alone would pass with no fast path. */
    @Example
    void shortDecimalsTakeTheFastPath() {
        StringBuilder out = new StringBuilder();
        for (double x : new double[] {0.5, 123.456, 1e6, 9999990.0, 0.00123, -42.1, 1.5e-10, 0.001, 100.0}) {
            out.setLength(0);
            assertThat(ShortestDecimal.appendFast(out, x, true)).as("%s", x).isTrue();
        }
        for (double x : new double[] {0.0, -0.0, Double.NaN, Double.POSITIVE_INFINITY, 0.1 + 0.2, Math.PI, 1e7, 1e-18,
            Math.nextUp(0.5)}) {
            out.setLength(0);
            assertThat(ShortestDecimal.appendFast(out, x, true)).as("%s", x).isFalse();
            assertThat(out).isEmpty();
        }
    }

    @Provide
    Arbitrary<Double> numbers() {
        Arbitrary<Double> special = Arbitraries.of(0.0, -0.0, Double.NaN, Double.POSITIVE_INFINITY,
                Double.NEGATIVE_INFINITY, Double.MIN_VALUE, Double.MIN_NORMAL, Double.MAX_VALUE, 1e-17, 1e-3, 1e7, 1e15,
                9.999999e6, 9999999.5, 0.1 + 0.2, 2.0E-3, 5e-324);
        Arbitrary<Double> powersOfTen = Arbitraries.integers().between(-25, 25).map(e -> Double.parseDouble("1e" + e))
                .flatMap(p -> Arbitraries.of(p, Math.nextUp(p), Math.nextDown(p), -p));
        Arbitrary<Double> shortDecimals = Arbitraries.integers().between(1, 9)
                .flatMap(digits -> Arbitraries.longs().between(1, (long) Math.pow(10, digits) - 1))
                .flatMap(m -> Arbitraries.integers().between(-30, 12).map(e -> Double.parseDouble(m + "e" + e)))
                .flatMap(v -> Arbitraries.of(v, -v, Math.nextUp(v), Math.nextDown(v)));
        Arbitrary<Double> rounded = Arbitraries.doubles().between(-1e9, 1e9)
                .flatMap(v -> Arbitraries.integers().between(-20, 8).map(e -> Numbers.round6(v * Math.pow(10, e - 4))));
        Arbitrary<Double> anyBits = Arbitraries.longs().map(Double::longBitsToDouble);
        return Arbitraries.frequencyOf(
                net.jqwik.api.Tuple.of(1, special), net.jqwik.api.Tuple.of(2, powersOfTen),
                net.jqwik.api.Tuple.of(4, shortDecimals), net.jqwik.api.Tuple.of(4, rounded),
                net.jqwik.api.Tuple.of(2, anyBits), net.jqwik.api.Tuple.of(1, Arbitraries.doubles()));
    }
}
