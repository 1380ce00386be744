package dev.fqlab.result;

import static org.assertj.core.api.Assertions.assertThat;

import dev.fqlab.experiment.SeriesOutput;
import java.math.BigDecimal;
import java.math.MathContext;
import java.util.Arrays;
import java.util.List;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.DoubleRange;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

/**
 * Why a REAL holds a series value exactly: results.md rounds every number to 6 significant digits, and IEEE 754
 * binary32 carries any decimal of up to FLT_DIG = 6 significant digits through float and back (C11 5.2.4.2.2:
 * FLT_DIG, "q decimal digits such that any floating-point number with q decimal digits can be rounded into a
 * floating-point number with p radix b digits and back again without change to the q decimal digits").
 * The shortest decimal naming the float (Java's Float.toString since JDK 19, PostgreSQL's real output since 12) is
 * then that decimal, and parsing it gives back the double the engine wrote.
 */
class SeriesStoreTest {

    /** A value as the engine writes it: {@code mantissa × 10^exponent} rounded to 6 significant digits, as a double. */
    private static double sixDigits(double mantissa, int exponent) {
        return new BigDecimal(mantissa).scaleByPowerOfTen(exponent).round(new MathContext(6)).doubleValue();
    }

    @Property(tries = 2000)
    void everySixDigitValueComesBackFromARealUnchanged(@ForAll @DoubleRange(min = -10, max = 10) double mantissa,
            @ForAll @IntRange(min = -30, max = 30) int exponent) {
        double value = sixDigits(mantissa, exponent);
        assertThat(SeriesStore.fromReal((float) value)).isEqualTo(value);
        assertThat(SeriesStore.realKeepsExactly(Arrays.asList(value, null, 0.0))).isTrue();
    }

    @Test
    void aValueWithMoreDigitsThanARealCarriesGoesToTheExactColumn() {
        // 0.1 + 0.2 (17 significant digits) and 2^24 + 1 (an integer binary32 cannot represent).
        assertThat(SeriesStore.realKeepsExactly(List.of(0.1 + 0.2))).isFalse();
        assertThat(SeriesStore.realKeepsExactly(List.of(16_777_217.0))).isFalse();
        assertThat(SeriesStore.realKeepsExactly(List.of(16_777_216.0, 123_457.0, 1.23457e-7))).isTrue();
    }

    @Test
    void theStoredDocumentGetsItsSeriesBackAsItsLastMember() {
        assertThat(SeriesStore.withSeries("{\"seed\":1,\"series\":null}", "{\"t\":[0.1]}"))
                .isEqualTo("{\"seed\":1,\"series\":{\"t\":[0.1]}}");
    }

    @Test
    void coarseIsTheSmallestWholeMultipleOfTheIntervalWithAtMostAHundredIntervals() {
        // seed-000-airtime: 60 s at 100 ms = 600 intervals -> 6 × 100 ms = 600 ms, 100 intervals.
        assertThat(SeriesOutput.COARSE.engineIntervalMs(100, 60)).isEqualTo(600);
        // 601 intervals need 7 × (86 intervals); exactly 100 stay as they are.
        assertThat(SeriesOutput.COARSE.engineIntervalMs(100, 60.1)).isEqualTo(700);
        assertThat(SeriesOutput.COARSE.engineIntervalMs(100, 10)).isEqualTo(100);
        assertThat(SeriesOutput.COARSE.engineIntervalMs(10, 600)).isEqualTo(6000);
        assertThat(SeriesOutput.FULL.engineIntervalMs(10, 600)).isEqualTo(10);
        assertThat(SeriesOutput.NONE.engineIntervalMs(10, 600)).isZero();
        assertThat(SeriesOutput.COARSE.engineIntervalMs(0, 600)).isZero();
    }

    @Property(tries = 500)
    void coarseNeverExceedsTheCapAndNeverCoarsensMoreThanNeeded(
            @ForAll @IntRange(min = 1, max = 60_000) int intervalMs, @ForAll @DoubleRange(min = 0.001, max = 600) @net.jqwik.api.constraints.Scale(3) double durationS) {
        double coarse = SeriesOutput.COARSE.engineIntervalMs(intervalMs, durationS);
        long factor = Math.round(coarse / intervalMs);
        assertThat(coarse).isEqualTo(factor * (double) intervalMs);
        assertThat(Math.ceil(durationS * 1000 / coarse)).isLessThanOrEqualTo(SeriesOutput.COARSE_MAX_INTERVALS);
        if (factor > 1) {
            assertThat(Math.ceil(durationS * 1000 / ((factor - 1) * (double) intervalMs)))
                    .isGreaterThan(SeriesOutput.COARSE_MAX_INTERVALS);
        }
    }

    @Test
    void outputsCoverWhatTheyKeep() {
        assertThat(SeriesOutput.FULL.covers(SeriesOutput.COARSE)).isTrue();
        assertThat(SeriesOutput.COARSE.covers(SeriesOutput.FULL)).isFalse();
        assertThat(SeriesOutput.NONE.covers(SeriesOutput.NONE)).isTrue();
        assertThat(SeriesOutput.NONE.covers(SeriesOutput.COARSE)).isFalse();
    }
}
