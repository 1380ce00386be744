package dev.fqlab.sim.stats;

import dev.fqlab.sim.packet.Packet;

/**
 * What the endpoints of one flow observe. As results.md says, packet and byte counters are totals over the whole
 * run, while goodput and latency cover the measurement window ({@code now ≥ warmup}); {@code outstanding} (sent,
 * neither delivered nor dropped yet) is the value now. The per-interval accumulators feed the time series.
 */
public final class FlowStats {
    /** Bytes of IP + UDP header that are not goodput. */
    public static final int UDP_IP_HEADER = 28;

    private final long warmupNs;
    private final LatencyRecorder latency = new LatencyRecorder();
    /** Only two-way flows (ping) have up latencies: created at the first. */
    private LatencyRecorder upLatency;
    /** Highest sequence number delivered so far, per direction, for reorder detection (fields: one object less). */
    private long maxDownSeq = -1;
    private long maxUpSeq = -1;

    long sentPackets;
    long sentBytes;
    long deliveredPackets;
    long deliveredBytes;
    long goodputBytes;
    long droppedPackets;
    long ecnMarks;
    long reorderedPackets;
    long outstanding;

    long intervalGoodputBytes;
    long intervalLatencySumNs;
    long intervalLatencyCount;
    /** The series' list of flows with a delivery in the current interval (null without series), and this flow's index. */
    private IntervalActivity activity;
    private int index;

    public FlowStats(long warmupNs) {
        this.warmupNs = warmupNs;
    }

    public void sent(Packet p, long now) {
        outstanding++;
        sentPackets++;
        sentBytes += p.ipBytes;
    }

    /**
     * A packet reached its receiver. One-way latency is from the hand-over to the stack until now; up packets of
     * a two-way flow (ping) go to the up-latency distribution. The goodput is the UDP payload.
     *
     * @return the goodput bytes it delivered
     */
    public long delivered(Packet p, long now) {
        long goodput = p.ipBytes - UDP_IP_HEADER;
        delivered(p, now, goodput, true, p.up ? upLatency() : latency);
        return goodput;
    }

    /**
     * A TCP packet reached its receiver: a data segment delivers {@code goodput} (new payload now in order, 0 for a
     * duplicate or out-of-order segment) and is a latency sample whatever its direction; a pure ACK or handshake
     * segment only counts as a packet.
     */
    public void deliveredTcp(Packet p, long now, long goodput, boolean data) {
        delivered(p, now, goodput, data, latency);
    }

    private void delivered(Packet p, long now, long goodput, boolean latencySample, LatencyRecorder into) {
        outstanding--;
        boolean reordered;
        if (p.up) {
            reordered = p.seq < maxUpSeq;
            if (!reordered) {
                maxUpSeq = p.seq;
            }
        } else {
            reordered = p.seq < maxDownSeq;
            if (!reordered) {
                maxDownSeq = p.seq;
            }
        }
        long delay = now - p.sentAt;
        if (activity != null) {
            activity.mark(index);
        }
        intervalGoodputBytes += goodput;
        if (latencySample) {
            intervalLatencySumNs += delay;
            intervalLatencyCount++;
        }
        deliveredPackets++;
        deliveredBytes += p.ipBytes;
        if (p.ecn == 3) {
            ecnMarks++;
        }
        if (reordered) {
            reorderedPackets++;
        }
        if (now >= warmupNs) {
            goodputBytes += goodput;
            if (latencySample) {
                into.record(delay);
            }
        }
    }

    public void dropped(Packet p, long now) {
        outstanding--;
        droppedPackets++;
    }

    public LatencyRecorder latency() {
        return latency;
    }

    public LatencyRecorder upLatency() {
        if (upLatency == null) {
            upLatency = new LatencyRecorder();
        }
        return upLatency;
    }

    public long sentPackets() {
        return sentPackets;
    }

    public long sentBytes() {
        return sentBytes;
    }

    public long deliveredPackets() {
        return deliveredPackets;
    }

    public long deliveredBytes() {
        return deliveredBytes;
    }

    /** Application payload delivered in the measurement window. */
    public long goodputBytes() {
        return goodputBytes;
    }

    public long droppedPackets() {
        return droppedPackets;
    }

    public long ecnMarks() {
        return ecnMarks;
    }

    public long reorderedPackets() {
        return reorderedPackets;
    }

    /** Packets sent and still in a queue or on a wire. */
    public long outstanding() {
        return outstanding;
    }

    /** From now on, a delivery marks flow {@code index} active in {@code activity}'s interval. */
    void reportActivity(IntervalActivity activity, int index) {
        this.activity = activity;
        this.index = index;
    }

    /** Goodput bytes delivered since the last call, resetting the accumulator. */
    long takeIntervalGoodput() {
        long v = intervalGoodputBytes;
        intervalGoodputBytes = 0;
        return v;
    }

    /** Mean one-way latency (ns) of packets delivered since the last call, NaN if none; resets. */
    double takeIntervalLatencyNs() {
        double v = intervalLatencyCount == 0 ? Double.NaN : (double) intervalLatencySumNs / intervalLatencyCount;
        intervalLatencySumNs = 0;
        intervalLatencyCount = 0;
        return v;
    }
}
