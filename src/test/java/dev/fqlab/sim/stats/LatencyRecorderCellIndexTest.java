package dev.fqlab.sim.stats;

import static org.assertj.core.api.Assertions.assertThat;

import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.LongRange;
import org.junit.jupiter.api.Test;

/**
 * {@link LatencyRecorder#cellIndex} numbers the distribution's cells ({@link LatencyRecorder#cell}) in order without
 * gaps, so that counting the cells between two values bounds a sparse flow's distribution points.
 */
class LatencyRecorderCellIndexTest {

    /** Oracle: walk every value from 0 and count the distinct cells met so far. */
    @Test
    void isTheNumberOfCellsBelowForEveryValueUpTo2To18() {
        long cells = 0;
        long previousCell = 0;
        for (long ns = 0; ns < 1 << 18; ns++) {
            long cell = LatencyRecorder.cell(ns);
            if (cell != previousCell) {
                cells++;
                previousCell = cell;
            }
            assertThat(LatencyRecorder.cellIndex(ns)).isEqualTo(cells);
        }
    }

    /** Any value: the same index as its cell's lowest value, one more than the value just below that cell. */
    @Property(tries = 2000)
    void stepsByOneFromCellToCell(@ForAll @LongRange(min = 1, max = 1L << 50) long ns) {
        long cell = LatencyRecorder.cell(ns);
        assertThat(LatencyRecorder.cellIndex(cell)).isEqualTo(LatencyRecorder.cellIndex(ns));
        if (cell > 0) {
            assertThat(LatencyRecorder.cell(cell - 1)).isLessThan(cell);
            assertThat(LatencyRecorder.cellIndex(cell - 1)).isEqualTo(LatencyRecorder.cellIndex(cell) - 1);
        }
    }
}
