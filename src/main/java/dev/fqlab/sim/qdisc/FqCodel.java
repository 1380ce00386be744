package dev.fqlab.sim.qdisc;

import dev.fqlab.sim.aqm.Codel;
import dev.fqlab.sim.aqm.CodelVars;
import dev.fqlab.sim.kernel.Kernel;
import dev.fqlab.sim.packet.DropListener;
import dev.fqlab.sim.packet.FlowHash;
import dev.fqlab.sim.packet.Packet;
import dev.fqlab.sim.result.FqCodelXstats;
import dev.fqlab.sim.result.QdiscResult;
import dev.fqlab.sim.scenario.QdiscSpec;

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
 * The credit a flow gets, by {@code quantumMode}, is {@link DrrQuantum}'s (seed 003's "better mixing" variant, §7.2,
 * among them).
 */
public final class FqCodel extends CodelManagedQdisc {

    private final DrrFlow[] flows;
    /** Per-bucket byte backlog ({@code q->backlogs}), scanned by the overlimit drop. */
    private final long[] backlogs;
    private final int limit;
    private final long memoryLimit;
    private final DrrQuantum drr;
    private final int dropBatchSize;
    private final DrrList<DrrFlow> newFlows = new DrrList<>();
    private final DrrList<DrrFlow> oldFlows = new DrrList<>();

    private long memoryUsage;
    private long dropOvermemory;
    private long newFlowCount;

    /**
     * @param mtu the device's L2 MTU ({@code psched_mtu}): CoDel's backlog floor
     * @param kernel the host whose clock CoDel reads and whose version's CoDel rules apply
     */
    public FqCodel(QdiscSpec.FqCodel spec, int mtu, DropListener dropListener, Kernel kernel) {
        super(spec.codel(), mtu, dropListener, kernel);
        this.flows = new DrrFlow[spec.flows()];
        for (int i = 0; i < flows.length; i++) {
            flows[i] = new DrrFlow(i);
        }
        this.backlogs = new long[spec.flows()];
        this.limit = spec.limit();
        this.memoryLimit = spec.memoryLimitBytes();
        this.drr = new DrrQuantum(spec.quantum(), spec.quantumMode());
        this.dropBatchSize = spec.dropBatchSize();
    }

    /** On a kernel at boot with the default profile ({@link Kernel#AT_BOOT}): for tests of the qdisc alone. */
    public FqCodel(QdiscSpec.FqCodel spec, int mtu, DropListener dropListener) {
        this(spec, mtu, dropListener, Kernel.AT_BOOT);
    }

    @Override
    public int enqueue(Packet p, long now) {
        int idx = FlowHash.bucket(p.hash, flows.length);
        p.enqueuedAt = now;
        DrrFlow flow = flows[idx];
        flow.append(p);
        backlogs[idx] += p.length;
        backlogBytes += p.length;
        if (!flow.listed()) {
            newFlows.addTail(flow);
            newFlowCount++;
            flow.deficit = drr.onActivation(p.length);
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
        DrrFlow flow = flows[idx];
        long len = 0;
        int i = 0;
        do {
            Packet p = flow.removeHead();
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
            DrrList<DrrFlow> head = !newFlows.isEmpty() ? newFlows : oldFlows;
            DrrFlow flow = head.first();
            if (flow == null) {
                return null;
            }
            if (flow.deficit <= 0) {
                flow.deficit += drr.replenish();
                oldFlows.moveToTail(flow);
                continue;
            }
            Packet p = codel.dequeue(this, flow, now);
            if (p == null) {
                // Force a pass through the old list so a flow cannot starve it by emptying and refilling.
                if (head == newFlows && !oldFlows.isEmpty()) {
                    oldFlows.moveToTail(flow);
                } else {
                    head.remove(flow);
                }
                continue;
            }
            countSent(p, now);
            flow.deficit -= drr.charge(p.length);
            return p;
        }
    }

    /** {@code dequeue_func}: the head of the flow, with every backlog counter updated. */
    @Override
    public Packet dequeueHead(CodelVars vars) {
        DrrFlow flow = (DrrFlow) vars;
        Packet p = flow.removeHead();
        if (p == null) {
            return null;
        }
        backlogs[flow.index] -= p.length;
        memoryUsage -= p.truesize;
        qlen--;
        backlogBytes -= p.length;
        return p;
    }




    @Override
    public QdiscResult.FqCodel result() {
        var s = codel.stats();
        return new QdiscResult.FqCodel(tcCounters(), new FqCodelXstats(s.maxpacket(), dropOverlimit, dropOvermemory,
                newFlowCount, s.ecnMark(), s.ceMark(), memoryUsage, newFlows.length(), oldFlows.length()));
    }

    /** The CoDel instance shared by all flows (its stats are the qdisc's). */
    public Codel codel() {
        return codel;
    }
}
