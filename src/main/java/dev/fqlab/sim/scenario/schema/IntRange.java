package dev.fqlab.sim.scenario.schema;

/**
 * The integers a field accepts ({@code an integer ≥ 1 and ≤ 1000000}), with an optional note that explains a
 * bound ({@code 28 = IPv4 + UDP headers}).
 */
public record IntRange(long min, long max, String note) {

    /** Any int64. */
    public static final IntRange INT64 = new IntRange(Long.MIN_VALUE, Long.MAX_VALUE, "int64");

    public static IntRange of(long min, long max) {
        return new IntRange(min, max, null);
    }

    public static IntRange atLeast(long min) {
        return of(min, Long.MAX_VALUE);
    }

    public IntRange withNote(String text) {
        return new IntRange(min, max, text);
    }

    public boolean contains(long value) {
        return value >= min && value <= max;
    }

    public String describe() {
        StringBuilder text = new StringBuilder("an integer");
        boolean hasMin = min != Long.MIN_VALUE;
        if (hasMin) {
            text.append(" ≥ ").append(min);
        }
        if (max != Long.MAX_VALUE) {
            text.append(hasMin ? " and" : "").append(" ≤ ").append(max);
        }
        if (note != null) {
            text.append(" (").append(note).append(')');
        }
        return text.toString();
    }
}
