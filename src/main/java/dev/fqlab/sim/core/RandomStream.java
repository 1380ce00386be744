package dev.fqlab.sim.core;

import java.nio.charset.StandardCharsets;

/**
 * A seeded pseudo-random stream (SplitMix64, fully specified, so results do not depend on the JDK).
 * Every component draws from its own stream derived from the scenario seed and a stable name, so adding a
 * flow does not change what another component draws.
 */
public final class RandomStream {
    private long state;

    private RandomStream(long state) {
        this.state = state;
    }

    /** The stream named {@code name} of the scenario seeded with {@code seed}. */
    public static RandomStream of(long seed, String name) {
        return new RandomStream(initialState(seed, name));
    }

    /** What a draw adds to the state (SplitMix64's gamma). */
    public static final long GAMMA = 0x9E3779B97F4A7C15L;

    /**
     * The state the stream {@link #of}{@code (seed, name)} starts in: a component that keeps the state in a field of
     * its own (one object fewer to load per draw, issue 16) draws {@link #output}{@code (state += GAMMA)}, which is
     * {@link #nextLong}, draw for draw.
     */
    public static long initialState(long seed, String name) {
        return mix(seed ^ mix(fnv1a(name)));
    }

    /** The draw of a state already advanced by {@link #GAMMA}. */
    public static long output(long state) {
        return mix(state);
    }

    public long nextLong() {
        state += GAMMA;
        return mix(state);
    }

    public int nextInt() {
        return (int) (nextLong() >>> 32);
    }

    /** Uniform in [0, 1). */
    public double nextDouble() {
        return (nextLong() >>> 11) * 0x1.0p-53;
    }

    /** Uniform in [0, bound). */
    public long nextLong(long bound) {
        return Math.floorMod(nextLong(), bound);
    }

    static long mix(long z) {
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }

    /**
     * FNV-1a over the name's UTF-8 bytes. An ASCII name's bytes are its chars, read in place: a WiFi run names
     * four streams per station, and encoding each name first was a third of setting up 128 stations (issue 16).
     */
    static long fnv1a(String s) {
        long h = 0xcbf29ce484222325L;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c >= 0x80) {
                return fnv1a(s.getBytes(StandardCharsets.UTF_8));
            }
            h ^= c;
            h *= 0x100000001b3L;
        }
        return h;
    }

    static long fnv1a(byte[] bytes) {
        long h = 0xcbf29ce484222325L;
        for (byte b : bytes) {
            h ^= b & 0xff;
            h *= 0x100000001b3L;
        }
        return h;
    }
}
