package dev.fqlab.sim.stats;

/**
 * The part of a flow's {@link FlowStats} that a delivery of a one-way flow does not touch (results.md's packet
 * counters, the up direction of a two-way flow), declared in a superclass so that HotSpot lays these fields out
 * first and the delivery's fields last, beside the flow's latency recorder (JDK-8237767's field layout; issue 16).
 * Only a layout: {@link FlowStats} is the type everyone uses.
 */
abstract class FlowTotals {
    long sentPackets;
    long sentBytes;
    long droppedPackets;
    long ecnMarks;
    long reorderedPackets;
    /** Highest sequence number delivered so far up, for reorder detection (fields: one object less). */
    long maxUpSeq = -1;
    /** Only two-way flows (ping) have up latencies: created at the first. */
    LatencyRecorder upLatency;
}
