package dev.fqlab.sim.result;

import com.fasterxml.jackson.annotation.JsonInclude;

/**
 * A qdisc's counters as {@code tc -s qdisc} shows them: the generic line (sent, dropped, overlimits,
 * requeues, backlog) for every type, plus the type's xstats (null, and omitted, where the type has none).
 * fq_codel: maxpacket, drop_overlimit, drop_overmemory, new_flow_count, ecn_mark, ce_mark, memory_used,
 * new_flows_len, old_flows_len. codel: maxpacket, drop_overlimit, ecn_mark, ce_mark (and its state
 * count/lastcount/ldelay/dropping as {@code codelCount}, {@code codelLastCount}, {@code ldelayMs}, {@code dropping}).
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record QdiscResult(
        String type,
        long sentBytes,
        long sentPackets,
        long dropped,
        long overlimits,
        long requeues,
        long backlogBytes,
        long backlogPackets,
        Long maxPacket,
        Long dropOverlimit,
        Long dropOvermemory,
        Long newFlowCount,
        Long ecnMark,
        Long ceMark,
        Long memoryUsed,
        Long newFlowsLen,
        Long oldFlowsLen,
        Long codelCount,
        Long codelLastCount,
        Double ldelayMs,
        Boolean dropping) {
}
