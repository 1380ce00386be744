package dev.fqlab.sim.traffic;

import dev.fqlab.sim.core.Simulator;
import dev.fqlab.sim.kernel.KernelProfile;
import dev.fqlab.sim.packet.Packet;
import dev.fqlab.sim.packet.PacketPool;
import dev.fqlab.sim.packet.PacketSink;
import dev.fqlab.sim.result.LatencyStats;
import dev.fqlab.sim.result.TcpStats;
import dev.fqlab.sim.scenario.FlowSpec;
import dev.fqlab.sim.stats.FlowStats;
import dev.fqlab.sim.stats.TcpRecorder;

/**
 * A traffic flow's sender and receiver (scenario.md {@code flows}). Subclasses decide when to send; this class
 * builds packets with the flow's identity and hands deliveries and drops to its {@link FlowStats}.
 */
public abstract class Flow {
    protected final int id;
    protected final FlowSpec spec;
    protected final FlowStats stats;
    protected final Simulator sim;
    private final PacketPool pool;
    /*
     * What every packet of the flow carries, kept here rather than read through the spec and the path: with
     * thousands of flows each of those records is one more cache miss per packet sent (issue 16).
     */
    private final PacketSink downEntry;
    private final PacketSink upEntry;
    private final int downHash;
    private final int upHash;
    private final int ecnBits;
    private long downSeq;
    private long upSeq;

    protected Flow(Context context) {
        this.id = context.id();
        this.spec = context.spec();
        this.stats = context.stats();
        this.sim = context.sim();
        this.pool = context.pool();
        FlowPath path = context.path();
        this.downEntry = path.downEntry();
        this.upEntry = path.upEntry();
        this.downHash = path.downHash();
        this.upHash = path.upHash();
        this.ecnBits = spec.ecn().bits();
    }

    /** Schedules the first transmission. */
    public abstract void start();

    /** Creates a packet of {@code ipBytes} in direction {@code up} and hands it to the stack now. */
    protected final void send(int ipBytes, boolean up, long now) {
        handOver(newPacket(ipBytes, up, now), now);
    }

    /**
     * A packet of {@code ipBytes} in direction {@code up} with the flow's identity, hash and ECN codepoint, stamped
     * {@code now}; the caller may set more fields before {@link #handOver}.
     */
    protected final Packet newPacket(int ipBytes, boolean up, long now) {
        Packet p = pool.acquire();
        p.flowId = id;
        p.up = up;
        p.seq = up ? upSeq++ : downSeq++;
        p.ipBytes = ipBytes;
        p.hash = up ? upHash : downHash;
        p.ecn = ecnBits;
        p.sentAt = now;
        return p;
    }

    /** Counts the packet as sent and hands it to the stack in its direction. */
    protected final void handOver(Packet p, long now) {
        stats.sent(p, now);
        (p.up ? upEntry : downEntry).accept(p, now);
    }

    /**
     * The packet reached its receiver; the caller frees it afterwards.
     *
     * @return the application payload it delivered (goodput bytes)
     */
    public long delivered(Packet p, long now) {
        return stats.delivered(p, now);
    }

    /** The packet was dropped or lost on the way; the caller frees it afterwards. */
    public void dropped(Packet p, long now) {
        stats.dropped(p, now);
    }

    /**
     * Whether {@link #delivered} and {@link #dropped} do nothing but count the packet in its {@link FlowStats}
     * (a flow that overrides neither): the network then counts it there itself, without reading this object —
     * with thousands of flows, one cache miss less per packet (issue 16).
     */
    public boolean onlyCounts() {
        return false;
    }

    /**
     * sch_fq's view of the socket that sent {@code p} on the host whose qdisc sees it ({@code skb->sk}): its
     * {@code sk_pacing_rate} in bytes per second, {@link Long#MAX_VALUE} for {@code ~0UL} (not TCP, or a TCP end that
     * sends no data).
     */
    public long pacingRate(Packet p) {
        return Long.MAX_VALUE;
    }

    /** sch_fq classified {@code p}, sent by a socket of its host: {@code sk_pacing_status = SK_PACING_FQ}. */
    public void pacedByFq(Packet p) {
    }

    /**
     * A device finished transmitting a packet that holds {@link Packet#tsqCharge} (kernel-spec §6); it travels on.
     * Only TCP senders subject to TCP Small Queues charge packets.
     */
    public void txCompleted(Packet p, long now) {
    }

    /** Whether its throughput enters Jain's fairness index of a wired link (results.md {@code summary}); probes do not. */
    public boolean countsTowardFairness() {
        return true;
    }

    /** results.md {@code rttMs}: round trips it measured itself, or null (only probes measure them). */
    public LatencyStats rttStats() {
        return null;
    }

    /** results.md {@code upLatencyMs}: the one-way delays of its up direction apart, or null (only probes). */
    public LatencyStats upLatencyStats() {
        return null;
    }

    /** results.md {@code tcp} at the end of the run, or null for a flow that is not TCP. */
    public TcpStats tcpStats(long endNs) {
        return null;
    }

    /** The TCP sender's numbers for the series, or null for a flow that is not TCP. */
    public TcpRecorder tcpRecorder() {
        return null;
    }

    public FlowSpec spec() {
        return spec;
    }

    public FlowStats stats() {
        return stats;
    }

    /** Where a flow's packets enter the network in each direction, and their 5-tuple hashes. */
    public record FlowPath(PacketSink downEntry, int downHash, PacketSink upEntry, int upHash) {
    }

    /**
     * What a flow is built with: its index and spec, its statistics, the simulator, the packet pool, where its
     * packets enter the network, the warm-up its statistics skip, and the scenario's seed (its random streams).
     */
    public record Context(int id, FlowSpec spec, FlowStats stats, Simulator sim, PacketPool pool, FlowPath path,
                          long warmupNs, long seed, KernelProfile kernel) {

        /** On the default kernel profile (tests of one flow). */
        public Context(int id, FlowSpec spec, FlowStats stats, Simulator sim, PacketPool pool, FlowPath path,
                       long warmupNs, long seed) {
            this(id, spec, stats, sim, pool, path, warmupNs, seed, KernelProfile.DEFAULT);
        }
    }
}
