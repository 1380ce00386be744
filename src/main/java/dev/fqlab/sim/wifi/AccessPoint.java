package dev.fqlab.sim.wifi;

import dev.fqlab.sim.core.Event;
import dev.fqlab.sim.core.RandomStream;
import dev.fqlab.sim.packet.DropListener;
import dev.fqlab.sim.packet.Packet;
import dev.fqlab.sim.packet.PacketSink;
import dev.fqlab.sim.packet.Truesize;
import dev.fqlab.sim.packet.TxCompletion;
import dev.fqlab.sim.qdisc.Qdisc;
import dev.fqlab.sim.result.QdiscResult;
import dev.fqlab.sim.result.TxqResult;
import dev.fqlab.sim.scenario.AccessCategory;
import dev.fqlab.sim.scenario.AmsduLocation;
import dev.fqlab.sim.scenario.AmsduSpec;
import dev.fqlab.sim.scenario.CodelSettings;
import dev.fqlab.sim.scenario.StackSpec;
import dev.fqlab.sim.scenario.StationSpec;
import dev.fqlab.sim.scenario.TxqsSpec;
import dev.fqlab.sim.wifi.channel.FrameErrors;
import dev.fqlab.sim.wifi.driver.ApDriver;
import dev.fqlab.sim.wifi.driver.DriverHost;
import dev.fqlab.sim.wifi.driver.Drivers;
import dev.fqlab.sim.wifi.driver.ForwardingCore;
import dev.fqlab.sim.wifi.mac.Amsdu;
import dev.fqlab.sim.wifi.mac.BlockAckSession;
import dev.fqlab.sim.wifi.mac.FrameSource;
import dev.fqlab.sim.wifi.mac.Ppdu;
import dev.fqlab.sim.wifi.mac.PpduBuilder;
import dev.fqlab.sim.wifi.mac.ReorderBuffer;
import dev.fqlab.sim.wifi.mac80211.Aql;
import dev.fqlab.sim.wifi.mac80211.ExpectedTxAirtime;
import dev.fqlab.sim.wifi.mac80211.Fq;
import dev.fqlab.sim.wifi.mac80211.SlowStationCodel;
import dev.fqlab.sim.wifi.mac80211.Txq;
import dev.fqlab.sim.wifi.mac80211.TxqScheduler;
import dev.fqlab.sim.wifi.phy.Edca;
import dev.fqlab.sim.wifi.phy.MacFraming;
import dev.fqlab.sim.wifi.phy.PhyMode;
import dev.fqlab.sim.wifi.rc.RateControl;
import dev.fqlab.sim.wifi.rc.RateControls;
import dev.fqlab.sim.wifi.rc.RateCounters;
import dev.fqlab.sim.wifi.rc.RetryChain;
import java.util.ArrayList;
import java.util.List;

/**
 * The AP and its transmit stack, kernel-spec §3–§5: the interface qdisc, then either mac80211's TXQs (fq + CoDel
 * per flow, one TXQ per station and TID, a station scheduler, AQL) or — with {@code txqs.enabled: false} — the
 * legacy driver buffer, then the driver ({@code sim.wifi.driver}), then the air. It also receives the stations'
 * uplink frames and passes them on toward the server in order. On the air it uses the AP's own EDCA parameters
 * ({@link Edca#accessPoint}: hostapd's default {@code tx_queue_data*}, VI and VO with AIFSN 1, BE with CWmax 63), not
 * the set it advertises to the stations.
 */
public final class AccessPoint implements Medium.Transmitter, PacketSink, DriverHost {
    private final WifiContext context;
    private final Medium medium;
    private final Qdisc qdisc;
    private final Fq fq;
    private final Txq[][] txqs;
    /** Each flow's TXQ (its station's, for its AC): one load per packet instead of two table look-ups. */
    private final Txq[] txqOfFlow;
    private final TxqScheduler scheduler;
    private final Aql aql;
    private final ApDriver driver;
    private final ForwardingCore forwarding;
    /** The forwarding core costs nothing ({@link ForwardingCore#passesThrough}): packets go to {@link #forwarded} directly. */
    private final boolean forwardingFree;
    private final PpduBuilder builder;
    private final int retryLimit;
    /** The qdisc's head packet while the driver has no room for it (a stopped netdev queue). */
    private Packet requeued;
    private final Medium.Contender[] contenders = new Medium.Contender[4];
    private final DropListener drops;
    private final TxCompletion completions;
    private final TxqSource txqSource = new TxqSource();
    private final Event qdiscWatchdog = new Event() {
        @Override
        protected void fire(long now) {
            pumpQdisc(now);
        }
    };
    /** ath10k's firmware A-MSDU: the driver moves (and the firmware queue counts) MSDUs, several per MPDU. */
    private final boolean firmwareAmsdu;

    private StationNode[] stations;
    private BlockAckSession[][] sessions;
    private ReorderBuffer[][] uplink;
    private RandomStream[] losses;
    /** Per station: the AP's rate control toward it, what each rate carried, and the downlink's frame errors. */
    private RateControl[] rateControl;
    private RateCounters[] rateCounters;
    private FrameErrors[] frameErrors;
    /** Per AC: the PPDU the hardware sends again at its chain's next attempt (no BlockAck/Ack came), or null. */
    private final Ppdu[] retrying = new Ppdu[4];

    /** The frame source of one TXQ for the PPDU builder, reused (no allocation per PPDU). */
    private final class TxqSource implements FrameSource {
        Txq txq;

        @Override
        public Packet take(long now) {
            return txDequeue(txq, now);
        }
    }

    /** @param qdisc the interface qdisc, or null for noqueue */
    AccessPoint(WifiContext context, Medium medium, Qdisc qdisc) {
        this.context = context;
        this.medium = medium;
        this.qdisc = qdisc;
        this.drops = context.drops;
        this.completions = context.completions;
        this.retryLimit = context.link.retryLimit();
        StackSpec stack = context.stack;
        AmsduSpec amsdu = context.link.amsdu();
        int amsduSubframes = amsdu.resolvedMaxSubframes(stack.driver().dequeue(), context.link.standard());
        AmsduLocation amsduWhere = amsdu.resolvedWhere(stack.driver().dequeue());
        int amsduMpduBytes = amsdu.mpduLimitBytes(context.link.standard());
        this.firmwareAmsdu = amsduSubframes > 1 && amsduWhere == AmsduLocation.FIRMWARE;
        this.builder = firmwareAmsdu ? new PpduBuilder(context.link.ampdu(), amsduSubframes, amsduMpduBytes)
                : new PpduBuilder(context.link.ampdu());
        int stationCount = context.stations.size();
        TxqsSpec tidQueues = Drivers.tidQueues(stack);
        this.fq = new Fq(tidQueues, drops, context.kernel);
        this.txqs = new Txq[stationCount][4];
        boolean perStationCodel = SlowStationCodel.applies(context.kernel.profile(), stack);
        for (int s = 0; s < stationCount; s++) {
            CodelSettings codel = tidQueues.codel();
            if (perStationCodel) {
                StationSpec station = context.stations.get(s);
                PhyMode mode = PhyMode.of(context.link, station);
                long thr = SlowStationCodel.expectedThroughput(mode,
                        context.channels[s].initialSuccessProbability(mode));
                codel = SlowStationCodel.parameters(codel, thr, stationCount);
            }
            for (AccessCategory ac : AccessCategory.values()) {
                txqs[s][ac.ordinal()] = fq.newTxq(s, Tids.tid(ac), ac.ordinal(), codel);
            }
            boolean aggregates = context.link.ampdu().enabled()
                    && PhyMode.of(context.link, context.stations.get(s)).aggregates();
            if (amsduSubframes > 1 && amsduWhere == AmsduLocation.MAC80211 && stack.txqs().enabled() && aggregates) {
                for (AccessCategory ac : AccessCategory.values()) {
                    if (ac != AccessCategory.VO) { // the TIDs with a BlockAck session
                        txqs[s][ac.ordinal()].enableAmsdu(amsduSubframes, amsduMpduBytes);
                    }
                }
            }
        }
        this.txqOfFlow = new Txq[context.flows()];
        for (int f = 0; f < txqOfFlow.length; f++) {
            txqOfFlow[f] = txqs[context.stationOf(f)][context.acOf(f)];
        }
        this.aql = new Aql(stack.aql(), stationCount, context.kernel.profile());
        this.scheduler = TxqScheduler.create(stack.scheduler(), stationCount, airtimeWeights(context.stations), aql);
        this.driver = Drivers.create(this, context.sim, stack, context.link);
        this.forwarding = new ForwardingCore(stack.driver(), context.sim, this::forwarded, drops);
        this.forwardingFree = forwarding.passesThrough();
        for (AccessCategory ac : AccessCategory.values()) {
            contenders[ac.ordinal()] = medium.contender(this, Edca.accessPoint(ac)); // the AP's own EDCA set
        }
        if (qdisc != null) {
            // sch_fq's watchdog: dequeue again when a throttled flow's packet is due (__netif_schedule)
            qdisc.watchdog(at -> context.sim.schedule(qdiscWatchdog, at));
        }
    }

    private static int[] airtimeWeights(List<StationSpec> stations) {
        int[] weights = new int[stations.size()];
        for (int s = 0; s < weights.length; s++) {
            weights[s] = stations.get(s).airtimeWeight();
        }
        return weights;
    }

    /** Second phase of construction, once the stations exist. */
    void connect(StationNode[] stationNodes, PacketSink toServer) {
        this.stations = stationNodes;
        int n = stationNodes.length;
        this.losses = new RandomStream[n];
        this.rateControl = new RateControl[n];
        this.rateCounters = new RateCounters[n];
        this.frameErrors = new FrameErrors[n];
        this.sessions = new BlockAckSession[n][8];
        this.uplink = new ReorderBuffer[n][8];
        for (int s = 0; s < n; s++) {
            losses[s] = context.random("air.loss.down." + stationNodes[s].name);
            StationSpec spec = context.stations.get(s);
            rateControl[s] = RateControls.create(context.link, spec,
                    context.random("rc.minstrel.down." + stationNodes[s].name), context.sim.now());
            rateCounters[s] = new RateCounters(rateControl[s]);
            frameErrors[s] = context.channels[s].downlink();
            for (int tid = 0; tid < 8; tid++) {
                sessions[s][tid] = new BlockAckSession(stationNodes[s].reorder(tid));
                uplink[s][tid] = new ReorderBuffer(toServer);
            }
            if (driver.retriesAreTxqWork()) {
                for (int ac = 0; ac < 4; ac++) {
                    txqs[s][ac].ba = sessions[s][txqs[s][ac].tid];
                }
            }
        }
    }

    // --- from the server down to the TXQs -------------------------------------------------------------------

    /** A packet from the server for one of the stations: to the forwarding core, which hands it on. */
    @Override
    public void accept(Packet p, long now) {
        if (forwardingFree) {
            forwarded(p, now); // what the core would do at once, two calls fewer per packet
        } else {
            forwarding.accept(p, now);
        }
    }

    /** The forwarding core carried the packet into the stack: the qdisc, or the TXQs. */
    private void forwarded(Packet p, long now) {
        p.length = p.ipBytes + 14; // the 802.3 frame mac80211 and the qdisc account
        p.truesize = Truesize.of(p.length);
        if (qdisc == null) {
            toTxq(p, now);
            return;
        }
        qdisc.enqueue(p, now);
        pumpQdisc(now);
    }

    /**
     * Moves packets from the qdisc down while the device takes them: always with TXQs (they never push back),
     * into the legacy pool while its AC has room (else the head waits, requeued, like a stopped netdev queue).
     */
    private void pumpQdisc(long now) {
        if (qdisc == null) {
            return;
        }
        while (true) {
            Packet p = requeued != null ? requeued : qdisc.dequeue(now);
            requeued = null;
            if (p == null) {
                return;
            }
            if (!driver.hasRoom(context.acOf(p.flowId))) {
                requeued = p;
                return;
            }
            toTxq(p, now);
        }
    }

    private void toTxq(Packet p, long now) {
        Txq txq = txqOfFlow[p.flowId];
        fq.enqueue(txq, p, now);
        driver.wake(txq, now);
    }

    /** {@code ieee80211_tx_dequeue}: the AQL gate, then fq; charges the frame's airtime estimate to AQL. */
    @Override
    public Packet txDequeue(Txq txq, long now) {
        if (!aql.mayDequeue(txq.station, txq.ac)) {
            return null;
        }
        Packet p = fq.dequeue(txq, now);
        if (p != null && aql.enabled()) {
            p.aqlNs = Math.toIntExact(airtimeEstimateNs(rateControl[txq.station].primaryMode(), p,
                    txq.ac != AccessCategory.VO.ordinal()));
            aql.dequeued(txq.station, txq.ac, p.aqlNs);
        }
        return p;
    }

    /**
     * What AQL charges for one frame: mac80211's expected airtime ({@code ieee80211_calc_expected_tx_airtime},
     * Linux 6.6, kernel-spec §4.6) as {@code ieee80211_info_set_tx_time_est} stores it, rounded down to 4 µs and at
     * most 4092 µs; {@link ExpectedTxAirtime} has the arithmetic. A mac80211 A-MSDU is one skb: one estimate from
     * its whole length ({@code skb->len} = header 26 + the A-MSDU), as {@code ieee80211_tx_dequeue} computes it; its
     * other MSDUs carry none. (With firmware A-MSDU mac80211 sees, and charges, each MSDU on its own.)
     */
    static long airtimeEstimateNs(PhyMode phy, Packet p, boolean ampdu) {
        if (p.amsduMsdus > 1) {
            int skbLen = MacFraming.QOS_DATA_HEADER_BYTES + p.amsduBytes;
            return ExpectedTxAirtime.chargedUs(ExpectedTxAirtime.estimateUs(phy, skbLen, ampdu)) * 1_000;
        }
        return ExpectedTxAirtime.aqlNs(phy, p.ipBytes, ampdu);
    }

    // --- the driver's view -----------------------------------------------------------------------------------

    @Override
    public TxqScheduler scheduler() {
        return scheduler;
    }

    @Override
    public int stations() {
        return txqs.length;
    }

    @Override
    public int tidOf(int ac) {
        return Tids.TID_OF_AC[ac];
    }

    @Override
    public void buildFromTxq(Ppdu ppdu, Txq txq, long now) {
        txqSource.txq = txq;
        build(ppdu, txq.station, txq.tid, txq.ac, txqSource, now);
    }

    /** A-MPDUs for every AC but VO (which goes as single frames). */
    @Override
    public void build(Ppdu ppdu, int station, int tid, int ac, FrameSource source, long now) {
        build(ppdu, station, tid, ac, source, PpduBuilder.NO_LIMIT, now);
    }

    /** Rate control gives the PPDU its retry chain ({@code get_rate}); the aggregate is built for it. */
    @Override
    public void build(Ppdu ppdu, int station, int tid, int ac, FrameSource source, long maxExchangeNs, long now) {
        RateControl rc = rateControl[station];
        rc.fillChain(ppdu.chain, now);
        builder.build(ppdu, station, tid, ac, sessions[station][tid], source, ppdu.chain,
                ac != AccessCategory.VO.ordinal(), maxExchangeNs, now);
        if (!ppdu.isEmpty()) {
            rc.sent(ppdu.chain, now);
        }
    }

    @Override
    public BlockAckSession session(int station, int tid) {
        return sessions[station][tid];
    }

    @Override
    public void wakeMedium(int ac, long now) {
        medium.wake(contenders[ac], now);
    }

    @Override
    public int txqBacklog(int ac) {
        int n = 0;
        for (Txq[] perStation : txqs) {
            n += perStation[ac].backlogPackets();
        }
        return n;
    }

    ReorderBuffer uplinkReorder(int station, int tid) {
        return uplink[station][tid];
    }

    // --- the air ---------------------------------------------------------------------------------------------

    @Override
    public boolean hasFrames(int ac) {
        return retrying[ac] != null || driver.hasFrames(ac);
    }

    /** The hardware's unanswered PPDU goes again first; else the driver's next. */
    @Override
    public Ppdu startTxop(int ac, long now) {
        return retrying[ac] != null ? retrying[ac] : driver.startTxop(ac, now);
    }

    /** TXOP bursting: the driver's next PPDU if its exchange fits in what is left of the TXOP. */
    @Override
    public Ppdu continueTxop(int ac, long remainingNs, long now) {
        return driver.continueTxop(ac, remainingNs, now);
    }

    /** Each MPDU reaches the station with its channel's success probability at this attempt's rate. */
    @Override
    public boolean receive(int ac, Ppdu ppdu) {
        return drawLosses(ppdu, frameErrors[ppdu.station], losses[ppdu.station], stations[ppdu.station].stats,
                context.sim.now());
    }

    /**
     * One draw per MPDU: lost when the draw falls below 1 − the success probability of the MPDU's length (an
     * A-MSDU's whole MPDU) at this attempt's rate (with a fixed {@code frameErrorRate}, below the rate itself, as
     * before rate control and the channel existed). The receiving station's statistics count each draw.
     */
    static boolean drawLosses(Ppdu ppdu, FrameErrors errors, RandomStream loss, StationStats stats, long now) {
        PhyMode mode = ppdu.chain.currentMode();
        boolean any = false;
        for (int i = 0; i < ppdu.count(); i++) {
            double success = errors.successProbability(mode, Amsdu.mpduBytes(ppdu.mpdu(i)), now);
            boolean ok = loss.nextDouble() >= 1 - success;
            ppdu.received(i, ok);
            stats.drawn(ok);
            any |= ok;
        }
        return any;
    }

    /** Whether the peer answered the attempt (a BlockAck or Ack: at least one MPDU got through, no collision). */
    static boolean answered(Ppdu ppdu, boolean collided) {
        if (collided) {
            return false;
        }
        for (int i = 0; i < ppdu.count(); i++) {
            if (ppdu.received(i)) {
                return true;
            }
        }
        return false;
    }

    /**
     * An attempt without an answer while the chain has tries left: ath9k's hardware sends the same PPDU again after
     * a new backoff, at the chain's current series ({@code ath_tx_complete_aggr} sees it only when the chain is
     * exhausted). The attempt's air time counts; the MPDUs stay as they are. Returns the chain's verdict.
     */
    static boolean hardwareRetry(Ppdu ppdu, boolean answered) {
        RetryChain chain = ppdu.chain;
        if (answered) {
            chain.answered();
            return false;
        }
        if (!chain.failed()) {
            return false;
        }
        PpduBuilder.time(ppdu, chain.currentMode());
        ppdu.rts = chain.currentRts();
        return true;
    }

    /**
     * The MPDUs the station received are acknowledged (none when the TXOP collided); a failed one is retransmitted
     * from its BlockAck session until {@code retryLimit} transmissions, then dropped. Finished frames return their
     * AQL estimate and their legacy pool buffer and are reported as TX completions (the skb is freed: TCP Small
     * Queues, kernel-spec §6) before they travel on; the station is charged the exchange's airtime.
     */
    @Override
    public boolean endTxop(int ac, Ppdu ppdu, boolean collided, long now) {
        StationNode station = stations[ppdu.station];
        RetryChain chain = ppdu.chain;
        int rate = chain.currentRate();
        rateCounters[ppdu.station].attempt(rate, ppdu.count(), ppdu.airtimeNs);
        boolean answered = answered(ppdu, collided);
        if (hardwareRetry(ppdu, answered)) {
            station.stats.txop(ppdu.airtimeNs, ppdu.count(), false, now);
            scheduler.chargeAirtime(ppdu.station, ac, ppdu.airtimeNs, 0);
            retrying[ac] = ppdu;
            return false; // no BlockAck: the contention window doubles
        }
        retrying[ac] = null;
        BlockAckSession ba = sessions[ppdu.station][ppdu.tid];
        int acked = 0;
        boolean anyAcked = false;
        boolean anyRetried = false;
        int finished = 0;
        for (int i = 0; i < ppdu.count(); i++) {
            Packet p = ppdu.mpdu(i);
            p.transmissions++;
            if (!collided && ppdu.received(i)) {
                anyAcked = true;
                acked++;
                finished += driverFrames(p);
                release(ppdu.station, ac, p, now);
                ba.acknowledged(p, now);
            } else if (p.transmissions >= retryLimit) {
                finished += driverFrames(p);
                station.stats.failedMpdus++;
                release(ppdu.station, ac, p, now);
                ba.abandoned(p, now);
                dropMpdu(p, now);
            } else {
                station.stats.retries++;
                anyRetried = true;
                ba.failed(p);
            }
        }
        rateCounters[ppdu.station].acked(rate, acked);
        rateControl[ppdu.station].txStatus(chain, ppdu.count(), acked, now);
        long airtime = ppdu.airtimeNs;
        station.stats.txop(airtime, ppdu.count(), false, now);
        scheduler.chargeAirtime(ppdu.station, ac, airtime, 0);
        if (ba.hasWork() && driver.retriesAreTxqWork()) {
            scheduler.schedule(txqs[ppdu.station][ac]); // retries are work for the TXQ's next service
        }
        driver.completed(ac, ppdu, finished, now);
        pumpQdisc(now);
        return anyAcked || !anyRetried;
    }

    /** The frames the driver handed over for this MPDU: its MSDUs with firmware A-MSDU, else one skb. */
    private int driverFrames(Packet mpdu) {
        return firmwareAmsdu ? Amsdu.msdus(mpdu) : 1;
    }

    /** Every MSDU of the MPDU returns its AQL estimate and is reported as a TX completion. */
    private void release(int station, int ac, Packet mpdu, long now) {
        for (Packet p = mpdu; p != null; p = p.msduNext) {
            aql.completed(station, ac, p.aqlNs);
            if (p == mpdu || firmwareAmsdu) {
                driver.released(ac);
            }
            completions.txCompleted(p, now);
        }
    }

    /** The transmitter gives up on the MPDU: all its MSDUs are dropped. */
    private void dropMpdu(Packet mpdu, long now) {
        Packet p = mpdu;
        while (p != null) {
            Packet next = Amsdu.detach(p);
            drops.dropped(p, now);
            p = next;
        }
    }

    /** A station's uplink TXOP: its airtime counts against it (RX airtime). */
    void receivedFrom(int station, int ac, long airtimeNs, long now) {
        scheduler.chargeAirtime(station, ac, 0, airtimeNs);
    }

    @Override
    public int priority(int ac) {
        return Tids.priority(ac);
    }

    // --- results ---------------------------------------------------------------------------------------------

    /** The AP's rate control toward a station. */
    RateControl rateControl(int station) {
        return rateControl[station];
    }

    RateCounters rateCounters(int station) {
        return rateCounters[station];
    }

    /** Packets waiting at the AP for a station: TXQs (or legacy TID queues), retries, driver and firmware. */
    int queuedFor(int station) {
        int n = driver.heldFor(station);
        for (int ac = 0; ac < 4; ac++) {
            n += txqs[station][ac].backlogPackets();
        }
        for (int tid = 0; tid < 8; tid++) {
            n += sessions[station][tid].queued();
        }
        return n;
    }

    /** The TXQs that carried traffic, as the per-station {@code aqm} file counts them (none on the legacy path). */
    List<TxqResult> txqResults(String[] stationNames) {
        List<TxqResult> rows = new ArrayList<>();
        if (!driver.mac80211Txqs()) {
            return rows;
        }
        for (int s = 0; s < txqs.length; s++) {
            for (Txq txq : sortedByTid(txqs[s])) {
                if (txq.carriedTraffic()) {
                    rows.add(txq.result(stationNames[s], Tids.acOfTid(txq.tid).name()));
                }
            }
        }
        return rows;
    }

    private static List<Txq> sortedByTid(Txq[] perStation) {
        List<Txq> list = new ArrayList<>(List.of(perStation));
        list.sort((a, b) -> Integer.compare(a.tid, b.tid));
        return list;
    }

    QdiscResult qdiscResult() {
        if (qdisc != null) {
            return qdisc.result();
        }
        return QdiscResult.noqueue();
    }
}
