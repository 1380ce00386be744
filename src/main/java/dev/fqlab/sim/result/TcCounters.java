package dev.fqlab.sim.result;

/**
 * The counters every qdisc has ({@code struct gnet_stats_basic} and {@code gnet_stats_queue}), as {@code tc -s qdisc}
 * prints them on its "Sent … (dropped …, overlimits … requeues …)" and "backlog …b …p" lines. Counters are totals
 * over the whole run; the backlog is the value at the end.
 */
public record TcCounters(long sentBytes, long sentPackets, long dropped, long overlimits, long requeues,
                         long backlogBytes, long backlogPackets) {

    /** A qdisc that never saw a packet (noqueue, which has no queue to count). */
    public static final TcCounters NONE = new TcCounters(0, 0, 0, 0, 0, 0, 0);
}
