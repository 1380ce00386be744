package dev.fqlab.web;

import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import tools.jackson.core.JacksonException;
import tools.jackson.core.exc.StreamConstraintsException;
import tools.jackson.core.exc.UnexpectedEndOfInputException;

/**
 * What is wrong with a body that is not JSON, said in JSON's terms: Jackson's messages name its own token types,
 * features and settings ({@code VALUE_STRING}, {@code JsonReadFeature.ALLOW_NON_NUMERIC_NUMBERS}, {@code [Source:
 * REDACTED …]}), which mean nothing to a client. Each message Jackson 3 gives for malformed input is recognised here;
 * anything else becomes "unexpected content" (the line and column still say where).
 */
final class JsonSyntaxMessages {

    private static final Pattern UNEXPECTED = Pattern.compile("^Unexpected character \\((.+?) \\(code (\\d+)\\)\\)(.*)$",
            Pattern.DOTALL);
    private static final Pattern QUOTED = Pattern.compile("'(.*?)'");
    private static final Pattern DUPLICATE = Pattern.compile("^Duplicate Object property \"(.*)\"", Pattern.DOTALL);
    private static final Pattern LIMIT = Pattern.compile("maximum allowed \\(([\\d,]+)");

    private JsonSyntaxMessages() {
    }

    /** A short sentence, lower case, without location (the caller adds line and column). */
    static String describe(JacksonException e) {
        String message = e.getOriginalMessage() == null ? "" : e.getOriginalMessage();
        if (e instanceof UnexpectedEndOfInputException) {
            return endOfInput(message);
        }
        if (e instanceof StreamConstraintsException) {
            return constraint(message);
        }
        Matcher duplicate = DUPLICATE.matcher(message);
        if (duplicate.find()) {
            return "the property \"" + cut(duplicate.group(1)) + "\" appears twice in one object";
        }
        Matcher unexpected = UNEXPECTED.matcher(message);
        if (unexpected.matches()) {
            return unexpectedCharacter(Integer.parseInt(unexpected.group(2)), unexpected.group(3));
        }
        if (message.startsWith("Unrecognized token")) {
            return "unexpected text " + quoted(message) + "; expected a value (a string, number, object, array, "
                    + "true, false or null)";
        }
        if (message.startsWith("Non-standard token")) {
            return quoted(message) + " is not a JSON value (JSON has no NaN or Infinity)";
        }
        if (message.startsWith("Unrecognized character escape")) {
            return "invalid escape \\" + unquoted(message) + " in a string (valid: \\\" \\\\ \\/ \\b \\f \\n \\r \\t "
                    + "\\uXXXX)";
        }
        if (message.startsWith("Illegal unquoted character")) {
            Matcher code = Pattern.compile("code (\\d+)").matcher(message);
            String which = code.find() ? " " + codePoint(Integer.parseInt(code.group(1))) : "";
            return "a control character" + which + " in a string must be escaped (as \\n, \\t or \\uXXXX)";
        }
        if (message.startsWith("Invalid numeric value: Leading zeroes")) {
            return "a number has a leading zero (write 1, not 01)";
        }
        if (message.startsWith("Unexpected close marker")) {
            return "unexpected " + quoted(message) + ": no " + (message.contains("Array") ? "array" : "object")
                    + " is open";
        }
        if (message.startsWith("Invalid UTF-8") || message.contains("Invalid UTF-32") || message.contains("encoding")) {
            return "the body is not valid UTF-8 text";
        }
        if (message.startsWith("Trailing token")) {
            return "more content follows the end of the JSON document (send exactly one JSON value)";
        }
        return "unexpected content";
    }

    private static String endOfInput(String message) {
        if (message.contains("VALUE_STRING") || message.contains("String value") || message.contains("in a String")) {
            return "the body ends inside a string (a closing \" is missing)";
        }
        if (message.contains("close marker for Array")) {
            return "the body ends before an array is closed (a ']' is missing)";
        }
        if (message.contains("close marker for Object")) {
            return "the body ends before an object is closed (a '}' is missing)";
        }
        return "the body ends in the middle of the JSON document";
    }

    private static String constraint(String message) {
        Matcher limit = LIMIT.matcher(message);
        String max = limit.find() ? limit.group(1).replace(",", "") : null;
        String lower = message.toLowerCase(Locale.ROOT);
        if (lower.contains("nesting depth")) {
            return "objects and arrays are nested too deep" + (max == null ? "" : " (at most " + max + " levels)");
        }
        if (lower.contains("number value length")) {
            return "a number is too long" + (max == null ? "" : " (at most " + max + " characters)");
        }
        if (lower.contains("string value length")) {
            return "a string is too long" + (max == null ? "" : " (at most " + max + " characters)");
        }
        if (lower.contains("name length")) {
            return "a property name is too long" + (max == null ? "" : " (at most " + max + " characters)");
        }
        return "the document exceeds a size limit of the JSON reader";
    }

    /**
     * Jackson's phrases for an unexpected character, in the order they are tried, with what fqlab says instead: the
     * first whose phrases all occur in Jackson's message wins. A message ending in ',' is followed by what was found.
     */
    private static final List<Map.Entry<List<String>, String>> UNEXPECTED_CHARACTER = List.of(
            Map.entry(List.of("double-quote to start property name"), "expected a property name in double quotes,"),
            Map.entry(List.of("comma to separate Object entries"), "expected ',' or '}' after a property's value,"),
            Map.entry(List.of("comma to separate Array entries"), "expected ',' or ']' after an array element,"),
            Map.entry(List.of("colon to separate"), "expected ':' after a property name,"),
            Map.entry(List.of("comment"), "JSON has no comments,"),
            Map.entry(List.of("hex-digit"), "\\u in a string must be followed by four hex digits,"),
            Map.entry(List.of("numeric value", "minus sign"), "a digit must follow '-' in a number,"),
            Map.entry(List.of("numeric value", "Decimal point"), "a digit must follow the decimal point in a number,"),
            Map.entry(List.of("numeric value", "Exponent"), "a digit must follow the exponent in a number,"),
            Map.entry(List.of("numeric value", "plus sign"), "a JSON number cannot start with '+'"),
            Map.entry(List.of("numeric value"), "malformed number,"));

    private static String unexpectedCharacter(int code, String rest) {
        String message = UNEXPECTED_CHARACTER.stream().filter(rule -> rule.getKey().stream().allMatch(rest::contains))
                .map(Map.Entry::getValue).findFirst()
                .orElse("expected a value (a string, number, object, array, true, false or null),");
        return message.endsWith(",") ? message + " found " + codePoint(code) : message;
    }

    /** {@code ','}, or {@code U+0001} for a character that does not print. */
    private static String codePoint(int code) {
        if (code < 0x20 || code == 0x7f || !Character.isValidCodePoint(code) || Character.isSurrogate((char) code)) {
            return String.format(Locale.ROOT, "U+%04X", code);
        }
        return "'" + new String(Character.toChars(code)) + "'";
    }

    /** The first '…' of the message, quoted, shortened. */
    private static String quoted(String message) {
        return "'" + unquoted(message) + "'";
    }

    private static String unquoted(String message) {
        Matcher quoted = QUOTED.matcher(message);
        return quoted.find() ? cut(quoted.group(1)) : "";
    }

    private static String cut(String text) {
        return text.length() > 40 ? text.substring(0, 40) + "…" : text;
    }
}
