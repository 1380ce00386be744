package dev.fqlab.sim.qdisc;

import dev.fqlab.sim.aqm.Codel;
import dev.fqlab.sim.aqm.CodelQueue;
import dev.fqlab.sim.aqm.CodelVars;
import dev.fqlab.sim.packet.DropListener;
import dev.fqlab.sim.packet.FlowHash;
import dev.fqlab.sim.packet.Packet;
import dev.fqlab.sim.result.QdiscResult;
import dev.fqlab.sim.scenario.QdiscSpec;
import dev.fqlab.sim.scenario.QuantumMode;

/**
 * fq_codel, kernel-spec §2 (net/sched/sch_fq_codel.c, Linux 6.18; RFC 8290): packets hashed into
 * {@code flows} buckets, each a CoDel-managed FIFO; deficit round robin with a new-flows list served before
 * the old-flows list. Follows the kernel's order of operations:
 * <ul>
 *   <li>enqueue always accepts first, then, over {@code limit} or {@code memory_limit}, head-drops a batch from
 *       the byte-fattest flow (≤ {@code drop_batch_size} packets, until half its bytes are gone) and adds the
 *       number dropped to that flow's CoDel count ("increase its signal strength");</li>
 *   <li>a flow found empty at the head of the new list moves to the old list when that is non-empty
 *       (anti-starvation), otherwise it leaves the lists; the deficit is reset only on re-activation;</li>
 *   <li>CoDel's backlog floor compares the whole qdisc's backlog with the device MTU.</li>
 * </ul>
 * {@link QuantumMode#PACKETS} is the "better mixing" variant of seed 003 (§7.2): a newly active flow gets
 * {@code min(quantum, first packet's length)} of credit instead of {@code quantum}.
 */
public final class FqCodel extends QdiscCounters implements CodelQueue {

    /** One bucket: a FIFO with its deficit and CoDel state ({@code struct fq_codel_flow}). */
    private static final class Flow extends CodelVars {
        final int index;
        Packet head;
        Packet tail;
        int deficit;
        /** The list the flow is on (null = inactive) and its links in it. */
        FlowList list;
        Flow prev;
        Flow next;

        Flow(int index) {
            this.index = index;
        }
    }

    /** An intrusive doubly linked list of flows ({@code new_flows} / {@code old_flows}). */
    private static final class FlowList {
        Flow first;
        Flow last;
        int length;

        boolean isEmpty() {
            return first == null;
        }

        void addTail(Flow f) {
            f.list = this;
            f.next = null;
            f.prev = last;
            if (last == null) {
                first = f;
            } else {
                last.next = f;
            }
            last = f;
            length++;
        }

        void remove(Flow f) {
            if (f.prev == null) {
                first = f.next;
            } else {
                f.prev.next = f.next;
            }
            if (f.next == null) {
                last = f.prev;
            } else {
                f.next.prev = f.prev;
            }
            f.prev = null;
            f.next = null;
            f.list = null;
            length--;
        }
    }

    private final Flow[] flows;
    /** Per-bucket byte backlog ({@code q->backlogs}), scanned by the overlimit drop. */
    private final long[] backlogs;
    private final int limit;
    private final long memoryLimit;
    private final int quantum;
    private final boolean packetMixing;
    private final int dropBatchSize;
    private final Codel codel;
    private final FlowList newFlows = new FlowList();
    private final FlowList oldFlows = new FlowList();

    private long memoryUsage;
    private long dropOverlimit;
    private long dropOvermemory;
    private long newFlowCount;

    /** @param mtu the device's L2 MTU ({@code psched_mtu}): CoDel's backlog floor */
    public FqCodel(QdiscSpec.FqCodel spec, int mtu, DropListener dropListener) {
        super(dropListener);
        this.flows = new Flow[spec.flows()];
        for (int i = 0; i < flows.length; i++) {
            flows[i] = new Flow(i);
        }
        this.backlogs = new long[spec.flows()];
        this.limit = spec.limit();
        this.memoryLimit = spec.memoryLimitBytes();
        this.quantum = spec.quantum();
        this.packetMixing = spec.quantumMode() == QuantumMode.PACKETS;
        this.dropBatchSize = spec.dropBatchSize();
        this.codel = new Codel(spec.codel(), mtu);
    }

    @Override
    public int enqueue(Packet p, long now) {
        int idx = FlowHash.bucket(p.hash, flows.length);
        p.enqueuedAt = now;
        Flow flow = flows[idx];
        append(flow, p);
        backlogs[idx] += p.length;
        backlogBytes += p.length;
        if (flow.list == null) {
            newFlows.addTail(flow);
            newFlowCount++;
            flow.deficit = packetMixing ? Math.min(quantum, p.length) : quantum;
        }
        memoryUsage += p.truesize;
        boolean memoryLimited = memoryUsage > memoryLimit;
        qlen++;
        if (qlen <= limit && !memoryLimited) {
            return XMIT_SUCCESS;
        }
        int before = qlen;
        int victim = dropFromFattest(now);
        int droppedNow = before - qlen;
        dropOverlimit += droppedNow;
        if (memoryLimited) {
            dropOvermemory += droppedNow;
        }
        return victim == idx ? XMIT_CN : XMIT_SUCCESS;
    }

    /** {@code fq_codel_drop}: head-drops up to a batch, about half the bytes, from the fattest flow. */
    private int dropFromFattest(long now) {
        long maxBacklog = 0;
        int idx = 0;
        for (int i = 0; i < backlogs.length; i++) {
            if (backlogs[i] > maxBacklog) {
                maxBacklog = backlogs[i];
                idx = i;
            }
        }
        long threshold = maxBacklog >> 1;
        Flow flow = flows[idx];
        long len = 0;
        int i = 0;
        do {
            Packet p = removeHead(flow);
            len += p.length;
            memoryUsage -= p.truesize;
            drop(p, now);
        } while (++i < dropBatchSize && len < threshold);
        flow.addToCount(i);
        backlogs[idx] -= len;
        backlogBytes -= len;
        qlen -= i;
        return idx;
    }

    @Override
    public Packet dequeue(long now) {
        while (true) {
            FlowList head = !newFlows.isEmpty() ? newFlows : oldFlows;
            Flow flow = head.first;
            if (flow == null) {
                return null;
            }
            if (flow.deficit <= 0) {
                flow.deficit += quantum;
                moveToTail(flow, oldFlows);
                continue;
            }
            Packet p = codel.dequeue(this, flow, now);
            if (p == null) {
                // Force a pass through the old list so a flow cannot starve it by emptying and refilling.
                if (head == newFlows && !oldFlows.isEmpty()) {
                    moveToTail(flow, oldFlows);
                } else {
                    head.remove(flow);
                }
                continue;
            }
            countSent(p);
            flow.deficit -= p.length;
            return p;
        }
    }

    /** {@code dequeue_func}: the head of the flow, with every backlog counter updated. */
    @Override
    public Packet dequeueHead(CodelVars vars) {
        Flow flow = (Flow) vars;
        if (flow.head == null) {
            return null;
        }
        Packet p = removeHead(flow);
        backlogs[flow.index] -= p.length;
        memoryUsage -= p.truesize;
        qlen--;
        backlogBytes -= p.length;
        return p;
    }

    /** The qdisc-wide backlog: fq_codel never drops when the whole qdisc holds at most one MTU. */
    @Override
    public long backlog(CodelVars vars) {
        return backlogBytes;
    }

    @Override
    public void codelDrop(Packet p, long now) {
        drop(p, now);
    }

    private static void append(Flow flow, Packet p) {
        p.next = null;
        if (flow.head == null) {
            flow.head = p;
        } else {
            flow.tail.next = p;
        }
        flow.tail = p;
    }

    private static Packet removeHead(Flow flow) {
        Packet p = flow.head;
        flow.head = p.next;
        p.next = null;
        return p;
    }

    private static void moveToTail(Flow flow, FlowList to) {
        flow.list.remove(flow);
        to.addTail(flow);
    }

    @Override
    public QdiscResult result() {
        var s = codel.stats();
        return new QdiscResult("fq_codel", sentBytes, sentPackets, dropped, overlimits, requeues, backlogBytes, qlen,
                s.maxpacket(), dropOverlimit, dropOvermemory, newFlowCount, s.ecnMark(), s.ceMark(), memoryUsage,
                (long) newFlows.length, (long) oldFlows.length, null, null, null, null);
    }

    /** The CoDel instance shared by all flows (its stats are the qdisc's). */
    public Codel codel() {
        return codel;
    }
}
