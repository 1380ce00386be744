package dev.fqlab.sim.result;

import java.util.AbstractList;
import java.util.RandomAccess;

/**
 * An unmodifiable {@code List<Long>} over the first {@code size} values of a {@code long[]}: the cumulative counts
 * of a latency distribution without a box per value (see {@link DoubleValues}). Equal to any list with the same
 * elements.
 */
public final class LongValues extends AbstractList<Long> implements RandomAccess {
    private final long[] values;
    private final int size;

    /** The values {@code [0, size)} of {@code values}, which the caller no longer changes. */
    public LongValues(long[] values, int size) {
        java.util.Objects.checkFromIndexSize(0, size, values.length);
        this.values = values;
        this.size = size;
    }

    @Override
    public Long get(int index) {
        return values[java.util.Objects.checkIndex(index, size)];
    }

    /** The value at {@code index}. */
    public long getLong(int index) {
        return values[java.util.Objects.checkIndex(index, size)];
    }

    @Override
    public int size() {
        return size;
    }
}
