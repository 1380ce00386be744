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
    /** MPDU receptions drawn (both directions) and how many were lost. */
    long mpdusDrawn;
    long mpduErrors;
    long downGoodputBytes;
    long upGoodputBytes;
    long intervalGoodputBytes;
    long intervalTxAirtimeNs;
    long intervalRxAirtimeNs;
    long intervalDownPpdus;
    long intervalDownMpdus;

    StationStats(long warmupNs) {
        this.warmupNs = warmupNs;
    }

    /** A TXOP between the AP and the station: {@code up} when the station sent (the AP's RX airtime). */
    void txop(long airtimeNs, int mpdus, boolean up, long now) {
        ppdus++;
        this.mpdus += mpdus;
        if (up) {
            intervalRxAirtimeNs += airtimeNs;
        } else {
            intervalTxAirtimeNs += airtimeNs;
            intervalDownPpdus++;
            intervalDownMpdus += mpdus;
        }
        if (now >= warmupNs) {
            this.airtimeNs += airtimeNs;
        }
    }

    /** One MPDU's reception was drawn: {@code ok} when it arrived. */
    void drawn(boolean ok) {
        mpdusDrawn++;
        if (!ok) {
            mpduErrors++;
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

    long takeIntervalTxAirtime() {
        long v = intervalTxAirtimeNs;
        intervalTxAirtimeNs = 0;
        return v;
    }

    long takeIntervalRxAirtime() {
        long v = intervalRxAirtimeNs;
        intervalRxAirtimeNs = 0;
        return v;
    }

    /** Mean MPDUs per PPDU the AP sent the station since the last call; NaN without one. */
    double takeIntervalAggregateSize() {
        double v = intervalDownPpdus == 0 ? Double.NaN : (double) intervalDownMpdus / intervalDownPpdus;
        intervalDownPpdus = 0;
        intervalDownMpdus = 0;
        return v;
    }
}
