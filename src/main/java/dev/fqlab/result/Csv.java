package dev.fqlab.result;

import java.math.BigDecimal;
import java.util.List;

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
            return Double.isFinite(d) ? BigDecimal.valueOf(d).stripTrailingZeros().toPlainString() : "";
        }
        return value.toString();
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

    /** RFC 4180 quoting, for a name or a JSON value with a comma, quote or line break. */
    static String escape(String field) {
        if (field.indexOf(',') < 0 && field.indexOf('"') < 0 && field.indexOf('\n') < 0 && field.indexOf('\r') < 0) {
            return field;
        }
        return '"' + field.replace("\"", "\"\"") + '"';
    }
}
