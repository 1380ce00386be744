package dev.fqlab.scenario;

import java.math.BigDecimal;
import java.util.Collection;
import java.util.HashSet;
import java.util.Set;
import java.util.function.DoubleFunction;
import java.util.function.Function;
import java.util.function.LongFunction;
import tools.jackson.databind.JsonNode;

/**
 * Reads one JSON object field by field. Every read consumes the field and checks its type and range, reporting a
 * problem at the field's pointer instead of throwing; {@link #finish()} then reports whatever was not consumed as
 * an unknown field. A read returns null when the field is invalid (or required and missing); callers build their
 * record only when no problem was reported, so a null never reaches a record that does not allow it.
 */
final class ObjectReader {

    private final JsonNode node;
    private final String pointer;
    private final Problems problems;
    private final Set<String> consumed = new HashSet<>();

    private ObjectReader(JsonNode node, String pointer, Problems problems) {
        this.node = node;
        this.pointer = pointer;
        this.problems = problems;
    }

    /** A reader for {@code node}, or null (and a problem "must be {@code what}") when it is not a JSON object. */
    static ObjectReader open(JsonNode node, String pointer, Problems problems, String what) {
        if (node == null || !node.isObject()) {
            problems.add(pointer, "must be " + what + got(node));
            return null;
        }
        return new ObjectReader(node, pointer, problems);
    }

    String pointer() {
        return pointer;
    }

    String pointerOf(String field) {
        return Pointers.child(pointer, field);
    }

    boolean has(String field) {
        return node.has(field);
    }

    /** The raw value (consumed), or null when absent. */
    JsonNode take(String field) {
        consumed.add(field);
        return node.get(field);
    }

    void fail(String field, String message) {
        problems.add(pointerOf(field), message);
    }

    // ---- numbers

    Double number(String field, NumberRange range, double defaultValue) {
        return has(field) ? optionalNumber(field, range) : Double.valueOf(defaultValue);
    }

    Double requiredNumber(String field, NumberRange range) {
        if (!has(field)) {
            take(field);
            fail(field, "required");
            return null;
        }
        return optionalNumber(field, range);
    }

    /** Null when absent or invalid; use {@link #has} to tell them apart. */
    Double optionalNumber(String field, NumberRange range) {
        JsonNode value = take(field);
        return value == null ? null : checkedNumber(field, value, range, "must be ");
    }

    /** Like {@link #optionalNumber}, but an explicit JSON null is a valid value too (meaning "off"). */
    Double nullableNumber(String field, NumberRange range) {
        JsonNode value = take(field);
        return value == null || value.isNull() ? null : checkedNumber(field, value, range, "must be null or ");
    }

    private Double checkedNumber(String field, JsonNode value, NumberRange range, String messageStart) {
        Double number = finiteDouble(value);
        if (number == null || !range.contains(number)) {
            fail(field, messageStart + range.describe() + got(value));
            return null;
        }
        return number;
    }

    // ---- integers

    Long integer(String field, IntRange range, long defaultValue) {
        return has(field) ? optionalInteger(field, range) : Long.valueOf(defaultValue);
    }

    Integer intValue(String field, IntRange range, int defaultValue) {
        Long value = integer(field, range, defaultValue);
        return value == null ? null : Math.toIntExact(value);
    }

    /** Null when absent or invalid; use {@link #has} to tell them apart. */
    Long optionalInteger(String field, IntRange range) {
        JsonNode value = take(field);
        if (value == null) {
            return null;
        }
        Long integer = exactLong(value);
        if (integer == null || !range.contains(integer)) {
            fail(field, "must be " + range.describe() + got(value));
            return null;
        }
        return integer;
    }

    // ---- values from a set that a function knows (e.g. the widths of a PHY standard)

    /**
     * An integer that {@code problem} accepts: it returns null for a valid value, else what is valid (asked with
     * {@link Long#MIN_VALUE} for that text when the value is not an integer at all). {@code defaultValue} when
     * absent, null when invalid (reported).
     */
    Long integerWhere(String field, long defaultValue, LongFunction<String> problem) {
        JsonNode value = take(field);
        if (value == null) {
            return defaultValue;
        }
        Long integer = exactLong(value);
        String message = problem.apply(integer == null ? Long.MIN_VALUE : integer);
        if (message != null) {
            fail(field, "must be " + message + got(value));
            return null;
        }
        return integer;
    }

    /** Like {@link #integerWhere} for a number (asked with NaN when the value is not a finite number). */
    Double numberWhere(String field, double defaultValue, DoubleFunction<String> problem) {
        JsonNode value = take(field);
        if (value == null) {
            return defaultValue;
        }
        Double number = finiteDouble(value);
        String message = problem.apply(number == null ? Double.NaN : number);
        if (message != null) {
            fail(field, "must be " + message + got(value));
            return null;
        }
        return number;
    }

    // ---- other types

    Boolean bool(String field, boolean defaultValue) {
        JsonNode value = take(field);
        if (value == null) {
            return defaultValue;
        }
        if (!value.isBoolean()) {
            fail(field, "must be true or false" + got(value));
            return null;
        }
        return value.booleanValue();
    }

    /** A string, or null when absent (not reported) or not a string (reported with {@code expected}). */
    String optionalString(String field, String expected) {
        JsonNode value = take(field);
        if (value == null) {
            return null;
        }
        if (!value.isString()) {
            fail(field, "must be " + expected + got(value));
            return null;
        }
        return value.stringValue();
    }

    /** A string, or null when missing ("required") or not a string (reported with {@code expected}). */
    String requiredString(String field, String expected) {
        if (!has(field)) {
            take(field);
            fail(field, "required");
            return null;
        }
        return optionalString(field, expected);
    }

    /** One of an enum's JSON names; {@code defaultValue} when absent, null when invalid. */
    <E extends Enum<E>> E enumValue(String field, E[] values, Function<E, String> json, E defaultValue) {
        JsonNode value = take(field);
        if (value == null) {
            return defaultValue;
        }
        for (E candidate : values) {
            if (value.isString() && json.apply(candidate).equals(value.stringValue())) {
                return candidate;
            }
        }
        fail(field, "must be one of " + quotedList(values, json) + got(value));
        return null;
    }

    // ---- fields that are known but not validated here

    /** Reports {@code field} with {@code message} if present: known, but not allowed in this context. */
    void reject(String field, String message) {
        if (has(field)) {
            take(field);
            fail(field, message);
        }
    }

    /**
     * Consumes fields without checking them: they belong to a type this document does not use validly (an
     * unknown or unsupported {@code type}), so their own checks would only add noise to the real error.
     */
    void skip(Collection<String> fields) {
        consumed.addAll(fields);
    }

    /** Consumes every field: nothing in this object is checked (an unsupported type that owns all of it). */
    void skipAll() {
        consumed.addAll(node.propertyNames());
    }

    /** Reports every field that no read consumed. */
    void finish() {
        for (String field : node.propertyNames()) {
            if (!consumed.contains(field)) {
                fail(field, "unknown field");
            }
        }
    }

    // ---- helpers

    /** The value as a finite double, or null if it is not a JSON number or does not fit one. */
    private static Double finiteDouble(JsonNode value) {
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
    private static Long exactLong(JsonNode value) {
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
    static String got(JsonNode value) {
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

    static <E> String quotedList(E[] values, Function<E, String> json) {
        StringBuilder text = new StringBuilder();
        for (E value : values) {
            text.append(text.isEmpty() ? "" : ", ").append('"').append(json.apply(value)).append('"');
        }
        return text.toString();
    }
}
