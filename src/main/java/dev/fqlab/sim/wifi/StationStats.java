package dev.fqlab.sim.wifi;

/**
 * What happens on the air for one station, both directions. Airtime and goodput cover the measurement window;
 * PPDU, MPDU, retry and failure counters are totals over the run, like the other counters of results.md.
 */
public final class StationStats {
    final long warmupNs;
    long airtimeNs;
    long ppdus;
    long mpdus;
    long retries;
    long failedMpdus;
    long downGoodputBytes;
    long upGoodputBytes;
    long intervalGoodputBytes;
    long intervalAirtimeNs;

    StationStats(long warmupNs) {
        this.warmupNs = warmupNs;
    }

    void txop(long airtimeNs, int mpdus, long now) {
        ppdus++;
        this.mpdus += mpdus;
        intervalAirtimeNs += airtimeNs;
        if (now >= warmupNs) {
            this.airtimeNs += airtimeNs;
        }
    }

    /** Application payload delivered to (down) or from (up) the station. */
    public void goodput(long bytes, boolean up, long now) {
        intervalGoodputBytes += bytes;
        if (now >= warmupNs) {
            if (up) {
                upGoodputBytes += bytes;
            } else {
                downGoodputBytes += bytes;
            }
        }
    }

    public long airtimeNs() {
        return airtimeNs;
    }

    long takeIntervalGoodput() {
        long v = intervalGoodputBytes;
        intervalGoodputBytes = 0;
        return v;
    }

    long takeIntervalAirtime() {
        long v = intervalAirtimeNs;
        intervalAirtimeNs = 0;
        return v;
    }
}
