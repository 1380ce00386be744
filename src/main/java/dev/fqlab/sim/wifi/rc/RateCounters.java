package dev.fqlab.sim.wifi.rc;

import dev.fqlab.sim.result.RateResult;
import java.util.ArrayList;
import java.util.List;

/**
 * What one direction of a station's traffic did at each rate of its rate control: MPDU attempts, MPDUs acknowledged
 * and air time. Arrays sized once; counting allocates nothing.
 */
public final class RateCounters {
    private final RateControl rc;
    private final long[] attempts;
    private final long[] successes;
    private final long[] airtimeNs;

    public RateCounters(RateControl rc) {
        this.rc = rc;
        int n = rc.rateSlots();
        this.attempts = new long[n];
        this.successes = new long[n];
        this.airtimeNs = new long[n];
    }

    /** One attempt of a PPDU of {@code mpdus} MPDUs at {@code rate}, which held the air for {@code airtime}. */
    public void attempt(int rate, int mpdus, long airtime) {
        attempts[rate] += mpdus;
        airtimeNs[rate] += airtime;
    }

    /** The peer acknowledged {@code mpdus} MPDUs of an attempt at {@code rate}. */
    public void acked(int rate, int mpdus) {
        successes[rate] += mpdus;
    }

    /** The rates that were tried, in the rate control's index order. */
    public List<RateResult> results(String direction) {
        List<RateResult> rows = new ArrayList<>();
        for (int r = 0; r < attempts.length; r++) {
            if (attempts[r] > 0) {
                rows.add(new RateResult(direction, rc.rateName(r), attempts[r], successes[r], airtimeNs[r]));
            }
        }
        return rows;
    }
}
