package dev.fqlab.sim.result;

import java.util.List;

/**
 * sch_fq's xstats ({@code struct tc_fq_qd_stats}, net/sched/sch_fq.c {@code fq_dump_stats}), as {@code tc -s qdisc}
 * prints them: flows, inactive and throttled flows at the end of the run, and totals over the run for the rest.
 * {@code highprioPackets}, {@code tcpRetrans} and {@code allocationErrors} are always 0 (fqlab has no
 * TC_PRIO_CONTROL traffic, the kernel itself reports tcp_retrans as 0, and allocations do not fail);
 * {@code bandDrops} and {@code bandPktCount} are per priority band (0, 1, 2; fqlab's packets all use band 1).
 */
public record FqXstats(long gcFlows, long highprioPackets, long fastpathPackets, long tcpRetrans, long throttled,
                       long flowsPlimit, long pktsTooLong, long allocationErrors, long flows, long inactiveFlows,
                       long throttledFlows, long unthrottleLatencyNs, long ceMark, long horizonDrops,
                       long horizonCaps, List<Long> bandDrops, List<Long> bandPktCount) {
}
