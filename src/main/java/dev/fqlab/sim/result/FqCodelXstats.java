package dev.fqlab.sim.result;

/**
 * fq_codel's xstats ({@code struct tc_fq_codel_qd_stats}, {@code net/sched/sch_fq_codel.c fq_codel_dump_stats}):
 * maxpacket, drop_overlimit, drop_overmemory, new_flow_count, ecn_mark, ce_mark, memory_used, new_flows_len,
 * old_flows_len. Totals over the whole run except {@code memoryUsed} and the two list lengths (at the end).
 */
public record FqCodelXstats(long maxPacket, long dropOverlimit, long dropOvermemory, long newFlowCount, long ecnMark,
                            long ceMark, long memoryUsed, long newFlowsLen, long oldFlowsLen) {
}
