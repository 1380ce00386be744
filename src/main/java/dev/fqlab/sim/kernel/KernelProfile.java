package dev.fqlab.sim.kernel;

import dev.fqlab.sim.scenario.schema.JsonEnum;

/**
 * The Linux versions fqlab models (scenario {@code kernel}) and the rules that changed between them, from
 * include/net/codel.h, include/net/codel_impl.h, net/mac80211/sta_info.c and net/mac80211/tx.c of those versions.
 *
 * <p>A profile names a stable series as users run it today (its latest point release where a backport changed a
 * rule), not its .0 release. The rules:
 * <ul>
 *   <li><b>Slow-station CoDel</b> ({@link #slowStationCodel}): {@code sta_update_codel_params} in sta_info.c gave a
 *       station whose rate control's expected throughput is non-zero and below {@code STA_SLOW_THRESHOLD} (6000
 *       kbit/s) × the number of associated stations CoDel target 50 ms, interval 300 ms and no ECN; every other
 *       station 20 ms / 100 ms / ECN. Added by 484a54c2e597 "mac80211: Dynamically set CoDel parameters per
 *       station" (present in a v4.16 tree, absent from a v4.9 one); removed by its revert 4876376988081d (posted
 *       for wireless-next on 2025-04-03, pulled in wireless-next-2025-05-06, so mainline v6.16), which stable
 *       backported to 6.15.y, 6.14.y and 6.12.y (6.12.35, 2025-06-27). Whether 6.6.y and 6.1.y took it was not
 *       verified: their profiles keep the rule as released.</li>
 *   <li><b>AQL per-AC gate</b> ({@link #aqlPerAcGate}): {@code ieee80211_txq_schedule_airtime_check} in tx.c opens
 *       a scheduling round ({@code ieee80211_txq_schedule_start}) only while the AC's pending airtime of all
 *       stations is below {@code (active TXQs − 1) × aql_txq_limit_low / 2 + aql_txq_limit_high}; otherwise
 *       {@code schedule_round} is 0 and {@code ieee80211_next_txq} returns nothing. From "mac80211: add a per-PHY
 *       AQL limit to improve fairness" (Felix Fietkau, posted 2022-06-25; kernel-spec §0: 8e4bac067105), v6.0.</li>
 *   <li><b>Deficit less pending airtime</b> ({@link #aqlPendingCountsAgainstDeficit}): from the same v6.0 series
 *       ({@code ieee80211_sta_deficit}: {@code deficit − aql_tx_pending}; kernel-spec §0: 9c1be3cde004).</li>
 *   <li><b>CoDel drop cap</b> ({@link #codelMaxDropsPerDequeue}): codel.h's {@code CODEL_MAX_DROPS_PER_DEQUEUE}
 *       (256): the catch-up loop of {@code codel_dequeue} stops after 256 drops and sets {@code drop_next} to
 *       {@code control_law(now)} ("resync"). Only in the newest upstream code stored (torvalds/linux codel.h after
 *       v6.18; the patch as applied in intel-lab-lkp/linux ceaf75c47442); no stable series has it, so only
 *       {@link #MAINLINE} models it. fq_codel's {@code drop_batch_size} is a different limit (overlimit drops at
 *       enqueue, since 2016) and is the same in every profile.</li>
 *   <li><b>CoDel forgets first_above_time on an empty queue</b> ({@link #codelResetsOnEmpty}): 815980fe6dbb
 *       "net_sched: codel: fix stale state for empty flows in fq_codel" (2026-03-23), in the same newest code as the
 *       cap; older kernels clear only {@code dropping} when the queue is found empty.</li>
 *   <li><b>TCP transmit path and sch_fq</b> ({@link #tcp}, {@link TcpRules}): TSQ's cap
 *       {@code tcp_limit_output_bytes} (256 KiB in 4.16, 1 MiB from 4.20, 4 MiB from 6.16) and whether it caps
 *       paced sockets (only 4.16), the Earliest Departure Time pacing model (4.20+), GSO always on (4.17+), the
 *       min-RTT allowance of {@code tcp_tso_autosize} (5.18+), sch_fq's bands and fast path (6.7+) and horizon
 *       (2020, so 5.10+).</li>
 * </ul>
 * The same in every modelled version, so not a profile rule: the mac80211 TXQ memory limit (16 MB when a band of
 * the radio supports VHT, else 4 MB: tx.c {@code ieee80211_txq_setup_flows}, the default of
 * {@code txqs.memoryLimitBytes}), AQL itself (v5.5) and the round-robin airtime DRR scheduler (v5.1–v5.13, again
 * from v6.0; 5.14–5.19's virtual-time scheduler is not modelled, hence no 5.15 profile).
 */
public enum KernelProfile implements JsonEnum {
    /**
     * 4.16 (early 2018, seed 002's kernel): only its TCP and fq rules differ from 5.10 ({@link TcpRules#V4_16});
     * its mac80211 rules are 5.10's, since the scheduler, AQL and driver are the scenario's own stack settings.
     */
    LINUX_4_16("4.16", true, false, false, 0, false, TcpRules.V4_16),
    /** 5.10 LTS: AQL and airtime DRR, the slow-station rule, no per-AC gate. */
    LINUX_5_10("5.10", true, false, false, 0, false, TcpRules.V5_10),
    /** 6.1 LTS: the v6.0 scheduler (per-AC gate, deficit less pending airtime), the slow-station rule. */
    LINUX_6_1("6.1", true, true, true, 0, false, TcpRules.V6_1),
    /** 6.6 LTS: as 6.1 but for the small skb-head cache (v6.3) in TCP's GSO skbs. */
    LINUX_6_6("6.6", true, true, true, 0, false, TcpRules.V6_6),
    /** 6.12 LTS as of 6.12.35 and later: the slow-station rule reverted. */
    LINUX_6_12("6.12", false, true, true, 0, false, TcpRules.V6_12),
    /** 6.18 LTS (the default). */
    LINUX_6_18("6.18", false, true, true, 0, false, TcpRules.V6_18),
    /** The newest upstream code stored (after v6.18): CoDel's drop cap and its empty-queue reset. */
    MAINLINE("mainline", false, true, true, 256, true, TcpRules.V6_18);

    /** The profile a scenario gets unless it names one: the newest long-term-support series modelled. */
    public static final KernelProfile DEFAULT = LINUX_6_18;

    private final String json;
    private final boolean slowStationCodel;
    private final boolean aqlPerAcGate;
    private final boolean aqlPendingCountsAgainstDeficit;
    private final int codelMaxDropsPerDequeue;
    private final boolean codelResetsOnEmpty;
    private final TcpRules tcp;

    KernelProfile(String json, boolean slowStationCodel, boolean aqlPerAcGate, boolean aqlPendingCountsAgainstDeficit,
                  int codelMaxDropsPerDequeue, boolean codelResetsOnEmpty, TcpRules tcp) {
        this.json = json;
        this.slowStationCodel = slowStationCodel;
        this.aqlPerAcGate = aqlPerAcGate;
        this.aqlPendingCountsAgainstDeficit = aqlPendingCountsAgainstDeficit;
        this.codelMaxDropsPerDequeue = codelMaxDropsPerDequeue;
        this.codelResetsOnEmpty = codelResetsOnEmpty;
        this.tcp = tcp;
    }

    /** TCP Small Queues, pacing, GSO/TSO and sch_fq rules of this version ({@link TcpRules}). */
    public TcpRules tcp() {
        return tcp;
    }

    @Override
    public String json() {
        return json;
    }

    /** Whether mac80211 gives slow stations CoDel 50 ms / 300 ms without ECN ({@code sta_update_codel_params}). */
    public boolean slowStationCodel() {
        return slowStationCodel;
    }

    /** Whether a scheduling round opens only below the AC's airtime limit ({@code ieee80211_txq_schedule_airtime_check}). */
    public boolean aqlPerAcGate() {
        return aqlPerAcGate;
    }

    /** Whether the airtime scheduler counts a station's pending AQL airtime against its deficit. */
    public boolean aqlPendingCountsAgainstDeficit() {
        return aqlPendingCountsAgainstDeficit;
    }

    /** Drops one {@code codel_dequeue} may make before it resyncs {@code drop_next}; 0 = no cap. */
    public int codelMaxDropsPerDequeue() {
        return codelMaxDropsPerDequeue;
    }

    /** Whether {@code codel_dequeue} clears {@code first_above_time} when it finds the queue empty. */
    public boolean codelResetsOnEmpty() {
        return codelResetsOnEmpty;
    }
}
