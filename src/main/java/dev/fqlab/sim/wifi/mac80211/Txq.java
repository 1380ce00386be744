package dev.fqlab.sim.wifi.mac80211;

import dev.fqlab.sim.aqm.Codel;
import dev.fqlab.sim.aqm.CodelQueue;
import dev.fqlab.sim.aqm.CodelVars;
import dev.fqlab.sim.kernel.Kernel;
import dev.fqlab.sim.packet.Packet;
import dev.fqlab.sim.qdisc.DrrList;
import dev.fqlab.sim.result.TxqResult;
import dev.fqlab.sim.scenario.CodelSettings;

/**
 * One mac80211 intermediate TX queue ({@code struct txq_info} with its {@code fq_tin}; kernel-spec §3.2): one per
 * station and TID, with its new/old flow lists, its default flow for collisions, its CoDel statistics and the
 * counters the per-station {@code aqm} debugfs file prints. Scheduler bookkeeping lives here too.
 */
public final class Txq implements CodelQueue {
    public final int station;
    public final int tid;
    public final int ac;
    final Fq fq;
    final FqFlow defaultFlow = new FqFlow(-1);
    final DrrList<FqFlow> newFlows = new DrrList<>();
    final DrrList<FqFlow> oldFlows = new DrrList<>();
    /** CoDel with mac80211's parameters and this TXQ's {@code cstats} (drops, marks); floor 0 on the flow backlog. */
    final Codel codel;

    long backlogBytes;
    int backlogPackets;
    /** {@code tin->flows}: flow activations, printed as new-flows. */
    long newFlowCount;
    long overlimit;
    long collisions;
    long txBytes;
    long txPackets;

    /** mac80211 A-MSDU on this TXQ: MSDUs per A-MSDU (1: off) and the peer's longest MPDU. */
    int amsduSubframes = 1;
    int amsduMaxMpduBytes;

    /** The BlockAck session of this station and TID: its retries are work for the TXQ too. */
    public dev.fqlab.sim.wifi.mac.BlockAckSession ba;

    /** Scheduler state: on its AC's active list, and the round it was last served in. */
    boolean scheduled;
    long round = -1;
    Txq schedPrev;
    Txq schedNext;

    Txq(Fq fq, int station, int tid, int ac, CodelSettings codel, Kernel kernel) {
        this.fq = fq;
        this.station = station;
        this.tid = tid;
        this.ac = ac;
        this.codel = new Codel(codel, 0, kernel);
    }

    public boolean isEmpty() {
        return backlogPackets == 0;
    }

    /** Frames to send: in the TXQ, or retransmissions waiting in its BlockAck session. */
    public boolean hasWork() {
        return backlogPackets > 0 || (ba != null && ba.hasWork());
    }

    public int backlogPackets() {
        return backlogPackets;
    }

    @Override
    public Packet dequeueHead(CodelVars vars) {
        FqFlow flow = (FqFlow) vars;
        Packet p = flow.removeHead();
        if (p != null) {
            fq.removed(flow, p);
        }
        return p;
    }

    /** mac80211 compares the flow's own backlog with a floor of 0. */
    @Override
    public long backlog(CodelVars vars) {
        return ((FqFlow) vars).backlog();
    }

    /**
     * Lets mac80211 build A-MSDUs in this TXQ ({@code TX_AMSDU}, a BlockAck session on the TID):
     * {@code maxSubframes} stands for the smaller of the peer's {@code max_amsdu_subframes} and the driver's
     * {@code max_tx_fragments}, {@code maxMpduBytes} for the peer's {@code max_amsdu_len}.
     */
    public void enableAmsdu(int maxSubframes, int maxMpduBytes) {
        this.amsduSubframes = maxSubframes;
        this.amsduMaxMpduBytes = maxMpduBytes;
    }

    @Override
    public void codelDrop(Packet p, long now) {
        fq.dropFrame(p, now);
    }

    /** The TXQ's row of the {@code aqm} file. */
    public TxqResult result(String stationName, String acName) {
        var s = codel.stats();
        return new TxqResult(stationName, tid, acName, backlogBytes, backlogPackets, newFlowCount, s.dropCount(),
                s.ecnMark(), overlimit, collisions, txBytes, txPackets);
    }

    public boolean carriedTraffic() {
        return txPackets > 0 || backlogPackets > 0 || overlimit > 0 || codel.stats().dropCount() > 0;
    }
}
