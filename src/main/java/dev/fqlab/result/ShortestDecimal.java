package dev.fqlab.result;

import java.math.BigDecimal;

/**
 * The text of a double as {@link Double#toString} (JSON numbers) and {@link Csv} (plain notation) write it, without
 * the general shortest-digits search where the double is a decimal of few digits: results and a sweep's statistics
 * are rounded to 6 significant digits, and a 1 000-cell sweep's answer writes 40 000 – 55 000 of them (issue 17).
 *
 * <p>Why the digits are the same: for a double {@code x}, Java (since JDK 19, Raffaello Giulietti's Schubfach) and
 * {@code BigDecimal.valueOf} write the shortest decimal that rounds to {@code x}. Decimals of at most 15 significant
 * digits map to distinct doubles (IEEE 754 binary64 has 15.95 decimal digits: DBL_DIG = 15), so when a decimal
 * {@code m · 10^-d} of at most 8 digits rounds to {@code x}, no other decimal of at most 15 digits does, and the
 * shortest one is {@code m} without its trailing zeros. The fast path finds {@code m} for 6 significant digits and
 * checks that {@code m / 10^d} (both exact doubles, {@code d ≤ 22}, so the division is the correctly rounded value of
 * the decimal) is {@code x}; anything else — more digits, zero, NaN, infinities, magnitudes outside
 * 10^-17 … 10^7 — goes to the JDK. {@code ShortestDecimalTest} compares both over random doubles.
 */
public final class ShortestDecimal {

    /** 10^k, k = 0 … 22: every one exact in binary64. */
    private static final double[] POW10 = new double[23];

    static {
        POW10[0] = 1;
        for (int i = 1; i < POW10.length; i++) {
            POW10[i] = POW10[i - 1] * 10;
        }
    }

    private ShortestDecimal() {
    }

    /** Room for the longest text the fast path writes ('-', "0.", at most 17 zeros and 8 digits: 28). */
    public static final int MAX_FAST_LENGTH = 32;

    /** Exactly {@link Double#toString}{@code (x)}. */
    public static String javaString(double x) {
        double magnitude = Math.abs(x);
        if (magnitude >= 1e-3 && magnitude < 1e7) {
            char[] text = new char[MAX_FAST_LENGTH];
            int length = write(text, x, true);
            if (length >= 0) {
                return new String(text, 0, length);
            }
        }
        return Double.toString(x);
    }

    /**
     * Writes {@link Double#toString}{@code (x)} into {@code text} (at least {@link #MAX_FAST_LENGTH} long) from its
     * start and answers its length, or answers -1 (nothing meaningful written) where only the JDK can write it.
     */
    public static int writeJava(char[] text, double x) {
        double magnitude = Math.abs(x);
        return magnitude >= 1e-3 && magnitude < 1e7 ? write(text, x, true) : -1;
    }

    /**
     * Exactly {@code BigDecimal.valueOf(x).stripTrailingZeros().toPlainString()} for a finite {@code x} (what
     * {@link Csv} writes for a double that is not a whole number below 10^15).
     */
    public static String plain(double x) {
        char[] text = new char[MAX_FAST_LENGTH];
        int length = write(text, x, false);
        if (length >= 0) {
            return new String(text, 0, length);
        }
        return BigDecimal.valueOf(x).stripTrailingZeros().toPlainString();
    }

    /** {@link #write} appended to {@code out}; false (nothing appended) where the fast path does not apply. */
    static boolean appendFast(StringBuilder out, double x, boolean javaForm) {
        char[] text = new char[MAX_FAST_LENGTH];
        int length = write(text, x, javaForm);
        if (length < 0) {
            return false;
        }
        out.append(text, 0, length);
        return true;
    }

    /**
     * Writes {@code x} into {@code text} from its start when it is a decimal of few digits with a magnitude from
     * 10^-17 to 10^7, in Java's form ({@code javaForm}: at least one digit after the point, "100.0") or plain (no
     * point for a whole number), and answers the length; -1 otherwise.
     */
    static int write(char[] text, double x, boolean javaForm) {
        double magnitude = Math.abs(x);
        if (!(magnitude >= 1e-17 && magnitude < 1e7)) {
            return -1; // zero, NaN, infinities, and magnitudes whose 10^d would not be exact
        }
        // The decade is a guess (log10 of a value just below a power of ten may round up to it); the check below
        // makes a wrong guess cost only the slow path, never a wrong text.
        int decade = (int) Math.floor(Math.log10(magnitude));
        int d = Math.max(0, 5 - decade);
        if (d >= POW10.length) {
            return -1;
        }
        double scaled = magnitude * POW10[d];
        if (!(scaled < 1e8)) {
            return -1;
        }
        long m = (long) Math.rint(scaled);
        if (m == 0 || m / POW10[d] != magnitude) {
            return -1;
        }
        while (d > 0 && m % 10 == 0) {
            m /= 10;
            d--;
        }
        int digits = 1;
        for (long rest = m / 10; rest > 0; rest /= 10) {
            digits++;
        }
        int at = 0;
        if (x < 0) {
            text[at++] = '-';
        }
        int integerDigits = digits - d;
        if (integerDigits <= 0) {
            text[at++] = '0';
            text[at++] = '.';
            for (int i = integerDigits; i < 0; i++) {
                text[at++] = '0';
            }
            return digits(text, at, m, digits);
        }
        if (d == 0) {
            at = digits(text, at, m, digits);
            if (javaForm) {
                text[at++] = '.';
                text[at++] = '0';
            }
            return at;
        }
        // integer part, point, fraction: the digits written with a gap for the point
        long fraction = m;
        long scale = 1;
        for (int i = 0; i < d; i++) {
            scale *= 10;
        }
        at = digits(text, at, fraction / scale, integerDigits);
        text[at++] = '.';
        return digits(text, at, fraction % scale, d);
    }

    /** Writes {@code value} as exactly {@code count} decimal digits (leading zeros included) from {@code at}. */
    private static int digits(char[] text, int at, long value, int count) {
        for (int i = at + count - 1; i >= at; i--) {
            text[i] = (char) ('0' + value % 10);
            value /= 10;
        }
        return at + count;
    }
}
