package dev.fqlab.sim.result;

import java.util.AbstractList;
import java.util.Arrays;
import java.util.Objects;
import java.util.RandomAccess;
import java.util.function.DoubleConsumer;

/**
 * An unmodifiable {@code List<Double>} over a slice of a {@code double[]}, NaN read as null (an undefined value of
 * results.md): the time series and latency distributions of a result without a box per value. Thousands of flows
 * have hundreds of thousands of series values, and boxing them into lists cost the engine a quarter of a
 * 3000-flow run (issue 16). Equal to any list with the same elements ({@link java.util.List#equals}).
 * <p>A list may also be sparse ({@link #sparse}): the values at a few ascending positions, every other position
 * holding one fill value. A flow of thousands sharing a link delivers in a fifth of a run's intervals, and its
 * series is otherwise 0 goodput and null latency; writing every flow's full series into one dense array during
 * the run (3000 flows × 100 intervals, twice) was a cache miss per value and megabytes to allocate and fill.
 */
public final class DoubleValues extends AbstractList<Double> implements RandomAccess {
    private final double[] values;
    private final int from;
    private final int size;
    /** Sparse lists: where {@code values[from, from + count)} stand (ascending); null for a dense slice. */
    private final int[] at;
    private final int count;
    private final double fill;

    /** The values {@code [from, from + size)} of {@code values}, which the caller no longer changes. */
    public DoubleValues(double[] values, int from, int size) {
        Objects.checkFromIndexSize(from, size, values.length);
        this.values = values;
        this.from = from;
        this.size = size;
        this.at = null;
        this.count = size;
        this.fill = 0;
    }

    private DoubleValues(int size, double fill, int[] at, double[] values, int from, int count) {
        Objects.checkFromIndexSize(from, count, Math.min(values.length, at.length));
        this.values = values;
        this.from = from;
        this.size = size;
        this.at = at;
        this.count = count;
        this.fill = fill;
    }

    /**
     * A list of {@code size} values, all {@code fill} but {@code values[k]} at position {@code at[k]} for
     * {@code k} in {@code [from, from + count)}; the positions ascend within {@code [0, size)} (not checked: the
     * engine makes thousands of these). The caller no longer changes the arrays.
     */
    public static DoubleValues sparse(int size, double fill, int[] at, double[] values, int from, int count) {
        return new DoubleValues(size, fill, at, values, from, count);
    }

    @Override
    public Double get(int index) {
        double v = getDouble(index);
        return Double.isNaN(v) ? null : v;
    }

    /** The value at {@code index}, NaN where {@link #get} answers null. */
    public double getDouble(int index) {
        Objects.checkIndex(index, size);
        if (at == null) {
            return values[from + index];
        }
        int k = Arrays.binarySearch(at, from, from + count, index);
        return k >= 0 ? values[k] : fill;
    }

    /** Every value in order, NaN where {@link #get} answers null: a sparse list without a search per value. */
    public void forEachDouble(DoubleConsumer action) {
        if (at == null) {
            for (int i = 0; i < size; i++) {
                action.accept(values[from + i]);
            }
            return;
        }
        int k = from;
        int end = from + count;
        for (int i = 0; i < size; i++) {
            if (k < end && at[k] == i) {
                action.accept(values[k++]);
            } else {
                action.accept(fill);
            }
        }
    }

    @Override
    public int size() {
        return size;
    }
}
