package dev.fqlab.sim.aqm;

/**
 * Per-queue CoDel state (kernel-spec §1.2; {@code struct codel_vars}): one per fq_codel flow, per mac80211
 * flow, or per codel qdisc. Never reset when the queue goes idle, so count reuse (§1.5) can fire later.
 * Times are in the arithmetic's units: 1024-ns ticks in a wrapping u32 for Linux, nanoseconds for exact.
 */
public class CodelVars {
    /** Drops (or marks) since entering the dropping state; a u32. */
    int count;
    /** {@code count} right after the last entry into the dropping state. */
    int lastcount;
    boolean dropping;
    /** Q0.16 approximation of 1/√count (Linux arithmetic only); a u16. */
    int recInvSqrt;
    /** 0 = sojourn not above target, else when it will have been above target for an interval. */
    long firstAboveTime;
    long dropNext;
    /** Sojourn time of the last packet examined. */
    long ldelay;

    public int count() {
        return count;
    }

    /**
     * Raises {@code count} after an overlimit batch drop (fq_codel: "tell codel to increase its signal strength
     * also", kernel-spec §2.3).
     */
    public void addToCount(int dropped) {
        count += dropped;
    }

    public int lastcount() {
        return lastcount;
    }

    public boolean dropping() {
        return dropping;
    }

    public int recInvSqrt() {
        return recInvSqrt;
    }

    /** Sojourn of the last packet examined, in the owning {@link Codel}'s units ({@link Codel#toNs}). */
    public long ldelay() {
        return ldelay;
    }

    /** When the next drop is due, in the owning {@link Codel}'s units. */
    public long dropNext() {
        return dropNext;
    }

    public long firstAboveTime() {
        return firstAboveTime;
    }
}
