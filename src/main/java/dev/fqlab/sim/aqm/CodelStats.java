package dev.fqlab.sim.aqm;

/**
 * CoDel counters shared by the queues of one instance (kernel-spec §1.2; {@code struct codel_stats}):
 * the whole fq_codel qdisc, or one mac80211 TXQ. Totals over the run.
 */
public final class CodelStats {
    long maxpacket;
    long dropCount;
    long dropLen;
    long ecnMark;
    long ceMark;

    public long maxpacket() {
        return maxpacket;
    }

    /** Packets CoDel dropped. */
    public long dropCount() {
        return dropCount;
    }

    public long dropLen() {
        return dropLen;
    }

    /** Packets CoDel marked CE instead of dropping. */
    public long ecnMark() {
        return ecnMark;
    }

    /** Packets marked CE because their sojourn exceeded {@code ce_threshold}. */
    public long ceMark() {
        return ceMark;
    }
}
