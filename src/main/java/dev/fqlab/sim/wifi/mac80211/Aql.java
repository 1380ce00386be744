package dev.fqlab.sim.wifi.mac80211;

import dev.fqlab.sim.scenario.AqlSpec;

/**
 * Airtime Queue Limits, kernel-spec §4.5: estimated airtime is added per station and AC when a frame leaves its
 * TXQ and removed at TX completion; a TXQ may hand out frames while its station has less than {@code low}
 * pending, or less than {@code high} while the radio as a whole has less than {@code threshold} pending.
 */
public final class Aql {
    private final boolean enabled;
    private final long lowNs;
    private final long highNs;
    private final long thresholdNs;
    private final long[][] pendingNs;
    private long totalNs;

    public Aql(AqlSpec spec, int stations) {
        this.enabled = spec.enabled();
        this.lowNs = spec.lowUs() * 1_000L;
        this.highNs = spec.highUs() * 1_000L;
        this.thresholdNs = spec.thresholdUs() * 1_000L;
        this.pendingNs = new long[stations][4];
    }

    /** {@code ieee80211_txq_airtime_check}. */
    public boolean mayDequeue(int station, int ac) {
        if (!enabled) {
            return true;
        }
        long pending = pendingNs[station][ac];
        return pending < lowNs || (totalNs < thresholdNs && pending < highNs);
    }

    public void dequeued(int station, int ac, long estimateNs) {
        if (enabled) {
            pendingNs[station][ac] += estimateNs;
            totalNs += estimateNs;
        }
    }

    /** TX status: the estimate comes off again, never below zero. */
    public void completed(int station, int ac, long estimateNs) {
        if (enabled) {
            long before = pendingNs[station][ac];
            long after = Math.max(0, before - estimateNs);
            pendingNs[station][ac] = after;
            totalNs = Math.max(0, totalNs - (before - after));
        }
    }

    public long pendingNs(int station, int ac) {
        return pendingNs[station][ac];
    }

    public boolean enabled() {
        return enabled;
    }
}
