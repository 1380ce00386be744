package dev.fqlab.sim.stats;

import dev.fqlab.sim.packet.Packet;

/**
 * What the endpoints of one flow observe. As results.md says, packet and byte counters are totals over the whole
 * run, while goodput and latency cover the measurement window ({@code now ≥ warmup}); {@code outstanding} (sent,
 * neither delivered nor dropped yet) is the value now. With time series, deliveries also go to the series' interval
 * log ({@link FlowSeriesLog}).
 */
public final class FlowStats extends FlowTotals {
    /** Bytes of IP + UDP header that are not goodput. */
    public static final int UDP_IP_HEADER = 28;

    /*
     * What a delivery reads and writes, declared here, after FlowTotals' fields: HotSpot lays a subclass's fields
     * out after its superclass's, so these end the object, next to the latency recorder allocated right after it —
     * a delivery touches one run of about 110 bytes (two or three cache lines), not all of a 128-byte object and
     * then the recorder (issue 16: with thousands of flows each of those lines is a cache miss).
     */
    private final long warmupNs;
    /** Highest sequence number delivered so far down, for reorder detection (up: {@link FlowTotals}). */
    private long maxDownSeq = -1;
    long deliveredPackets;
    long deliveredBytes;
    long goodputBytes;
    /** This flow's entry in the series' log for its latest interval with a delivery. */
    private int seriesEntry = -1;
    /** The series' log (null without series), where this flow's deliveries go as flow {@code index}. */
    private FlowSeriesLog series;
    private int index;
    private final LatencyRecorder latency = new LatencyRecorder();

    public FlowStats(long warmupNs) {
        this.warmupNs = warmupNs;
    }

    public void sent(Packet p, long now) {
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

    /** Packets sent and still in a queue or on a wire: every packet sent is delivered, dropped or still on its way. */
    public long outstanding() {
        return sentPackets - deliveredPackets - droppedPackets;
    }

    /** From now on, deliveries go to {@code series} as flow {@code index}'s. */
    void reportTo(FlowSeriesLog series, int index) {
        this.series = series;
        this.index = index;
    }
}
