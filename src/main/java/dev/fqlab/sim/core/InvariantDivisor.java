package dev.fqlab.sim.core;

import java.math.BigInteger;

/**
 * Division by an invariant integer using multiplication (Granlund and Montgomery, "Division by Invariant Integers
 * using Multiplication", PLDI 1994, Figure 4.1 with N = 64): for a divisor fixed once and used for every draw (a
 * random stream's bound), the quotient is a multiply-high, a subtraction, an add and two shifts instead of a 64-bit
 * division, and equals it for every dividend. {@link #floorMod} is {@link Math#floorMod(long, long)} with this
 * divisor, so {@code floorMod(stream.nextLong())} is {@link RandomStream#nextLong(long)}, draw for draw.
 */
public final class InvariantDivisor {
    private final long divisor;
    /** Figure 4.1's m': floor(2^64 (2^l − d) / d) + 1, with l = ceil(log2 d). */
    private final long multiplier;
    private final int shift1;
    private final int shift2;
    /** 2^64 mod d: a negative dividend read as unsigned is 2^64 larger. */
    private final long wrap;

    /** @param divisor d ≥ 1 */
    public InvariantDivisor(long divisor) {
        if (divisor <= 0) {
            throw new IllegalArgumentException("divisor must be positive: " + divisor);
        }
        this.divisor = divisor;
        int l = 64 - Long.numberOfLeadingZeros(divisor - 1);
        BigInteger d = BigInteger.valueOf(divisor);
        this.multiplier = BigInteger.ONE.shiftLeft(l).subtract(d).shiftLeft(64).divide(d).add(BigInteger.ONE)
                .longValue();
        this.shift1 = Math.min(l, 1);
        this.shift2 = Math.max(l - 1, 0);
        long w = Long.remainderUnsigned(-1L, divisor) + 1;
        this.wrap = w == divisor ? 0 : w;
    }

    public long divisor() {
        return divisor;
    }

    /** Figure 4.1's m' (for {@link #floorMod(long, long, long, int, int, long)}). */
    public long multiplier() {
        return multiplier;
    }

    public int shift1() {
        return shift1;
    }

    public int shift2() {
        return shift2;
    }

    /** 2^64 mod d, 0 when that is d. */
    public long wrap() {
        return wrap;
    }

    /** {@link Long#divideUnsigned(long, long)}{@code (n, divisor)}. */
    public long divideUnsigned(long n) {
        return divideUnsigned(n, multiplier, shift1, shift2);
    }

    /** {@link Math#floorMod(long, long)}{@code (x, divisor)}, without a branch on the sign of {@code x}. */
    public long floorMod(long x) {
        return floorMod(x, divisor, multiplier, shift1, shift2, wrap);
    }

    /**
     * {@link #floorMod(long)} with a divisor's constants kept by the caller in fields of its own (one object fewer
     * to load per draw, issue 16): {@code d.floorMod(x) == floorMod(x, d.divisor(), d.multiplier(), d.shift1(),
     * d.shift2(), d.wrap())}.
     */
    public static long floorMod(long x, long divisor, long multiplier, int shift1, int shift2, long wrap) {
        long r = x - divideUnsigned(x, multiplier, shift1, shift2) * divisor; // x read as unsigned, mod d
        r -= wrap & (x >> 63);                                                   // x < 0: x = unsigned − 2^64
        return r + (divisor & (r >> 63));
    }

    private static long divideUnsigned(long n, long multiplier, int shift1, int shift2) {
        long t = Math.unsignedMultiplyHigh(multiplier, n);
        return (t + ((n - t) >>> shift1)) >>> shift2;
    }
}
