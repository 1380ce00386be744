package dev.fqlab.sim.result;

import java.util.AbstractList;
import java.util.RandomAccess;

/**
 * An unmodifiable {@code List<Double>} over a slice of a {@code double[]}, NaN read as null (an undefined value of
 * results.md): the time series and latency distributions of a result without a box per value. Thousands of flows
 * have hundreds of thousands of series values, and boxing them into lists cost the engine a quarter of a
 * 3000-flow run (issue 16). Equal to any list with the same elements ({@link java.util.List#equals}).
 */
public final class DoubleValues extends AbstractList<Double> implements RandomAccess {
    private final double[] values;
    private final int from;
    private final int size;

    /** The values {@code [from, from + size)} of {@code values}, which the caller no longer changes. */
    public DoubleValues(double[] values, int from, int size) {
        java.util.Objects.checkFromIndexSize(from, size, values.length);
        this.values = values;
        this.from = from;
        this.size = size;
    }

    @Override
    public Double get(int index) {
        double v = values[from + java.util.Objects.checkIndex(index, size)];
        return Double.isNaN(v) ? null : v;
    }

    /** The value at {@code index}, NaN where {@link #get} answers null. */
    public double getDouble(int index) {
        return values[from + java.util.Objects.checkIndex(index, size)];
    }

    @Override
    public int size() {
        return size;
    }
}
