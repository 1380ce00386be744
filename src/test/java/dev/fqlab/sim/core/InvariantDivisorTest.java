package dev.fqlab.sim.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.LongRange;
import org.junit.jupiter.api.Test;

/** The JDK's own 64-bit division is the oracle: every quotient and remainder must equal it. */
class InvariantDivisorTest {

    @Provide
    Arbitrary<Long> divisors() {
        return Arbitraries.oneOf(
                Arbitraries.longs().between(1, Long.MAX_VALUE),
                Arbitraries.longs().between(1, 5000),
                Arbitraries.integers().between(0, 62).map(k -> 1L << k),
                Arbitraries.integers().between(1, 63).map(k -> (1L << k) - 1),
                Arbitraries.integers().between(1, 62).map(k -> (1L << k) + 1),
                Arbitraries.of(1_000_000L, 1_000_000_000L, 16L, 1024L, Long.MAX_VALUE));
    }

    @Provide
    Arbitrary<Long> dividends() {
        return Arbitraries.oneOf(
                Arbitraries.longs(),
                Arbitraries.longs().between(-5000, 5000),
                Arbitraries.of(Long.MIN_VALUE, Long.MIN_VALUE + 1, -1L, 0L, 1L, Long.MAX_VALUE, Long.MAX_VALUE - 1));
    }

    @Property(tries = 20_000)
    void floorModIsMathFloorMod(@ForAll("dividends") long x, @ForAll("divisors") long d) {
        assertThat(new InvariantDivisor(d).floorMod(x)).isEqualTo(Math.floorMod(x, d));
    }

    @Property(tries = 20_000)
    void floorModWithKeptConstantsIsMathFloorMod(@ForAll("dividends") long x, @ForAll("divisors") long d) {
        InvariantDivisor divisor = new InvariantDivisor(d);
        assertThat(InvariantDivisor.floorMod(x, divisor.divisor(), divisor.multiplier(), divisor.shift1(),
                divisor.shift2(), divisor.wrap())).isEqualTo(Math.floorMod(x, d));
    }

    @Property(tries = 20_000)
    void divideUnsignedIsLongDivideUnsigned(@ForAll("dividends") long n, @ForAll("divisors") long d) {
        assertThat(new InvariantDivisor(d).divideUnsigned(n)).isEqualTo(Long.divideUnsigned(n, d));
    }

    @Property(tries = 200)
    void aStreamDrawsWhatRandomStreamDraws(@ForAll @LongRange(min = 1) long bound, @ForAll long seed) {
        RandomStream a = RandomStream.of(seed, "jitter");
        RandomStream b = RandomStream.of(seed, "jitter");
        InvariantDivisor divisor = new InvariantDivisor(bound);
        for (int i = 0; i < 100; i++) {
            assertThat(divisor.floorMod(a.nextLong())).isEqualTo(b.nextLong(bound));
        }
    }

    @Test
    void refusesANonPositiveDivisor() {
        assertThatThrownBy(() -> new InvariantDivisor(0)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new InvariantDivisor(-7)).isInstanceOf(IllegalArgumentException.class);
    }
}
