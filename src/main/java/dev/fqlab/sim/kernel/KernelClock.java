package dev.fqlab.sim.kernel;

import dev.fqlab.sim.core.Time;

/**
 * The modelled host's clocks as the kernel reads them (include/net/codel.h {@code codel_get_time},
 * include/linux/jiffies.h {@code INITIAL_JIFFIES}): the simulation starts {@code kernelUptimeS} after boot, so a
 * component that reads kernel time sees {@code uptime + t}, not the simulation's {@code t}.
 * <ul>
 *   <li>{@link #ktimeNs}: {@code ktime_get_ns()}, nanoseconds since boot (CLOCK_MONOTONIC).</li>
 *   <li>{@link #codelTime}: {@code ktime_get_ns() >> CODEL_SHIFT} (10) kept in a u32: 1024-ns units that wrap every
 *       2^32 units (4398.05 s) and that CoDel compares as s32 differences ({@code codel_time_after}), so which
 *       times compare as "before" depends on the uptime.</li>
 *   <li>{@link #jiffies}: {@code jiffies_64}, ticks of {@link #HZ} that start at {@code INITIAL_JIFFIES =
 *       (unsigned long)(unsigned int)(-300 × HZ)}, so that their low 32 bits wrap five minutes after boot.</li>
 * </ul>
 */
public final class KernelClock {
    /** {@code CODEL_SHIFT}: CoDel's time unit is 2^10 ns. */
    public static final int CODEL_SHIFT = 10;
    /** CONFIG_HZ: the kernel's default (Kconfig {@code default HZ_250}). */
    public static final int HZ = 250;
    /** {@code INITIAL_JIFFIES}: −300 × HZ as a u32, 4294892296 at HZ 250. */
    public static final long INITIAL_JIFFIES = (-300L * HZ) & 0xFFFF_FFFFL;

    private static final long U32 = 0xFFFF_FFFFL;
    private static final long NS_PER_JIFFY = Time.NS_PER_S / HZ;

    private final long uptimeNs;

    /** @param uptimeNs the time since boot at which the simulation starts (≥ 0) */
    public KernelClock(long uptimeNs) {
        if (uptimeNs < 0) {
            throw new IllegalArgumentException("uptime must be ≥ 0 (got " + uptimeNs + " ns)");
        }
        this.uptimeNs = uptimeNs;
    }

    /** A clock {@code uptimeS} seconds after boot at the simulation's start. */
    public static KernelClock afterBoot(double uptimeS) {
        return new KernelClock(Time.seconds(uptimeS));
    }

    public long uptimeNs() {
        return uptimeNs;
    }

    /** {@code ktime_get_ns()} at simulation time {@code simNs}. */
    public long ktimeNs(long simNs) {
        return uptimeNs + simNs;
    }

    /** {@code codel_get_time()} at simulation time {@code simNs}: a u32 (in a long) of 1024-ns units. */
    public long codelTime(long simNs) {
        return (ktimeNs(simNs) >>> CODEL_SHIFT) & U32;
    }

    /** {@code jiffies_64} at simulation time {@code simNs}. */
    public long jiffies(long simNs) {
        return INITIAL_JIFFIES + ktimeNs(simNs) / NS_PER_JIFFY;
    }
}
