package dev.fqlab.sim.stats;

/** Jain's fairness index (Σx)² / (n·Σx²): 1 when all are equal, 1/n when one takes everything. */
public final class Jain {
    private Jain() {
    }

    /** The index of {@code values}, or NaN when there are none or all are zero. */
    public static double index(double[] values) {
        double sum = 0;
        double squares = 0;
        for (double v : values) {
            sum += v;
            squares += v * v;
        }
        if (values.length == 0 || squares == 0) {
            return Double.NaN;
        }
        return sum * sum / (values.length * squares);
    }
}
