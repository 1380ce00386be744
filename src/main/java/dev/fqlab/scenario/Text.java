package dev.fqlab.scenario;

import java.util.Locale;

/**
 * The characters a client's string may hold, wherever it is stored or looked up (names, tags, labels, the scenario's
 * string fields, query parameters). Two rules:
 * <ul>
 *   <li>{@link #freeText} (a name, a description): no control character U+0000–U+001F except tab, line feed and
 *   carriage return, which a pasted multi-line text legitimately has and every output escapes (JSON, HTML, quoted
 *   CSV fields);</li>
 *   <li>{@link #label} (a tag, a label, a metric name, a query parameter): no control character at all — a label is
 *   one table cell, one legend entry, one query value, where a tab or line break is never meant.</li>
 * </ul>
 * Both refuse unpaired UTF-16 surrogates ({@code "\ud800"} in JSON), which are not Unicode text. Why it matters:
 * PostgreSQL refuses U+0000 in text (the insert fails) and its driver turns an unpaired surrogate into '?', while H2
 * stores both as they are; refusing them up front makes the two databases give the same answer (a 400 naming the
 * field) and keeps escape sequences (U+001B) out of terminals that print a list.
 */
public final class Text {

    private Text() {
    }

    /** Null when {@code value} is acceptable free text, else what is wrong (for "must …" messages). */
    public static String freeText(String value) {
        return problem(value, true);
    }

    /** Null when {@code value} is an acceptable single-line label, else what is wrong. */
    public static String label(String value) {
        return problem(value, false);
    }

    private static String problem(String value, boolean lineBreaksAndTabs) {
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            if (c < 0x20) {
                if (lineBreaksAndTabs && (c == '\t' || c == '\n' || c == '\r')) {
                    continue;
                }
                return (lineBreaksAndTabs ? "must not contain control characters other than tab and line breaks"
                        : "must not contain control characters") + " (found " + codePoint(c) + " at character "
                        + (value.codePointCount(0, i) + 1) + ")";
            }
            if (Character.isHighSurrogate(c) && i + 1 < value.length() && Character.isLowSurrogate(value.charAt(i + 1))) {
                i++; // a pair: one supplementary character
            } else if (Character.isSurrogate(c)) {
                return "must be Unicode text (found an unpaired surrogate " + codePoint(c) + " at character "
                        + (value.codePointCount(0, i) + 1) + ")";
            }
        }
        return null;
    }

    private static String codePoint(int c) {
        return String.format(Locale.ROOT, "U+%04X", c);
    }
}
