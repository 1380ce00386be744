package dev.fqlab.sim.wifi.mac80211;

import dev.fqlab.sim.kernel.Kernel;
import dev.fqlab.sim.packet.DropListener;
import dev.fqlab.sim.packet.FlowHash;
import dev.fqlab.sim.packet.Packet;
import dev.fqlab.sim.qdisc.DrrList;
import dev.fqlab.sim.qdisc.DrrQuantum;
import dev.fqlab.sim.scenario.CodelSettings;
import dev.fqlab.sim.scenario.TxqsSpec;
import dev.fqlab.sim.wifi.mac.Amsdu;
import dev.fqlab.sim.wifi.phy.MacFraming;
import java.util.ArrayList;
import java.util.List;

/**
 * mac80211's generic fq for one radio, kernel-spec §3 (include/net/fq_impl.h, Linux ≥ 5.11): one table of
 * {@code flows} buckets shared by every TXQ of the radio, radio-wide packet and memory limits, and per TXQ
 * (tin) new/old lists with deficit round robin of {@code quantum} bytes and CoDel per flow.
 * <ul>
 *   <li>Classification: a packet whose bucket is owned by another TXQ goes to its own TXQ's default flow
 *       ({@code collisions}); with {@code collisionCheck: false} — the check before the fix in seed 000 — any owned
 *       bucket, even one its own TXQ owns, sends it there, splitting a flow over two queues.</li>
 *   <li>{@code new-flows} counts ownership acquisitions: a flow is released when dequeue finds it empty and takes
 *       it off the lists.</li>
 *   <li>Over a limit the globally fattest flow (any TXQ, default flows included) loses a batch of
 *       {@code max(1, min(32, qlen/2))} head packets; {@code overlimit} counts batches.</li>
 *   <li>{@code fq: false} makes every TXQ a plain FIFO: everything goes to its default flow, without CoDel.</li>
 * </ul>
 */
public final class Fq {
    private static final int MAX_DROP_BATCH = 32;

    /** The buckets' flows, each made when a packet first hashes to it (a run touches few of the 4096). */
    private final FqFlow[] flows;
    /** {@code fq->flows_bitmap} (Linux ≥ 5.11): the buckets holding packets, so the fattest-flow search skips the rest. */
    private final long[] backlogged;
    /** Which words of {@link #backlogged} are not 0, so the search skips empty runs of 64 buckets at once. */
    private final long[] backloggedWords;
    /** Default flows holding packets ({@code fq->tin_backlog} is not empty when this is above 0). */
    private int defaultsBacklogged;
    private final List<Txq> tins = new ArrayList<>();
    private final int limit;
    private final long memoryLimit;
    private final DrrQuantum drr;
    private final boolean fqEnabled;
    private final boolean collisionCheck;
    private final TxqsSpec spec;
    private final Kernel kernel;
    final DropListener drops;

    private int backlog;
    private long memoryUsage;
    private long overlimit;
    private long overmemory;
    private long collisions;

    /** @param kernel the host whose clock the TXQs' CoDel reads and whose version's CoDel rules apply */
    public Fq(TxqsSpec spec, DropListener drops, Kernel kernel) {
        this.spec = spec;
        this.kernel = kernel;
        this.flows = new FqFlow[spec.flows()];
        this.backlogged = new long[(flows.length + 63) >>> 6];
        this.backloggedWords = new long[(backlogged.length + 63) >>> 6];
        this.limit = spec.limit();
        this.memoryLimit = spec.memoryLimitBytes();
        this.drr = new DrrQuantum(spec.quantum(), spec.quantumMode());
        this.fqEnabled = spec.fq();
        this.collisionCheck = spec.collisionCheck();
        this.drops = drops;
    }

    /** On a kernel at boot with the default profile ({@link Kernel#AT_BOOT}): for tests of fq alone. */
    public Fq(TxqsSpec spec, DropListener drops) {
        this(spec, drops, Kernel.AT_BOOT);
    }

    /** A new TXQ (tin) of this radio with the TXQs' CoDel parameters. */
    public Txq newTxq(int station, int tid, int ac) {
        return newTxq(station, tid, ac, spec.codel());
    }

    /** A new TXQ (tin) of this radio whose CoDel uses {@code codel} (a station's own parameters). */
    public Txq newTxq(int station, int tid, int ac, CodelSettings codel) {
        Txq txq = new Txq(this, station, tid, ac, codel, kernel);
        tins.add(txq);
        return txq;
    }

    /** {@code fq_flow_classify}: the flow a packet for {@code tin} joins, counting collisions and activations. */
    private FqFlow classify(Txq tin, Packet p) {
        if (!fqEnabled) {
            if (tin.defaultFlow.tin == null) {
                tin.newFlowCount++;
            }
            return tin.defaultFlow;
        }
        FqFlow flow = bucket(p.hash);
        boolean toDefault = collisionCheck ? flow.tin != null && flow.tin != tin : flow.tin != null;
        if (toDefault) {
            flow = tin.defaultFlow;
            tin.collisions++;
            collisions++;
        }
        if (flow.tin == null) {
            tin.newFlowCount++;
        }
        return flow;
    }

    /** The flow of the bucket {@code hash} falls in (a free bucket's flow has no {@code tin}). */
    private FqFlow bucket(int hash) {
        int i = FlowHash.bucket(hash, flows.length);
        FqFlow flow = flows[i];
        if (flow == null) {
            flow = new FqFlow(i);
            flows[i] = flow;
        }
        return flow;
    }

    /**
     * {@code fq_tin_enqueue}: accepts the packet, then drops from the fattest flow while over a limit. On a TXQ with
     * A-MSDU the packet first tries to join its flow's tail frame ({@link #amsduAggregate}).
     */
    public void enqueue(Txq tin, Packet p, long now) {
        if (tin.amsduSubframes > 1 && amsduAggregate(tin, p)) {
            return;
        }
        FqFlow flow = classify(tin, p);
        p.enqueuedAt = now;
        flow.tin = tin;
        tin.backlogBytes += p.length;
        tin.backlogPackets++;
        memoryUsage += p.truesize;
        backlog++;
        if (!flow.listed()) {
            flow.deficit = drr.onActivation(p.length);
            tin.newFlows.addTail(flow);
        }
        if (flow.packets() == 0) {
            if (flow.index >= 0) {
                int w = flow.index >>> 6;
                backlogged[w] |= 1L << flow.index;
                backloggedWords[w >>> 6] |= 1L << w;
            } else {
                defaultsBacklogged++;
            }
        }
        flow.append(p);
        boolean oom = memoryUsage > memoryLimit;
        while (backlog > limit || oom) {
            FqFlow fattest = fattestFlow();
            if (fattest == null) {
                return;
            }
            dropBatch(fattest, now);
            fattest.tin.overlimit++;
            overlimit++;
            if (oom) {
                overmemory++;
                oom = memoryUsage > memoryLimit;
            }
        }
    }

    /**
     * {@code ieee80211_amsdu_aggregate} (net/mac80211/tx.c, Linux 6.6): the packet joins the last frame of the flow
     * it classifies to when that flow holds frames in this TXQ and the A-MSDU stays within the subframe count and
     * the peer's MPDU length. The frame stays one skb: the flow's and TXQ's byte backlogs grow by what the frame
     * grew (the 14-byte subframe header the head gets on the first join, the padding of the previous subframe, the
     * new subframe), the packet counts do not, and neither does the memory usage (the kernel adds only the head's
     * truesize change, and appending to its frag_list leaves that unchanged). Nothing is counted (new-flows,
     * collisions) here. fqlab checks the MPDU length exactly; the kernel's check ({@code skb->len + head->len >
     * max_amsdu_len}) omits the new subframe's header, LLC/SNAP and padding and so may exceed the limit by up to 25
     * bytes.
     */
    private boolean amsduAggregate(Txq tin, Packet p) {
        FqFlow flow = fqEnabled ? bucket(p.hash) : tin.defaultFlow;
        boolean toDefault = collisionCheck ? flow.tin != null && flow.tin != tin : flow.tin != null;
        if (fqEnabled && toDefault) {
            flow = tin.defaultFlow;
        }
        Packet head = flow.tin == tin ? flow.tail() : null;
        if (head == null || !Amsdu.fits(head, p.ipBytes, tin.amsduSubframes, tin.amsduMaxMpduBytes)) {
            return false;
        }
        int bodyBefore = head.amsduMsdus > 1 ? head.amsduBytes : MacFraming.LLC_SNAP_BYTES + head.ipBytes;
        Amsdu.append(head, p);
        int grew = head.amsduBytes - bodyBefore;
        flow.tailGrew(grew);
        tin.backlogBytes += grew;
        return true;
    }

    /**
     * {@code fq_find_fattest_flow}: the largest byte backlog among buckets (in index order, the first of equals),
     * then the default flows (in TXQ order). Like the kernel since 5.11 it visits only buckets in
     * {@code flows_bitmap}, those holding packets: the others cannot be the fattest.
     */
    private FqFlow fattestFlow() {
        FqFlow fattest = null;
        long len = 0;
        for (int s = 0; s < backloggedWords.length; s++) {
            long words = backloggedWords[s];
            while (words != 0) {
                int w = (s << 6) + Long.numberOfTrailingZeros(words);
                words &= words - 1;
                long bits = backlogged[w];
                while (bits != 0) {
                    FqFlow f = flows[(w << 6) + Long.numberOfTrailingZeros(bits)];
                    bits &= bits - 1;
                    if (f.backlog() > len) {
                        fattest = f;
                        len = f.backlog();
                    }
                }
            }
        }
        if (defaultsBacklogged > 0) {
            for (Txq tin : tins) {
                if (tin.defaultFlow.backlog() > len) {
                    fattest = tin.defaultFlow;
                    len = tin.defaultFlow.backlog();
                }
            }
        }
        return fattest;
    }

    /** {@code fq_flow_drop}: {@code max(1, min(32, qlen/2))} packets from the head. */
    private void dropBatch(FqFlow flow, long now) {
        int pending = Math.min(MAX_DROP_BATCH, flow.packets() / 2);
        int dropped = 0;
        do {
            Packet p = flow.removeHead();
            removed(flow, p);
            dropFrame(p, now);
            dropped++;
        } while (dropped < pending);
    }

    /** A frame is freed unsent: every MSDU of an A-MSDU with it ({@code ieee80211_free_txskb} frees the frag_list). */
    void dropFrame(Packet p, long now) {
        while (p != null) {
            Packet next = Amsdu.detach(p);
            drops.dropped(p, now);
            p = next;
        }
    }

    /** Bookkeeping when a packet leaves {@code flow} ({@code fq_adjust_removal}). */
    void removed(FqFlow flow, Packet p) {
        Txq tin = flow.tin;
        if (flow.packets() == 0) {
            if (flow.index >= 0) {
                int w = flow.index >>> 6;
                backlogged[w] &= ~(1L << flow.index);
                if (backlogged[w] == 0) {
                    backloggedWords[w >>> 6] &= ~(1L << w);
                }
            } else {
                defaultsBacklogged--;
            }
        }
        tin.backlogBytes -= p.length;
        tin.backlogPackets--;
        backlog--;
        memoryUsage -= p.truesize;
    }

    /**
     * {@code fq_tin_dequeue}: deficit round robin over the TXQ's new then old flows, CoDel on each flow's head.
     * A flow found empty is moved to the old list (anti-starvation) or taken off the lists and released.
     */
    public Packet dequeue(Txq tin, long now) {
        while (true) {
            DrrList<FqFlow> head = !tin.newFlows.isEmpty() ? tin.newFlows : tin.oldFlows;
            FqFlow flow = head.first();
            if (flow == null) {
                return null;
            }
            if (flow.deficit <= 0) {
                flow.deficit += drr.replenish();
                tin.oldFlows.moveToTail(flow);
                continue;
            }
            Packet p = fqEnabled ? tin.codel.dequeue(tin, flow, now) : tin.dequeueHead(flow);
            if (p == null) {
                if (head == tin.newFlows && !tin.oldFlows.isEmpty()) {
                    tin.oldFlows.moveToTail(flow);
                } else {
                    head.remove(flow);
                    flow.tin = null; // released: the next packet for this bucket counts as a new flow
                }
                continue;
            }
            flow.deficit -= drr.charge(p.length);
            tin.txBytes += p.length;
            tin.txPackets++;
            return p;
        }
    }

    public int backlogPackets() {
        return backlog;
    }

    public long memoryUsage() {
        return memoryUsage;
    }

    public long overlimit() {
        return overlimit;
    }

    public long overmemory() {
        return overmemory;
    }

    public long collisions() {
        return collisions;
    }
}
