package dev.fqlab.result;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * {@link Csv#plain}'s shortcut gives exactly what BigDecimal's plain notation of the shortest round-tripping decimal
 * gives (Java SE {@code BigDecimal.valueOf(double)}, {@code stripTrailingZeros}, {@code toPlainString}), so every CSV
 * stays byte-identical: over any double, doubles around the shortcut's bounds (10^-3, 10^7, 10^15) and 6-digit
 * values as results hold them.
 */
class CsvNumberPropertyTest {

    @Property(tries = 3000)
    void plainIsBigDecimalsPlainNotation(@ForAll("numbers") double d) {
        assertThat(Csv.plain(d)).isEqualTo(BigDecimal.valueOf(d).stripTrailingZeros().toPlainString());
    }

    @Provide
    Arbitrary<Double> numbers() {
        Arbitrary<Double> bounds = Arbitraries.of(1e-3, 1e7, 1e15, 9.999999e6, 1e-3 - 1e-19, 0.0, -0.0, 123456.0,
                999999999999999.0, 1e16, 0.001, 1e-4).flatMap(b -> Arbitraries.of(b, -b, Math.nextUp(b), Math.nextDown(b)));
        Arbitrary<Double> sixDigits = Arbitraries.integers().between(100_000, 999_999)
                .flatMap(m -> Arbitraries.integers().between(-12, 12).map(e -> Double.parseDouble(m + "e" + (e - 5))))
                .flatMap(v -> Arbitraries.of(v, -v));
        Arbitrary<Double> any = Arbitraries.longs().map(Double::longBitsToDouble).filter(Double::isFinite);
        return Arbitraries.oneOf(bounds, sixDigits, any, Arbitraries.doubles());
    }
}
