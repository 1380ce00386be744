package dev.fqlab.sim.stats;

import dev.fqlab.sim.core.Time;
import dev.fqlab.sim.result.TcpStats;

/**
 * A TCP sender's numbers for results.md's {@code tcp} block and the {@code cwndPackets} / {@code rttMs} series.
 * Retransmissions and RTOs are counted over the whole run, like the other counters. The mean congestion window is
 * time-weighted: the integral of cwnd over the time the connection is open (from the handshake until the last
 * byte is acknowledged), inside the measurement window, divided by that time. The mean RTT is per sample: the
 * average of the RTT samples the sender takes (one per ACK that acknowledges new data) in the measurement window.
 */
public final class TcpRecorder {
    private final long warmupNs;

    private long retransmits;
    private long rtoCount;

    private boolean open;
    private double cwnd;
    private long lastNs;
    private double windowCwndIntegral;
    private long windowOpenNs;
    private double intervalCwndIntegral;
    private long intervalOpenNs;

    private double rttSumNs;
    private long rttSamples;
    private double intervalRttSumNs;
    private long intervalRttSamples;

    public TcpRecorder(long warmupNs) {
        this.warmupNs = warmupNs;
    }

    /** The connection is established with window {@code cwnd}. */
    public void open(long now, double cwnd) {
        advance(now);
        this.open = true;
        this.cwnd = cwnd;
    }

    /** The window changed to {@code cwnd} at {@code now}. */
    public void cwnd(long now, double cwnd) {
        advance(now);
        this.cwnd = cwnd;
    }

    /** Everything is acknowledged: the window stops counting. */
    public void close(long now) {
        advance(now);
        open = false;
    }

    public void rtt(long now, long rttNs) {
        intervalRttSumNs += rttNs;
        intervalRttSamples++;
        if (now >= warmupNs) {
            rttSumNs += rttNs;
            rttSamples++;
        }
    }

    public void retransmit() {
        retransmits++;
    }

    public void rto() {
        rtoCount++;
    }

    private void advance(long now) {
        if (open && now > lastNs) {
            long dt = now - lastNs;
            intervalCwndIntegral += cwnd * dt;
            intervalOpenNs += dt;
            long from = Math.max(lastNs, warmupNs);
            if (now > from) {
                windowCwndIntegral += cwnd * (now - from);
                windowOpenNs += now - from;
            }
        }
        lastNs = Math.max(lastNs, now);
    }

    /** Time-weighted mean cwnd since the last call, NaN if the connection was not open; resets. */
    double takeIntervalCwnd(long now) {
        advance(now);
        double v = intervalOpenNs == 0 ? Double.NaN : intervalCwndIntegral / intervalOpenNs;
        intervalCwndIntegral = 0;
        intervalOpenNs = 0;
        return v;
    }

    /** Mean RTT sample (ms) since the last call, NaN without samples; resets. */
    double takeIntervalRttMs() {
        double v = intervalRttSamples == 0 ? Double.NaN : intervalRttSumNs / intervalRttSamples / Time.NS_PER_MS;
        intervalRttSumNs = 0;
        intervalRttSamples = 0;
        return v;
    }

    public long retransmits() {
        return retransmits;
    }

    public long rtoCount() {
        return rtoCount;
    }

    /** results.md {@code tcp} at the end of the run; the means are null when undefined (e.g. never connected). */
    public TcpStats result(long endNs) {
        advance(endNs);
        Double meanCwnd = windowOpenNs == 0 ? null : Numbers.round6(windowCwndIntegral / windowOpenNs);
        Double meanRtt = rttSamples == 0 ? null : Numbers.round6(rttSumNs / rttSamples / Time.NS_PER_MS);
        return new TcpStats(retransmits, rtoCount, meanCwnd, meanRtt);
    }
}
