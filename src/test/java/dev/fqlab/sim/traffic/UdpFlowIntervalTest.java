package dev.fqlab.sim.traffic;

import static org.assertj.core.api.Assertions.assertThat;

import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.LongRange;

/**
 * A UDP flood's send offsets in whole nanoseconds (issue 16): where {@link UdpFlow#wholeInterval} gives a long, the
 * offset {@code k × interval} in long arithmetic must be what the double arithmetic gives, {@code Math.round(k ×
 * intervalNs)}, for every k up to one interval past the span — the oracle is that expression itself, evaluated here.
 */
class UdpFlowIntervalTest {

    @Property(tries = 2000)
    void aWholeIntervalGivesTheRoundedDoubleProduct(@ForAll("intervals") double intervalNs,
                                                    @ForAll("spans") long spanNs,
                                                    @ForAll @LongRange(min = 0, max = 1000) long pick) {
        long whole = UdpFlow.wholeInterval(intervalNs, spanNs);
        if (whole == 0) {
            return;
        }
        long lastK = (long) (spanNs / intervalNs) + 2; // one send past the span ends the flood
        for (long k : new long[] {0, 1, 2, lastK - 1, lastK, lastK * pick / 1000, lastK - pick}) {
            if (k >= 0) {
                assertThat(k * whole).as("k = %d, interval %s", k, intervalNs).isEqualTo(Math.round(k * intervalNs));
            }
        }
    }

    @Property(tries = 500)
    void theRunsOfPresetsGetTheLongArithmetic(@ForAll @LongRange(min = 1, max = 100_000_000) long intervalNs,
                                              @ForAll @LongRange(min = 0, max = 3_600_000_000_000L) long spanNs) {
        // an hour of sends at any whole interval up to 0.1 s: the common case takes the long path
        assertThat(UdpFlow.wholeInterval(intervalNs, spanNs)).isEqualTo(intervalNs);
    }

    @Property(tries = 500)
    void aFractionalIntervalKeepsTheDoubleArithmetic(@ForAll("fractional") double intervalNs) {
        assertThat(UdpFlow.wholeInterval(intervalNs, 60_000_000_000L)).isZero();
    }

    @Provide
    Arbitrary<Double> intervals() {
        return Arbitraries.oneOf(
                Arbitraries.longs().between(1, 1L << 41).map(Long::doubleValue),
                Arbitraries.doubles().between(0.25, 1e13),
                Arbitraries.of(200_000.0, 2_000_000.0, 1.0, (double) (1L << 40), (double) ((1L << 40) + 1)));
    }

    @Provide
    Arbitrary<Long> spans() {
        return Arbitraries.oneOf(
                Arbitraries.longs().between(0, 1L << 62),
                Arbitraries.longs().between((1L << 51) - 1000, (1L << 51) + 1000),
                Arbitraries.of(60_000_000_000L, 0L, -1L));
    }

    @Provide
    Arbitrary<Double> fractional() {
        return Arbitraries.doubles().between(0.5, 1e9).filter(d -> d != Math.rint(d));
    }
}
