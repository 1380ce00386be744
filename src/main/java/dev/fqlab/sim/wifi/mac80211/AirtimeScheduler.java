package dev.fqlab.sim.wifi.mac80211;

import dev.fqlab.sim.scenario.SchedulerSpec;

/**
 * mac80211's airtime deficit round robin, kernel-spec §4.3 (v5.1–v5.13 and again v6.0+): a deficit in µs per
 * station and AC, started at and topped up by the station's quantum ({@code quantumUs × weight / 256}); airtime
 * is charged after the fact (TX at completion, RX when received, if {@code chargeRx}). A station whose deficit
 * is negative is topped up and rotated to the tail; a served TXQ that still has frames goes back to the head, so
 * the same station is served again in the next pass until its deficit runs out. With AQL a throttled TXQ is rotated
 * to the tail too, and a full rotation without an eligible TXQ ends the search (since v5.5); from v6.0 the deficit
 * that counts is less the station's pending airtime ({@code ieee80211_sta_deficit},
 * {@link dev.fqlab.sim.kernel.KernelProfile#aqlPendingCountsAgainstDeficit()}).
 */
final class AirtimeScheduler extends TxqScheduler {
    /** Per station and AC at {@code 4 station + ac}: one array, not an array per station (a load fewer; issue 16). */
    private final long[] deficitNs;
    private final long[] quantumNs;
    private final boolean chargeRx;

    AirtimeScheduler(SchedulerSpec.Airtime spec, int stations, int[] weights, Aql aql) {
        super(aql);
        this.chargeRx = spec.chargeRx();
        this.quantumNs = new long[stations];
        this.deficitNs = new long[stations * 4];
        for (int s = 0; s < stations; s++) {
            quantumNs[s] = spec.quantumUs() * 1_000L * weights[s] / 256;
            for (int ac = 0; ac < 4; ac++) {
                deficitNs[4 * s + ac] = quantumNs[s];
            }
        }
    }

    /**
     * A station whose deficit (less its pending AQL airtime) is negative is topped up and waits for the next
     * rotation; one that AQL throttles waits too.
     */
    @Override
    protected boolean mayServe(Txq t, int ac, boolean aqlAllows) {
        long deficit = deficitNs[4 * t.station + ac]
                - (aql.pendingCountsAgainstDeficit() ? aql.pendingNs(t.station, ac) : 0);
        if (deficit < 0) {
            deficitNs[4 * t.station + ac] += quantumNs[t.station];
        }
        return deficit >= 0 && aqlAllows;
    }

    @Override
    public void giveBack(Txq txq) {
        if (txq.hasWork() && !txq.scheduled) {
            addHead(txq);
        }
    }

    @Override
    public void chargeAirtime(int station, int ac, long txNs, long rxNs) {
        deficitNs[4 * station + ac] -= txNs + (chargeRx ? rxNs : 0);
    }

    long deficitNs(int station, int ac) {
        return deficitNs[4 * station + ac];
    }
}
