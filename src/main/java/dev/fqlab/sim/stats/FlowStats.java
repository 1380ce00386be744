package dev.fqlab.sim.stats;

import dev.fqlab.sim.packet.Packet;

/**
 * What the endpoints of one flow observe. As results.md says, packet and byte counters are totals over the whole
 * run, while goodput and latency cover the measurement window ({@code now ≥ warmup}); {@code outstanding} (sent,
 * neither delivered nor dropped yet) is the value now. With time series, deliveries also go to the series' interval
 * log ({@link FlowSeriesLog}).
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

    /** The series' log (null without series), where this flow's deliveries go as flow {@code index}. */
    private FlowSeriesLog series;
    private int index;
    /** This flow's entry in the series' log for its latest interval with a delivery. */
    private int seriesEntry = -1;

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
        if (series != null) {
            seriesEntry = series.delivered(index, seriesEntry, goodput, latencySample, delay);
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

    /** From now on, deliveries go to {@code series} as flow {@code index}'s. */
    void reportTo(FlowSeriesLog series, int index) {
        this.series = series;
        this.index = index;
    }
}
