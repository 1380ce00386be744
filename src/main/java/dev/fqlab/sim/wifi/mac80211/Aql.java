package dev.fqlab.sim.wifi.mac80211;

import dev.fqlab.sim.kernel.KernelProfile;
import dev.fqlab.sim.scenario.AqlSpec;

/**
 * Airtime Queue Limits, kernel-spec §4.5: estimated airtime is added per station and AC when a frame leaves its
 * TXQ and removed at TX completion; a TXQ may hand out frames while its station has less than {@code low}
 * pending, or less than {@code high} while the radio as a whole has less than {@code threshold} pending.
 *
 * <p>From v6.0 (net/mac80211/tx.c {@code ieee80211_txq_schedule_airtime_check}, "mac80211: add a per-PHY AQL limit
 * to improve fairness"; {@link KernelProfile#aqlPerAcGate()}) the radio's pending airtime is also kept per AC
 * ({@code aql_ac_pending_airtime}), and a scheduling round of an AC opens only while it is below
 * {@code (TXQs on the AC's active list − 1) × low / 2 + high}, in the kernel's u32 arithmetic.
 */
public final class Aql {
    private static final long U32 = 0xFFFF_FFFFL;

    private final boolean enabled;
    private final long lowNs;
    private final long highNs;
    private final long thresholdNs;
    private final long lowUs;
    private final long highUs;
    private final boolean perAcGate;
    private final boolean pendingCountsAgainstDeficit;
    /** Per station and AC at {@code 4 station + ac}: one array, not an array per station (a load fewer; issue 16). */
    private final long[] pendingNs;
    private final long[] acPendingNs = new long[4];
    private long totalNs;

    /** @param profile the kernel version: whether the per-AC gate exists and pending airtime counts in the deficit */
    public Aql(AqlSpec spec, int stations, KernelProfile profile) {
        this.enabled = spec.enabled();
        this.lowNs = spec.lowUs() * 1_000L;
        this.highNs = spec.highUs() * 1_000L;
        this.thresholdNs = spec.thresholdUs() * 1_000L;
        this.lowUs = spec.lowUs();
        this.highUs = spec.highUs();
        this.perAcGate = profile.aqlPerAcGate();
        this.pendingCountsAgainstDeficit = profile.aqlPendingCountsAgainstDeficit();
        this.pendingNs = new long[stations * 4];
    }

    /** With the default kernel profile ({@link KernelProfile#DEFAULT}): for tests of AQL alone. */
    public Aql(AqlSpec spec, int stations) {
        this(spec, stations, KernelProfile.DEFAULT);
    }

    /** {@code ieee80211_txq_airtime_check}. */
    public boolean mayDequeue(int station, int ac) {
        if (!enabled) {
            return true;
        }
        long pending = pendingNs[4 * station + ac];
        return pending < lowNs || (totalNs < thresholdNs && pending < highNs);
    }

    /**
     * {@code ieee80211_txq_schedule_airtime_check}: whether a scheduling round of {@code ac} may start while
     * {@code activeTxqs} TXQs are on its list. Always with AQL off or before v6.0.
     */
    public boolean roundMayStart(int ac, int activeTxqs) {
        if (!enabled || !perAcGate) {
            return true;
        }
        // u32: (num_txq − 1) × aql_txq_limit_low / 2 + aql_txq_limit_high (an empty list wraps to a huge limit)
        long limitUs = (((((activeTxqs - 1L) & U32) * lowUs) & U32) / 2 + highUs) & U32;
        return acPendingNs[ac] / 1_000 < limitUs;
    }

    /** Whether the airtime scheduler's deficit counts the station's pending airtime ({@code ieee80211_sta_deficit}). */
    public boolean pendingCountsAgainstDeficit() {
        return pendingCountsAgainstDeficit;
    }

    public void dequeued(int station, int ac, long estimateNs) {
        if (enabled) {
            pendingNs[4 * station + ac] += estimateNs;
            acPendingNs[ac] += estimateNs;
            totalNs += estimateNs;
        }
    }

    /** TX status: the estimate comes off again, never below zero. */
    public void completed(int station, int ac, long estimateNs) {
        if (enabled) {
            long before = pendingNs[4 * station + ac];
            long after = Math.max(0, before - estimateNs);
            pendingNs[4 * station + ac] = after;
            acPendingNs[ac] = Math.max(0, acPendingNs[ac] - (before - after));
            totalNs = Math.max(0, totalNs - (before - after));
        }
    }

    /** The AC's pending airtime over all stations ({@code aql_ac_pending_airtime}). */
    public long acPendingNs(int ac) {
        return acPendingNs[ac];
    }

    public long pendingNs(int station, int ac) {
        return pendingNs[4 * station + ac];
    }

    public boolean enabled() {
        return enabled;
    }
}
