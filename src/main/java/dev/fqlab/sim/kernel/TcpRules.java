package dev.fqlab.sim.kernel;

/**
 * The TCP transmit-path rules of one kernel profile (net/ipv4/tcp_output.c, net/ipv4/tcp_ipv4.c
 * {@code tcp_sk_init}, net/sched/sch_fq.c of the named versions). See {@link KernelProfile} for the sources.
 *
 * @param limitOutputBytes {@code sysctl_tcp_limit_output_bytes}, TCP Small Queues' cap: 131072 at TSQ's
 *                         introduction (v3.6, "two TSO segments"), 262144 ("four TSO segments") in v4.16,
 *                         16 × 65536 = 1 MiB from c73e5807e4f6 (v4.20) in tcp_sk_init, 4 MiB from Eric Dumazet's
 *                         "tcp: increase tcp_limit_output_bytes default value to 4MB" (net-next, 2025-05-13, v6.16)
 * @param tsqCapsPacedFlows whether the cap applies to every socket (v4.16) or only to sockets with
 *                          {@code sk_pacing_status == SK_PACING_NONE} (c73e5807e4f6 "tcp: tsq: no longer use
 *                          limit_output_bytes for paced flows", v4.20)
 * @param edtPacing the Earliest Departure Time model (v4.20): {@code tcp_wstamp_ns}, skb departure stamps that fq
 *                  honours, the first 10 segments unpaced and the jitter credit; v4.16 has
 *                  {@code tcp_internal_pacing} instead and fq paces at {@code sk_pacing_rate} itself
 * @param gsoAlwaysOn whether TCP always builds GSO skbs ("tcp: switch to GSO being always on", v4.17); fqlab sends
 *                    one segment per packet either way; from v4.17 TSQ's floor counts the GSO skb
 *                    TCP would build ({@code TcpSmallQueues}; see the README)
 * @param tsoRttLog {@code sysctl_tcp_tso_rtt_log} ("tcp: adjust TSO packet sizes based on min_rtt", 2022, v5.18):
 *                  9, or 0 for kernels without the min-RTT allowance in {@code tcp_tso_autosize}
 * @param fqBands sch_fq's three priority bands with per-band limits ("net_sched: sch_fq: add 3 bands and WRR
 *                scheduling") and its fast path ("add fast path for mostly idle qdisc"), both autumn 2023, v6.7;
 *                before, {@code limit} bounds the whole qdisc
 * @param fqHorizon sch_fq's {@code horizon} check of departure stamps (2020: in 5.10, not in 4.16)
 * @param hystartMs CUBIC's HyStart before Eric Dumazet's v5.7 series ("tcp_cubic: switch bictcp_clock() to usec
 *                  resolution" and the rest): a millisecond clock, RTTs in 1/8 ms, an ACK-train threshold of half
 *                  the minimum RTT, rounds restarted in {@code bictcp_cong_avoid} (v4.16); else v6.6's
 * @param gsoHeadTruesize the truesize of a TCP skb's head before its payload pages are added (0 without GSO):
 *                        {@code tcp_stream_alloc_skb} asks {@code alloc_skb_fclone(MAX_TCP_HEADER)}, so
 *                        {@code kmalloc(SKB_DATA_ALIGN(320) + 320)} = kmalloc-1024 and {@code SKB_TRUESIZE(1024 − 320)}
 *                        = 1280 until v6.3; from bf9f1baa279f "net: add dedicated kmem_cache for typical/small
 *                        skb->head" (v6.3) the head comes from {@code skb_small_head_cache} of
 *                        {@code SKB_SMALL_HEAD_CACHE_SIZE} = 640 bytes, truesize 640 + 256 = 896 (see
 *                        {@link dev.fqlab.sim.packet.Truesize#gsoSkb})
 */
public record TcpRules(long limitOutputBytes, boolean tsqCapsPacedFlows, boolean edtPacing, boolean gsoAlwaysOn,
                       int tsoRttLog, boolean fqBands, boolean fqHorizon, boolean hystartMs, int gsoHeadTruesize) {

    /** v4.16 (early 2018, seed 002's kernel). */
    static final TcpRules V4_16 = new TcpRules(262_144, true, false, false, 0, false, false, true, 0);
    /** v5.10: EDT, GSO always on, 1 MiB cap for unpaced sockets only, no min-RTT TSO allowance. */
    static final TcpRules V5_10 = new TcpRules(1 << 20, false, true, true, 0, false, true, false, 1280);
    /** v6.1: as 5.10 with the min-RTT TSO allowance. */
    static final TcpRules V6_1 = new TcpRules(1 << 20, false, true, true, 9, false, true, false, 1280);
    /** v6.6: as 6.1 with the small skb-head cache. */
    static final TcpRules V6_6 = new TcpRules(1 << 20, false, true, true, 9, false, true, false, 896);
    /** v6.12: fq's bands and fast path. */
    static final TcpRules V6_12 = new TcpRules(1 << 20, false, true, true, 9, true, true, false, 896);
    /** v6.16 and later: the 4 MiB cap. */
    static final TcpRules V6_18 = new TcpRules(4 << 20, false, true, true, 9, true, true, false, 896);

    /** {@code sysctl_tcp_min_tso_segs}: at least two segments per TSO skb (every modelled version). */
    public static final int MIN_TSO_SEGS = 2;
    /** {@code sk_pacing_shift} as {@code sock_init_data} sets it (every modelled version). */
    public static final int DEFAULT_PACING_SHIFT = 10;
}
