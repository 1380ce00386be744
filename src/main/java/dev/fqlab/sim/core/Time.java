package dev.fqlab.sim.core;

/** Conversions between scenario units and engine nanoseconds. */
public final class Time {
    public static final long NS_PER_US = 1_000L;
    public static final long NS_PER_MS = 1_000_000L;
    public static final long NS_PER_S = 1_000_000_000L;

    private Time() {
    }

    public static long ms(double ms) {
        return Math.round(ms * NS_PER_MS);
    }

    public static long seconds(double s) {
        return Math.round(s * NS_PER_S);
    }

    public static double toMs(long ns) {
        return ns / (double) NS_PER_MS;
    }

    public static double toSeconds(long ns) {
        return ns / (double) NS_PER_S;
    }

    /** Time to serialise {@code bytes} at {@code bitsPerSecond}, rounded to the nearest nanosecond. */
    public static long serialisation(long bytes, double bitsPerSecond) {
        return Math.round(bytes * 8 * 1e9 / bitsPerSecond);
    }
}
