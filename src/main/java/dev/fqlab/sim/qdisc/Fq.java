package dev.fqlab.sim.qdisc;

import dev.fqlab.sim.core.Time;
import dev.fqlab.sim.kernel.Kernel;
import dev.fqlab.sim.kernel.KernelClock;
import dev.fqlab.sim.packet.DropListener;
import dev.fqlab.sim.packet.Packet;
import dev.fqlab.sim.result.FqXstats;
import dev.fqlab.sim.result.QdiscResult;
import dev.fqlab.sim.scenario.QdiscSpec;
import java.util.List;
import java.util.PriorityQueue;

/**
 * sch_fq, the Fair Queue packet scheduler with per-flow pacing (net/sched/sch_fq.c: the torvalds/linux code after
 * v6.18 as stored, commit 01857fc712f6, read for v6.12 with its {@code offload_horizon} at its default 0; older
 * profiles' differences from {@code TcpRules}). In order of the kernel's operations:
 * <ul>
 *   <li><b>enqueue</b>: over {@code limit} (per priority band from 6.7, the whole qdisc before) the packet is
 *       dropped; its departure time is {@code skb->tstamp} (a paced TCP sender's earliest departure time), else now,
 *       and one beyond {@code now + horizon} is dropped or capped (kernels from 2020); then {@code fq_classify}: a packet of a
 *       full socket of this host is its socket's flow, one without (forwarded) the flow of {@code hash &
 *       orphan_mask}; a socket seen by a pacing fq gets {@code SK_PACING_FQ}. From 6.7 a packet due now goes to
 *       the internal fast-path FIFO when nothing else is eligible (an empty qdisc, or only inactive and throttled
 *       flows and fewer than 8 fast-path packets). A flow at {@code flow_limit} packets drops the new one
 *       ({@code flows_plimit}); a detached flow joins the new-flows list, with at least {@code quantum} credit
 *       when it has been idle {@code flow_refill_delay}; a new flow starts with {@code initial_quantum}.</li>
 *   <li><b>dequeue</b>: fast-path packets first; then flows whose {@code time_next_packet} has come leave the
 *       delayed tree for the old list ({@code fq_check_throttled}); deficit round robin over new then old flows
 *       (a flow out of credit gets {@code quantum} and goes to the tail of the old list; an empty new flow moves to
 *       the old list, an empty old flow is detached); a head packet not yet due throttles its flow until
 *       {@code max(time_to_send, time_next_packet)}; a packet leaving {@code ce_threshold} late is marked CE. For a
 *       packet without a departure time, fq paces itself at {@code min(sk_pacing_rate, maxrate)}:
 *       {@code time_next_packet = now + max(len, quantum) / rate} once the flow's credit is spent (per packet at or
 *       below {@code low_rate_threshold}), less up to half for the time the dequeue was late, at most 1 s
 *       ({@code pkts_too_long}). When nothing is eligible the watchdog is set for the earliest throttled flow.</li>
 *   <li><b>garbage collection</b>: a flow detached for 3 s ({@code FQ_GC_AGE}) is freed when another packet's
 *       lookup walks its tree ({@code fq_gc}); fqlab walks the whole tree of {@code hash_ptr(key, 10)} (the kernel
 *       its search path), and the key is the modelled socket id, not a kernel address.</li>
 * </ul>
 * fqlab's packets carry {@code skb->priority} 0, so they all use band 1 ({@code sch_default_prio2band}); the
 * bands' weighted round robin then never reorders them. Not modelled: {@code timer_slack} (the watchdog fires on
 * time), {@code SO_MAX_PACING_RATE}, socket reallocation ({@code sk_hash} changes), allocation failures.
 */
public final class Fq extends QdiscCounters {
    /** {@code FQ_BANDS}. */
    public static final int BANDS = 3;
    /** The band of {@code skb->priority} 0 ({@code TC_PRIO_BESTEFFORT}) in {@code sch_default_prio2band}. */
    static final int DEFAULT_BAND = 1;
    /** {@code band_flows[i].quantum}: 9 << 16, 3 << 16, 1 << 16. */
    private static final int[] BAND_QUANTUM = {9 << 16, 3 << 16, 1 << 16};
    /** {@code FQ_GC_AGE}: 3 × HZ. */
    static final long GC_AGE_JIFFIES = 3L * KernelClock.HZ;
    /** {@code ilog2(1024)}: fq_trees_log. */
    private static final int TREES_LOG = 10;
    /** The fast path takes at most this many packets while other flows are queued. */
    private static final int FASTPATH_MAX = 8;
    private static final long NONE = Long.MAX_VALUE;

    private final FqSockets sockets;
    private final KernelClock clock;
    private final boolean bands;
    private final boolean horizonCheck;
    private final int limit;
    private final int flowLimit;
    private final int quantum;
    private final int initialQuantum;
    /** {@code flow_max_rate} in bytes/s, {@link #NONE} for {@code ~0UL}. */
    private final long maxRate;
    private final boolean rateEnable;
    private final long refillDelayJiffies;
    private final long lowRateThreshold;
    private final int orphanMask;
    private final long horizonNs;
    private final boolean horizonDrop;
    private final long ceThresholdNs;

    private final FqFlow[] socketFlows;
    private final FqFlow[] orphanFlows;
    private final FqFlow[] trees = new FqFlow[1 << TREES_LOG];
    private final FqFlow internal = new FqFlow(-1, -1, -1);
    /** Per band: new list first/last, old list first/last. */
    private final FqFlow[] newFirst = new FqFlow[BANDS];
    private final FqFlow[] newLast = new FqFlow[BANDS];
    private final FqFlow[] oldFirst = new FqFlow[BANDS];
    private final FqFlow[] oldLast = new FqFlow[BANDS];
    private final int[] bandCredit = BAND_QUANTUM.clone();
    private final PriorityQueue<FqFlow> delayed = new PriorityQueue<>((a, b) -> a.timeNextPacket != b.timeNextPacket
            ? Long.compare(a.timeNextPacket, b.timeNextPacket) : Long.compare(a.throttleOrder, b.throttleOrder));
    private Watchdog watchdog = Watchdog.NONE;
    private int bandNr;
    private long throttleOrder;
    private long timeNextDelayedFlow = NONE;
    private long unthrottleLatencyNs;

    private final long[] bandPktCount = new long[BANDS];
    private final long[] bandDrops = new long[BANDS];
    private long flows;
    private long inactiveFlows;
    private long throttledFlows;
    private long statThrottled;
    private long statGcFlows;
    private long statFlowsPlimit;
    private long statPktsTooLong;
    private long statCeMark;
    private long statHorizonDrops;
    private long statHorizonCaps;
    private long statFastpathPackets;

    /**
     * @param mtu the device's {@code psched_mtu}: the default quanta are 2 and 10 of it
     * @param socketCount how many socket ids {@link FqSockets#socket} may return (0 … socketCount − 1)
     */
    public Fq(QdiscSpec.Fq spec, int mtu, DropListener dropListener, Kernel kernel, FqSockets sockets,
              int socketCount) {
        super(dropListener);
        this.sockets = sockets;
        this.clock = kernel.clock();
        this.bands = kernel.profile().tcp().fqBands();
        this.horizonCheck = kernel.profile().tcp().fqHorizon();
        this.limit = spec.limit();
        this.flowLimit = spec.flowLimit();
        this.quantum = spec.quantum() != null ? spec.quantum() : 2 * mtu;
        this.initialQuantum = spec.initialQuantum() != null ? spec.initialQuantum() : 10 * mtu;
        this.maxRate = spec.maxRateMbps() == null ? NONE : Math.round(spec.maxRateMbps() * 1e6 / 8);
        this.rateEnable = spec.pacing();
        // msecs_to_jiffies rounds up
        this.refillDelayJiffies = (long) Math.ceil(spec.refillDelayMs() * KernelClock.HZ / 1000 - 1e-9);
        this.lowRateThreshold = Math.round(spec.lowRateThresholdMbps() * 1e6 / 8);
        this.orphanMask = spec.orphanMask();
        this.horizonNs = Time.ms(spec.horizonMs());
        this.horizonDrop = spec.horizonDrop();
        // default ce_threshold: NSEC_PER_USEC * ~0U
        this.ceThresholdNs = spec.ceThresholdMs() == null ? 1000L * 0xFFFF_FFFFL : Time.ms(spec.ceThresholdMs());
        this.socketFlows = new FqFlow[socketCount];
        this.orphanFlows = new FqFlow[orphanMask + 1];
    }

    @Override
    public void watchdog(Watchdog w) {
        this.watchdog = w;
    }

    // ================================================================ enqueue

    @Override
    public int enqueue(Packet p, long now) {
        int band = DEFAULT_BAND;
        if (bands ? bandPktCount[band] >= limit : qlen >= limit) {
            if (bands) {
                bandDrops[band]++;
            }
            drop(p, now);
            return XMIT_DROP;
        }
        if (p.tstamp == 0) {
            p.timeToSend = now;
        } else {
            if (horizonCheck && p.tstamp > now + horizonNs) {
                if (horizonDrop) {
                    statHorizonDrops++;
                    drop(p, now);
                    return XMIT_DROP;
                }
                statHorizonCaps++;
                p.tstamp = now + horizonNs;
            }
            p.timeToSend = p.tstamp;
        }
        FqFlow f = classify(p, now);
        if (f != internal) {
            if (f.qlen >= flowLimit) {
                statFlowsPlimit++;
                drop(p, now);
                return XMIT_DROP;
            }
            if (f.detached) {
                f.band = band;
                addTail(f, newFirst, newLast);
                if (clock.jiffies(now) - (f.age + refillDelayJiffies) > 0) {
                    f.credit = Math.max(f.credit, quantum);
                }
                f.detached = false;
            }
            f.band = band;
            bandPktCount[band]++;
            if (f.qlen == 0) {
                inactiveFlows--;
            }
        }
        f.qlen++;
        f.add(p);
        p.enqueuedAt = now;
        backlogBytes += p.length;
        qlen++;
        return XMIT_SUCCESS;
    }

    /** {@code fq_classify}. */
    private FqFlow classify(Packet p, long now) {
        int socket = sockets.socket(p);
        long key = socket >= 0 ? socket : ((long) (p.hash & orphanMask) << 1) | 1;
        if (bands && fastpath(p, now)) {
            statFastpathPackets++;
            if (socket >= 0 && rateEnable) {
                sockets.pacedByFq(p);
            }
            return internal;
        }
        int root = hashPtr(key);
        gc(root, key, now);
        FqFlow[] table = socket >= 0 ? socketFlows : orphanFlows;
        int slot = socket >= 0 ? socket : p.hash & orphanMask;
        FqFlow f = table[slot];
        if (f != null) {
            return f;
        }
        f = new FqFlow(socket, key, root); // kmem_cache_zalloc: once per flow, not per packet
        f.age = clock.jiffies(now) | 1;
        if (socket >= 0 && rateEnable) {
            sockets.pacedByFq(p);
        }
        f.credit = initialQuantum;
        f.treeNext = trees[root];
        trees[root] = f;
        table[slot] = f;
        flows++;
        inactiveFlows++;
        return f;
    }

    /** {@code fq_fastpath_check} (6.7+). */
    private boolean fastpath(Packet p, long now) {
        if (p.timeToSend > now) {
            return false;
        }
        if (qlen != 0) {
            if (flows != inactiveFlows + throttledFlows || internal.qlen >= FASTPATH_MAX
                    || timeNextDelayedFlow <= now) {
                return false;
            }
        }
        return maxRate == NONE;
    }

    /** {@code fq_gc}: frees the flows of tree {@code root} detached for longer than {@code FQ_GC_AGE}. */
    private void gc(int root, long key, long now) {
        long jiffies = clock.jiffies(now);
        FqFlow prev = null;
        for (FqFlow f = trees[root]; f != null; f = f.treeNext) {
            if (f.key != key && f.detached && jiffies - (f.age + GC_AGE_JIFFIES) > 0) {
                if (prev == null) {
                    trees[root] = f.treeNext;
                } else {
                    prev.treeNext = f.treeNext;
                }
                if (f.socket >= 0) {
                    socketFlows[f.socket] = null;
                } else {
                    orphanFlows[(int) (f.key >>> 1)] = null;
                }
                flows--;
                inactiveFlows--;
                statGcFlows++;
            } else {
                prev = f;
            }
        }
    }

    /** {@code hash_ptr(sk, fq_trees_log)}: {@code hash_64} with {@code GOLDEN_RATIO_64}. */
    private static int hashPtr(long key) {
        return (int) ((key * 0x61C8_8646_80B5_83EBL) >>> (64 - TREES_LOG));
    }

    // ================================================================ dequeue

    @Override
    public Packet dequeue(long now) {
        if (qlen == 0) {
            return null;
        }
        Packet p = internal.peek();
        if (p != null) {
            internal.qlen--;
            return dequeued(internal, p, now);
        }
        checkThrottled(now);
        int retry = 0;
        while (true) {
            int b = bandNr;
            boolean fromNew = newFirst[b] != null;
            FqFlow f = bandCredit[b] <= 0 ? null : fromNew ? newFirst[b] : oldFirst[b];
            if (f == null) {
                if (++retry <= BANDS) {
                    bandNr = (bandNr + 1) % BANDS;
                    bandCredit[bandNr] = Math.min(bandCredit[bandNr] + BAND_QUANTUM[bandNr], BAND_QUANTUM[bandNr]);
                    if (bandCredit[bandNr] <= 0) {
                        retry = 0;
                    }
                    continue;
                }
                if (timeNextDelayedFlow != NONE) {
                    watchdog.schedule(timeNextDelayedFlow);
                }
                return null;
            }
            retry = 0;
            if (f.credit <= 0) {
                f.credit += quantum;
                popHead(fromNew, b);
                addTail(f, oldFirst, oldLast);
                continue;
            }
            p = f.peek();
            if (p == null) {
                popHead(fromNew, b);
                if (fromNew) {
                    addTail(f, oldFirst, oldLast); // force a pass through old_flows to prevent starvation
                } else {
                    f.detached = true;
                    f.age = clock.jiffies(now) | 1;
                }
                continue;
            }
            long timeNextPacket = Math.max(p.timeToSend, f.timeNextPacket);
            if (now < timeNextPacket) {
                popHead(fromNew, b);
                f.timeNextPacket = timeNextPacket;
                setThrottled(f);
                continue;
            }
            dequeued(f, p, now);
            if (now - timeNextPacket - ceThresholdNs > 0) {
                p.setCe();
                statCeMark++;
            }
            if (--f.qlen == 0) {
                inactiveFlows++;
            }
            bandPktCount[f.band]--;
            pace(f, p, b, now);
            return p;
        }
    }

    /** {@code fq_dequeue_skb}: off the flow, out of the backlog, into the byte counters. */
    private Packet dequeued(FqFlow f, Packet p, long now) {
        f.erase(p);
        backlogBytes -= p.length;
        qlen--;
        countSent(p, now);
        return p;
    }

    /** The credit and pacing arithmetic after a flow's packet left. */
    private void pace(FqFlow f, Packet p, int band, long now) {
        long plen = p.length;
        f.credit -= (int) plen;
        bandCredit[band] -= (int) plen;
        if (!rateEnable) {
            return;
        }
        long rate = maxRate;
        if (p.tstamp == 0) {
            if (f.socket >= 0) {
                rate = Math.min(sockets.pacingRate(p), rate);
            }
            if (rate <= lowRateThreshold) {
                f.credit = 0;
            } else {
                plen = Math.max(plen, quantum);
                if (f.credit > 0) {
                    return;
                }
            }
        }
        if (rate == NONE) {
            return;
        }
        long len = plen * Time.NS_PER_S;
        if (rate > 0) {
            len /= rate;
        }
        if (len > Time.NS_PER_S) {
            len = Time.NS_PER_S;
            statPktsTooLong++;
        }
        if (f.timeNextPacket != 0) {
            len -= Math.min(len / 2, now - f.timeNextPacket);
        }
        f.timeNextPacket = now + len;
    }

    /** {@code fq_check_throttled}. */
    private void checkThrottled(long now) {
        if (timeNextDelayedFlow > now) {
            return;
        }
        long sample = now - timeNextDelayedFlow;
        if (sample > 0) {
            unthrottleLatencyNs -= unthrottleLatencyNs >> 3;
            unthrottleLatencyNs += sample >> 3;
        }
        timeNextDelayedFlow = NONE;
        FqFlow f;
        while ((f = delayed.peek()) != null) {
            if (f.timeNextPacket > now) {
                timeNextDelayedFlow = f.timeNextPacket;
                break;
            }
            delayed.poll();
            f.throttled = false;
            throttledFlows--;
            addTail(f, oldFirst, oldLast);
        }
    }

    /** {@code fq_flow_set_throttled}. */
    private void setThrottled(FqFlow f) {
        f.throttleOrder = throttleOrder++;
        f.throttled = true;
        f.next = null;
        delayed.add(f);
        throttledFlows++;
        statThrottled++;
        if (timeNextDelayedFlow > f.timeNextPacket) {
            timeNextDelayedFlow = f.timeNextPacket;
        }
    }

    /** {@code fq_flow_add_tail} to the new or old list of the flow's band. */
    private void addTail(FqFlow f, FqFlow[] first, FqFlow[] last) {
        int b = f.band;
        if (first[b] == null) {
            first[b] = f;
        } else {
            last[b].next = f;
        }
        last[b] = f;
        f.next = null;
    }

    /** {@code head->first = f->next}. */
    private void popHead(boolean fromNew, int band) {
        if (fromNew) {
            FqFlow f = newFirst[band];
            newFirst[band] = f.next;
            if (newFirst[band] == null) {
                newLast[band] = null;
            }
        } else {
            FqFlow f = oldFirst[band];
            oldFirst[band] = f.next;
            if (oldFirst[band] == null) {
                oldLast[band] = null;
            }
        }
    }

    // ================================================================ results

    @Override
    public long ecnMarks() {
        return statCeMark;
    }

    @Override
    public QdiscResult.Fq result() {
        return new QdiscResult.Fq(tcCounters(), new FqXstats(statGcFlows, 0, statFastpathPackets, 0, statThrottled,
                statFlowsPlimit, statPktsTooLong, 0, flows, inactiveFlows, throttledFlows, unthrottleLatencyNs,
                statCeMark, statHorizonDrops, statHorizonCaps, List.of(bandDrops[0], bandDrops[1], bandDrops[2]),
                List.of(bandPktCount[0], bandPktCount[1], bandPktCount[2])));
    }

    /** The flow of a socket id, or null (tests). */
    FqFlow socketFlow(int socket) {
        return socketFlows[socket];
    }

    int quantum() {
        return quantum;
    }

    int initialQuantum() {
        return initialQuantum;
    }

    /** {@code time_next_delayed_flow}, {@link Long#MAX_VALUE} when no flow is throttled. */
    public long timeNextDelayedFlow() {
        return timeNextDelayedFlow;
    }
}
