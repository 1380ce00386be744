package dev.fqlab.sim.stats;

import static org.assertj.core.api.Assertions.assertThat;

import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.HdrHistogram.IntCountsHistogram;
import org.junit.jupiter.api.Test;

/**
 * {@link LatencyRecorder#bucketTop} (issue 16: a kept sample's bucket top computed in place) answers what
 * HdrHistogram's own {@code highestEquivalentValue} answers for the sample's unit, with the recorder's histogram
 * settings (1 µs lowest, 3 significant digits): over every int of units, near every power of two and its
 * neighbours, where the buckets' widths change.
 */
class LatencyRecorderBucketTopTest {
    private static final IntCountsHistogram ORACLE = new IntCountsHistogram(1_000, 100_000_000, 3);

    private static long oracle(int unit) {
        return ORACLE.highestEquivalentValue((long) unit << LatencyRecorder.UNIT_SHIFT);
    }

    @Property(tries = 2000)
    void anyUnit(@ForAll @IntRange(min = 0, max = Integer.MAX_VALUE) int unit) {
        assertThat(LatencyRecorder.bucketTop(unit)).isEqualTo(oracle(unit));
    }

    @Property(tries = 500)
    void besidePowersOfTwo(@ForAll @IntRange(min = 0, max = 30) int power, @ForAll @IntRange(min = -3, max = 3) int offset) {
        int unit = (int) Math.min(Integer.MAX_VALUE, Math.max(0, (1L << power) + offset));
        assertThat(LatencyRecorder.bucketTop(unit)).isEqualTo(oracle(unit));
    }

    @Test
    void everyUnitOfTheFirstLevels() {
        for (int unit = 0; unit < 1 << 16; unit++) {
            assertThat(LatencyRecorder.bucketTop(unit)).as("unit %d", unit).isEqualTo(oracle(unit));
        }
    }
}
