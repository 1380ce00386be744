package dev.fqlab.render.report;

import java.util.Locale;

/**
 * Numbers as the report shows them: at most four significant digits below 1000 without trailing zeros (8, 5.455,
 * 0.012), thousands separated above, "–" for none.
 */
final class Numbers {

    static final String NONE = "–";

    private Numbers() {
    }

    static String decimal(Double value) {
        if (value == null || value.isNaN() || value.isInfinite()) {
            return NONE;
        }
        double v = value;
        double magnitude = Math.abs(v);
        if (magnitude >= 1000) {
            return String.format(Locale.ROOT, "%,.0f", v);
        }
        String pattern = magnitude >= 100 ? "%.1f" : magnitude >= 10 ? "%.2f" : "%.3f";
        String text = String.format(Locale.ROOT, pattern, v);
        return text.contains(".") ? text.replaceAll("0+$", "").replaceAll("\\.$", "") : text;
    }

    static String count(Long value) {
        return value == null ? NONE : String.format(Locale.ROOT, "%,d", value);
    }

    static String count(long value) {
        return count(Long.valueOf(value));
    }

    static String percent(Double share) {
        return share == null ? NONE : String.format(Locale.ROOT, "%.1f %%", share * 100);
    }
}
