package dev.fqlab.sim.scenario.schema;

import java.math.BigDecimal;

/**
 * The numbers a field accepts, and how an error message says so ({@code a number > 0 and ≤ 100000}).
 * A bound may carry the name of the field it comes from ({@code < durationS (30)}), so users see why.
 */
public final class NumberRange {

    private final double min;
    private final boolean minInclusive;
    private final String minName;
    private final double max;
    private final boolean maxInclusive;
    private final String maxName;
    private final boolean orZero;

    private NumberRange(double min, boolean minInclusive, String minName, double max, boolean maxInclusive,
                        String maxName, boolean orZero) {
        this.min = min;
        this.minInclusive = minInclusive;
        this.minName = minName;
        this.max = max;
        this.maxInclusive = maxInclusive;
        this.maxName = maxName;
        this.orZero = orZero;
    }

    /** [min, max]. */
    public static NumberRange closed(double min, double max) {
        return new NumberRange(min, true, null, max, true, null, false);
    }

    /** (min, max]. */
    public static NumberRange openClosed(double min, double max) {
        return new NumberRange(min, false, null, max, true, null, false);
    }

    /** [min, max). */
    public static NumberRange closedOpen(double min, double max) {
        return new NumberRange(min, true, null, max, false, null, false);
    }

    /** [min, ∞). */
    public static NumberRange atLeast(double min) {
        return closed(min, Double.POSITIVE_INFINITY);
    }

    /** (min, ∞). */
    public static NumberRange greaterThan(double min) {
        return openClosed(min, Double.POSITIVE_INFINITY);
    }

    /** The lower bound is the value of field {@code name}. */
    public NumberRange minNamed(String name) {
        return new NumberRange(min, minInclusive, name, max, maxInclusive, maxName, orZero);
    }

    /** The upper bound is the value of field {@code name}. */
    public NumberRange maxNamed(String name) {
        return new NumberRange(min, minInclusive, minName, max, maxInclusive, name, orZero);
    }

    /** Also accepts exactly 0 (a switch-off value below the range). */
    public NumberRange orZero() {
        return new NumberRange(min, minInclusive, minName, max, maxInclusive, maxName, true);
    }

    public double min() {
        return min;
    }

    public boolean minInclusive() {
        return minInclusive;
    }

    public double max() {
        return max;
    }

    public boolean maxInclusive() {
        return maxInclusive;
    }

    /** Whether exactly 0 is accepted below the range (a switch-off value). */
    public boolean zeroAllowed() {
        return orZero;
    }

    public boolean contains(double value) {
        if (orZero && value == 0) {
            return true;
        }
        boolean aboveMin = minInclusive ? value >= min : value > min;
        boolean belowMax = maxInclusive ? value <= max : value < max;
        return aboveMin && belowMax;
    }

    /** E.g. {@code a number > 0 and ≤ 100000}, {@code 0 or a number ≥ 1 and ≤ 60000}. */
    public String describe() {
        StringBuilder text = new StringBuilder(orZero ? "0 or a number" : "a number");
        boolean hasMin = min != Double.NEGATIVE_INFINITY;
        boolean hasMax = max != Double.POSITIVE_INFINITY;
        if (hasMin) {
            text.append(minInclusive ? " ≥ " : " > ").append(bound(min, minName));
        }
        if (hasMax) {
            text.append(hasMin ? " and" : "").append(maxInclusive ? " ≤ " : " < ").append(bound(max, maxName));
        }
        return text.toString();
    }

    private static String bound(double value, String name) {
        return name == null ? format(value) : name + " (" + format(value) + ")";
    }

    /** Whole numbers without ".0", so messages read like the spec ({@code ≤ 100000}). */
    public static String format(double value) {
        return BigDecimal.valueOf(value).stripTrailingZeros().toPlainString();
    }
}
