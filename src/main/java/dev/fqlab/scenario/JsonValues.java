package dev.fqlab.scenario;

import java.math.BigDecimal;
import java.util.List;
import tools.jackson.databind.JsonNode;

/** How the scenario reader takes JSON values apart, and how its messages show them. */
public final class JsonValues {

    private JsonValues() {
    }

    /** The value as a finite double, or null if it is not a JSON number or does not fit one. */
    static Double finiteDouble(JsonNode value) {
        if (!value.isNumber()) {
            return null;
        }
        double number = value.isFloatingPointNumber() && !value.isBigDecimal()
                ? value.doubleValue()
                : value.decimalValue().doubleValue();
        // "+ 0.0" turns -0.0 into 0.0: records compare doubles bitwise, and "-0" must not make a different scenario
        return Double.isFinite(number) ? number + 0.0 : null;
    }

    /** The value as a long, or null if it is not a JSON number with an integral value in the int64 range. */
    static Long exactLong(JsonNode value) {
        if (!value.isNumber()) {
            return null;
        }
        BigDecimal exact;
        if (value.isFloatingPointNumber() && !value.isBigDecimal()) {
            double number = value.doubleValue();
            if (!Double.isFinite(number)) {
                return null;
            }
            exact = BigDecimal.valueOf(number);
        } else {
            exact = value.decimalValue();
        }
        try {
            return exact.longValueExact(); // throws for a fraction (5.5) or beyond int64; accepts 5.0
        } catch (ArithmeticException notAnInt64) {
            return null;
        }
    }

    /** What was found instead, for messages: " (got a string)". */
    public static String got(JsonNode value) {
        if (value == null || value.isMissingNode()) {
            return " (got nothing)";
        }
        if (value.isNumber() || value.isString()) {
            // a string is shown quoted, so "10" reads as the string it is; long values are cut
            String text = value.toString();
            return " (got " + (text.length() > 40 ? text.substring(0, 40) + "…" : text) + ")";
        }
        return switch (value.getNodeType()) {
            case BOOLEAN -> " (got " + value.booleanValue() + ")";
            case NULL -> " (got null)";
            case ARRAY -> " (got an array)";
            case OBJECT -> " (got an object)";
            default -> " (got " + value.getNodeType().name().toLowerCase() + ")";
        };
    }

    /** {@code "a", "b", "c"} with the given separator. */
    static String quoted(List<String> values, String separator) {
        return String.join(separator, values.stream().map(value -> '"' + value + '"').toList());
    }

    /** {@code a}, {@code a and b}, {@code a, b and c}. */
    static String joined(List<String> values) {
        int last = values.size() - 1;
        return last == 0 ? values.get(0) : String.join(", ", values.subList(0, last)) + " and " + values.get(last);
    }
}
