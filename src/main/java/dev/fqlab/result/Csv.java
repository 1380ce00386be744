package dev.fqlab.result;

import java.util.List;
import java.util.regex.Pattern;

/** CSV as fqlab writes it (RFC 4180): CRLF lines, quoting only where needed, numbers in plain decimal notation. */
public final class Csv {

    private Csv() {
    }

    /** A field: "" for null, NaN and infinities; doubles without exponent or trailing zeros; anything else as text. */
    public static String format(Object value) {
        if (value == null) {
            return "";
        }
        if (value instanceof Double d) {
            return Double.isFinite(d) ? plain(d) : "";
        }
        return value.toString();
    }

    /**
     * A finite double in plain decimal notation, its shortest round-tripping digits without trailing zeros: what
     * {@code BigDecimal.valueOf(d).stripTrailingZeros().toPlainString()} gives, without a BigDecimal where
     * {@link Double#toString} already is that (a whole number below 10^15, or a magnitude from 10^-3 to 10^7, where
     * Java writes no exponent): a sweep's table.csv formats tens of thousands of them. {@link ShortestDecimal} writes
     * both forms without the JDK's digit search when the double is a short decimal.
     */
    static String plain(double d) {
        double magnitude = Math.abs(d);
        if (d == Math.rint(d) && magnitude < 1e15) {
            return Long.toString((long) d);
        }
        if (magnitude >= 1e-3 && magnitude < 1e7) {
            return ShortestDecimal.javaString(d);
        }
        return ShortestDecimal.plain(d);
    }

    /**
     * Appends {@link #format}{@code (d)} of a double: nothing for NaN and infinities, else its plain decimal text,
     * written into {@code csv} without a String per number where {@link ShortestDecimal} can (a sweep's table.csv
     * writes tens of thousands). Such a field never needs quoting: digits, '-' and '.' only, and a leading '-' is a
     * number's ({@link #escape}).
     */
    public static void appendNumber(StringBuilder csv, double d) {
        if (!Double.isFinite(d)) {
            return;
        }
        double magnitude = Math.abs(d);
        if (d == Math.rint(d) && magnitude < 1e15) {
            csv.append((long) d);
        } else if (!ShortestDecimal.appendFast(csv, d, false)) {
            csv.append(plain(d));
        }
    }

    /** Appends one field, quoted if it must be ({@link #escape}). */
    public static void appendField(StringBuilder csv, String field) {
        csv.append(escape(field));
    }

    /** Appends one line of {@code fields}, each quoted if it must be. */
    public static void line(StringBuilder csv, List<String> fields) {
        for (int i = 0; i < fields.size(); i++) {
            if (i > 0) {
                csv.append(',');
            }
            csv.append(escape(fields.get(i)));
        }
        csv.append("\r\n");
    }

    /**
     * RFC 4180 quoting, for a name or a JSON value with a comma, quote or line break; also a ';' (the separator
     * spreadsheets use in many locales). A text that a spreadsheet would take for a formula (starting with =, +, -,
     * @, tab or carriage return: OWASP's CSV injection guidance) gets a leading ' and quotes, so it is read as text;
     * a number (-0.5, -1E-5) is left as it is.
     */
    static String escape(String field) {
        boolean formula = !field.isEmpty() && FORMULA_START.indexOf(field.charAt(0)) >= 0
                && !NUMBER.matcher(field).matches();
        if (!formula && field.indexOf(',') < 0 && field.indexOf('"') < 0 && field.indexOf('\n') < 0
                && field.indexOf('\r') < 0 && field.indexOf(';') < 0) {
            return field;
        }
        return '"' + (formula ? "'" : "") + field.replace("\"", "\"\"") + '"';
    }

    /** The first characters that make a spreadsheet evaluate a cell. */
    private static final String FORMULA_START = "=+-@\t\r";
    /** A plain decimal number, as {@link #format} writes them (and JSON numbers): a spreadsheet reads it as one. */
    private static final Pattern NUMBER = Pattern.compile("-?[0-9]+(\\.[0-9]+)?([eE][-+]?[0-9]+)?");
}
