package dev.fqlab.sim.result;

/**
 * codel's xstats ({@code struct tc_codel_xstats}, {@code net/sched/sch_codel.c codel_dump_stats}): maxpacket,
 * drop_overlimit, ecn_mark, ce_mark, and CoDel's state at the end as {@code codelCount} (count),
 * {@code codelLastCount} (lastcount), {@code ldelayMs} (ldelay) and {@code dropping}.
 */
public record CodelXstats(long maxPacket, long dropOverlimit, long ecnMark, long ceMark, long codelCount,
                          long codelLastCount, double ldelayMs, boolean dropping) {
}
