package dev.fqlab.sim.wifi;

import dev.fqlab.sim.core.RandomStream;
import dev.fqlab.sim.packet.DropListener;
import dev.fqlab.sim.packet.Packet;
import dev.fqlab.sim.packet.PacketFifo;
import dev.fqlab.sim.packet.PacketSink;
import dev.fqlab.sim.packet.Truesize;
import dev.fqlab.sim.packet.TxCompletion;
import dev.fqlab.sim.scenario.AccessCategory;
import dev.fqlab.sim.scenario.StationSpec;
import dev.fqlab.sim.wifi.channel.FrameErrors;
import dev.fqlab.sim.wifi.mac.BlockAckSession;
import dev.fqlab.sim.wifi.mac.FrameSource;
import dev.fqlab.sim.wifi.mac.Ppdu;
import dev.fqlab.sim.wifi.mac.PpduBuilder;
import dev.fqlab.sim.wifi.mac.ReorderBuffer;
import dev.fqlab.sim.wifi.phy.PhyMode;
import dev.fqlab.sim.wifi.rc.RateControl;
import dev.fqlab.sim.wifi.rc.RateControls;
import dev.fqlab.sim.wifi.rc.RateCounters;
import dev.fqlab.sim.wifi.rc.RetryChain;

/**
 * A WiFi station (scenario.md {@code stations}): it sends its own traffic to the AP from a per-AC FIFO of
 * {@code hwQueuePackets} frames (tail drop), aggregating like the AP, and receives the AP's frames through one
 * reorder buffer per TID. MPDUs it has finished with (acknowledged or given up) are reported as TX completions.
 */
final class StationNode implements Medium.Transmitter, PacketSink {
    final int index;
    final String name;
    final PhyMode phy;
    /** The air between the station and the AP, uplink: its channel, or the fixed {@code frameErrorRate}. */
    private final FrameErrors frameErrors;
    final StationStats stats;
    /** The station's own rate control toward the AP, and what each rate carried. */
    final RateControl rateControl;
    final RateCounters rateCounters;
    /** Per AC: the PPDU the hardware sends again (no BlockAck/Ack came), or null. */
    private final boolean[] retrying = new boolean[4];
    private final WifiContext context;
    private final AccessPoint ap;
    private final Medium medium;
    private final PpduBuilder builder;
    private final PacketFifo[] fifo = new PacketFifo[4];
    private final FrameSource[] sources = new FrameSource[4];
    private final BlockAckSession[] sessions = new BlockAckSession[8];
    private final ReorderBuffer[] reorder = new ReorderBuffer[8];
    private final Medium.Contender[] contenders = new Medium.Contender[4];
    private final Ppdu[] ppdus = new Ppdu[4];
    private final int capacity;
    private final int retryLimit;
    private final RandomStream losses;
    private final DropListener drops;
    private final TxCompletion completions;

    /**
     * @param index the station's place in the scenario's {@code stations}
     * @param builder the stations' PPDU builder
     * @param deliver where the AP's frames go once the station's reorder buffer releases them
     */
    StationNode(WifiContext context, int index, AccessPoint ap, Medium medium, PpduBuilder builder,
                PacketSink deliver) {
        StationSpec spec = context.stations.get(index);
        this.context = context;
        this.index = index;
        this.name = spec.name();
        this.phy = PhyMode.of(context.link, spec);
        this.frameErrors = context.channels[index].uplink();
        this.rateControl = RateControls.create(context.link, spec, context.random("rc.minstrel.up." + name),
                context.sim.now());
        this.rateCounters = new RateCounters(rateControl);
        this.ap = ap;
        this.medium = medium;
        this.builder = builder;
        this.capacity = context.stack.driver().hwQueuePackets();
        this.retryLimit = context.link.retryLimit();
        this.losses = context.random("air.loss.up." + name);
        this.drops = context.drops;
        this.completions = context.completions;
        this.stats = new StationStats(context.warmupNs);
        int maxSubframes = Math.max(1, context.link.ampdu().maxSubframes());
        for (int ac = 0; ac < 4; ac++) {
            PacketFifo queue = new PacketFifo();
            fifo[ac] = queue;
            sources[ac] = t -> queue.poll();
            ppdus[ac] = new Ppdu(maxSubframes);
            contenders[ac] = medium.contender(this, AccessCategory.values()[ac]);
        }
        for (int tid = 0; tid < 8; tid++) {
            reorder[tid] = new ReorderBuffer(deliver);
        }
    }

    /** Connects the uplink BlockAck sessions to the AP's reorder buffers. */
    void connect() {
        for (int tid = 0; tid < 8; tid++) {
            sessions[tid] = new BlockAckSession(ap.uplinkReorder(index, tid));
        }
    }

    /** The downlink reorder buffer of a TID. */
    ReorderBuffer reorder(int tid) {
        return reorder[tid];
    }

    /** A packet from one of the station's own senders (an up flow or a probe). */
    @Override
    public void accept(Packet p, long now) {
        p.length = p.ipBytes + 14;
        p.truesize = Truesize.of(p.length);
        int ac = acOf(p);
        if (fifo[ac].packets() >= capacity) {
            drops.dropped(p, now);
            return;
        }
        p.enqueuedAt = now;
        fifo[ac].add(p);
        medium.wake(contenders[ac], now);
    }

    private int acOf(Packet p) {
        return context.acOf(p.flowId);
    }

    @Override
    public boolean hasFrames(int ac) {
        return retrying[ac] || !fifo[ac].isEmpty() || sessions[Tids.TID_OF_AC[ac]].hasWork();
    }

    @Override
    public Ppdu startTxop(int ac, long now) {
        if (retrying[ac]) {
            return ppdus[ac]; // the hardware sends its unanswered PPDU again
        }
        return build(ac, PpduBuilder.NO_LIMIT, now);
    }

    /** Rate control gives the PPDU its retry chain; the aggregate is built for it. */
    private Ppdu build(int ac, long maxExchangeNs, long now) {
        int tid = Tids.TID_OF_AC[ac];
        Ppdu ppdu = ppdus[ac];
        rateControl.fillChain(ppdu.chain, now);
        builder.build(ppdu, index, tid, ac, sessions[tid], sources[ac], ppdu.chain,
                ac != AccessCategory.VO.ordinal(), maxExchangeNs, now);
        if (ppdu.isEmpty()) {
            return null;
        }
        rateControl.sent(ppdu.chain, now);
        return ppdu;
    }

    /** TXOP bursting: the next PPDU to the AP whose exchange fits in what is left of the TXOP. */
    @Override
    public Ppdu continueTxop(int ac, long remainingNs, long now) {
        return build(ac, remainingNs, now);
    }

    /** Each MPDU reaches the AP with its channel's success probability at this attempt's rate. */
    @Override
    public boolean receive(int ac, Ppdu ppdu) {
        return AccessPoint.drawLosses(ppdu, frameErrors, losses, stats, context.sim.now());
    }

    @Override
    public boolean endTxop(int ac, Ppdu ppdu, boolean collided, long now) {
        RetryChain chain = ppdu.chain;
        int rate = chain.currentRate();
        rateCounters.attempt(rate, ppdu.count(), ppdu.airtimeNs);
        if (AccessPoint.hardwareRetry(ppdu, AccessPoint.answered(ppdu, collided))) {
            stats.txop(ppdu.airtimeNs, ppdu.count(), true, now);
            ap.receivedFrom(index, ac, ppdu.airtimeNs, now);
            retrying[ac] = true;
            return false;
        }
        retrying[ac] = false;
        BlockAckSession ba = sessions[ppdu.tid];
        int acked = 0;
        boolean anyAcked = false;
        boolean anyRetried = false;
        for (int i = 0; i < ppdu.count(); i++) {
            Packet p = ppdu.mpdu(i);
            p.transmissions++;
            if (!collided && ppdu.received(i)) {
                anyAcked = true;
                acked++;
                completions.txCompleted(p, now);
                ba.acknowledged(p, now);
            } else if (p.transmissions >= retryLimit) {
                stats.failedMpdus++;
                completions.txCompleted(p, now);
                ba.abandoned(p, now);
                drops.dropped(p, now);
            } else {
                stats.retries++;
                anyRetried = true;
                ba.failed(p);
            }
        }
        rateCounters.acked(rate, acked);
        rateControl.txStatus(chain, ppdu.count(), acked, now);
        long airtime = ppdu.airtimeNs;
        stats.txop(airtime, ppdu.count(), true, now);
        ap.receivedFrom(index, ac, airtime, now);
        return anyAcked || !anyRetried;
    }

    @Override
    public int priority(int ac) {
        return Tids.priority(ac);
    }

    /** Frames waiting to go up. */
    int queued() {
        int n = 0;
        for (int ac = 0; ac < 4; ac++) {
            n += fifo[ac].packets();
        }
        return n;
    }
}
