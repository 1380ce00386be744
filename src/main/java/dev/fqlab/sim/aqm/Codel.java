package dev.fqlab.sim.aqm;

import dev.fqlab.sim.kernel.Kernel;
import dev.fqlab.sim.kernel.KernelClock;
import dev.fqlab.sim.packet.Packet;
import dev.fqlab.sim.scenario.CodelArithmetic;
import dev.fqlab.sim.scenario.CodelSettings;

/**
 * CoDel, kernel-spec §1 (include/net/codel_impl.h; RFC 8289): {@code should_drop} and {@code codel_dequeue}
 * in the kernel's order of operations, for one parameter set and its shared {@link CodelStats}.
 *
 * <p>{@link CodelArithmetic#LINUX} reproduces the kernel bit for bit: time in 1024-ns units in a wrapping
 * u32, the integer Newton step for 1/√count (so the second drop comes 50 ms after the first, not 70.7), and
 * strict {@code now > first_above_time}. {@link CodelArithmetic#EXACT} uses nanoseconds, floating-point
 * 1/√count and RFC 8289's {@code now >= first_above_time}.
 *
 * <p>Time is kernel time ({@link KernelClock}): {@code codel_get_time()} = {@code ktime_get_ns() >> 10} as a u32 for
 * Linux, {@code ktime_get_ns()} for exact, at the scenario's uptime plus the simulation time. So the first entry
 * into the dropping state compares {@code now − drop_next} with 16 intervals against the {@code drop_next} of 0 that
 * {@code codel_vars_init} left, as s32: a burst's fate depends on the uptime, not on when the flow starts.
 * The {@link dev.fqlab.sim.kernel.KernelProfile} decides two newer rules: at most
 * {@code CODEL_MAX_DROPS_PER_DEQUEUE} drops per call (then {@code drop_next = control_law(now)}), and clearing
 * {@code first_above_time} when the queue is found empty.
 */
public final class Codel {
    private static final long U32 = 0xFFFFFFFFL;
    /** Linux's CODEL_DISABLED_THRESHOLD (INT_MAX time units). */
    private static final long LINUX_DISABLED = Integer.MAX_VALUE;

    private final boolean linux;
    private final long target;
    private final long interval;
    private final long ceThreshold;
    private final boolean ecn;
    private final long mtu;
    private final KernelClock clock;
    /** {@code CODEL_MAX_DROPS_PER_DEQUEUE}, or {@link Integer#MAX_VALUE} where the kernel has no cap. */
    private final int maxDropsPerDequeue;
    private final boolean resetsOnEmpty;
    private final CodelStats stats = new CodelStats();

    /**
     * @param mtu backlog floor in bytes: never drop while the queue's backlog (after removing the packet) is at
     *            most this (fq_codel and codel: the device's L2 MTU, 1514; mac80211: 0)
     * @param kernel the host: its clock, and its version's cap on drops per dequeue and empty-queue reset
     */
    public Codel(CodelSettings settings, long mtu, Kernel kernel) {
        this.clock = kernel.clock();
        int cap = kernel.profile().codelMaxDropsPerDequeue();
        this.maxDropsPerDequeue = cap > 0 ? cap : Integer.MAX_VALUE;
        this.resetsOnEmpty = kernel.profile().codelResetsOnEmpty();
        this.linux = settings.arithmetic() == CodelArithmetic.LINUX;
        this.target = toUnits(settings.targetMs());
        this.interval = toUnits(settings.intervalMs());
        this.ceThreshold = settings.ceThresholdMs() == null
                ? (linux ? LINUX_DISABLED : Long.MAX_VALUE)
                : toUnits(settings.ceThresholdMs());
        this.ecn = settings.ecn();
        this.mtu = mtu;
    }

    /** CoDel on a kernel at boot with the default profile ({@link Kernel#AT_BOOT}): for tests of the algorithm. */
    public Codel(CodelSettings settings, long mtu) {
        this(settings, mtu, Kernel.AT_BOOT);
    }

    public CodelStats stats() {
        return stats;
    }

    /** Kernel time at simulation time {@code ns}, in this instance's units (intervals back with {@link #toNs}). */
    long time(long ns) {
        return linux ? clock.codelTime(ns) : clock.ktimeNs(ns);
    }

    /** An interval in this instance's units, as nanoseconds (for reporting {@code ldelay}). */
    public long toNs(long units) {
        return linux ? units << KernelClock.CODEL_SHIFT : units;
    }

    /**
     * Milliseconds → units the way tc does it: to whole microseconds, then {@code (us × 1000) >> CODEL_SHIFT}
     * for Linux.
     */
    private long toUnits(double ms) {
        long us = Math.round(ms * 1000);
        return linux ? (us * 1000) >> KernelClock.CODEL_SHIFT : us * 1000;
    }

    /** {@code codel_dequeue}, kernel-spec §1.5: the next packet to send from the queue owning {@code v}, or null. */
    public Packet dequeue(CodelQueue queue, CodelVars v, long nowNs) {
        Packet p = queue.dequeueHead(v);
        if (p == null) {
            if (resetsOnEmpty) {
                v.firstAboveTime = 0;
            }
            v.dropping = false;
            return null;
        }
        long now = time(nowNs);
        boolean drop = shouldDrop(p, queue, v, now);
        if (v.dropping) {
            if (!drop) {
                v.dropping = false; // sojourn below target: leave dropping state
            } else if (afterEq(now, v.dropNext)) {
                // Catch up: several drops in one dequeue when far past drop_next (newer kernels: at most a cap,
                // then resync drop_next to now).
                int drops = 0;
                while (v.dropping && afterEq(now, v.dropNext)) {
                    if (++drops > maxDropsPerDequeue) {
                        v.dropNext = controlLaw(now, v);
                        break;
                    }
                    v.count++;
                    newtonStep(v);
                    if (ecn && p.setCe()) {
                        stats.ecnMark++;
                        v.dropNext = controlLaw(v.dropNext, v);
                        return ceThresholdMark(p, v);
                    }
                    stats.dropLen += p.length;
                    queue.codelDrop(p, nowNs);
                    stats.dropCount++;
                    p = queue.dequeueHead(v);
                    if (!shouldDrop(p, queue, v, now)) {
                        v.dropping = false;
                    } else {
                        v.dropNext = controlLaw(v.dropNext, v);
                    }
                }
            }
        } else if (drop) {
            if (ecn && p.setCe()) {
                stats.ecnMark++;
            } else {
                stats.dropLen += p.length;
                queue.codelDrop(p, nowNs);
                stats.dropCount++;
                p = queue.dequeueHead(v);
                shouldDrop(p, queue, v, now); // refreshes ldelay and first_above_time only
            }
            v.dropping = true;
            enterDropping(v, now);
        }
        return ceThresholdMark(p, v);
    }

    /**
     * Count reuse: if we were dropping recently (within 16 intervals of the last scheduled drop) start from the
     * drop rate that controlled the queue last time.
     */
    private void enterDropping(CodelVars v, long now) {
        int delta = v.count - v.lastcount;
        if (Integer.compareUnsigned(delta, 1) > 0 && before(now - v.dropNext, 16 * interval)) {
            v.count = delta;
            newtonStep(v);
        } else {
            v.count = 1;
            v.recInvSqrt = 0xFFFF;
        }
        v.lastcount = v.count;
        v.dropNext = controlLaw(now, v);
    }

    private Packet ceThresholdMark(Packet p, CodelVars v) {
        if (p != null && after(v.ldelay, ceThreshold) && p.setCe()) {
            stats.ceMark++;
        }
        return p;
    }

    /** {@code codel_should_drop}, kernel-spec §1.4, on the packet just dequeued (backlog already excludes it). */
    private boolean shouldDrop(Packet p, CodelQueue queue, CodelVars v, long now) {
        if (p == null) {
            v.firstAboveTime = 0;
            return false;
        }
        v.ldelay = linux ? (now - time(p.enqueuedAt)) & U32 : now - p.enqueuedAt;
        if (p.length > stats.maxpacket) {
            stats.maxpacket = p.length;
        }
        if (before(v.ldelay, target) || queue.backlog(v) <= mtu) {
            v.firstAboveTime = 0; // went below: stay below for at least an interval
            return false;
        }
        if (v.firstAboveTime == 0) {
            v.firstAboveTime = wrap(now + interval);
            return false;
        }
        return linux ? after(now, v.firstAboveTime) : now >= v.firstAboveTime;
    }

    /** {@code t + interval / √count}. */
    private long controlLaw(long t, CodelVars v) {
        if (linux) {
            long scaled = (interval * ((long) v.recInvSqrt << 16)) >>> 32; // reciprocal_scale
            return (t + scaled) & U32;
        }
        return t + Math.round(interval / Math.sqrt(Integer.toUnsignedLong(v.count)));
    }

    /**
     * One Newton–Raphson step towards 1/√count in Q0.16 ({@code codel_Newton_step}), in u64 arithmetic: Java's
     * long multiply keeps the same low 64 bits as C's, and unsigned shifts read them as u64.
     */
    private void newtonStep(CodelVars v) {
        if (!linux) {
            return; // exact arithmetic computes 1/√count when it needs it
        }
        long invsqrt = ((long) v.recInvSqrt) << 16;
        long invsqrt2 = (invsqrt * invsqrt) >>> 32;
        long val = (3L << 32) - Integer.toUnsignedLong(v.count) * invsqrt2;
        val >>>= 2; // avoid overflow in the next multiply
        val = (val * invsqrt) >>> (32 - 2 + 1);
        v.recInvSqrt = (int) (val >>> 16) & 0xFFFF;
    }

    private long wrap(long t) {
        return linux ? t & U32 : t;
    }

    private boolean before(long a, long b) {
        return linux ? (int) (a - b) < 0 : a < b;
    }

    private boolean after(long a, long b) {
        return linux ? (int) (a - b) > 0 : a > b;
    }

    private boolean afterEq(long a, long b) {
        return linux ? (int) (a - b) >= 0 : a >= b;
    }
}
