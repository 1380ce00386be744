package dev.fqlab.sim.wifi;

import dev.fqlab.sim.core.RandomStream;
import dev.fqlab.sim.core.Simulator;
import dev.fqlab.sim.packet.DropListener;
import dev.fqlab.sim.packet.Packet;
import dev.fqlab.sim.packet.PacketSink;
import dev.fqlab.sim.packet.Truesize;
import dev.fqlab.sim.packet.TxCompletion;
import dev.fqlab.sim.qdisc.Qdisc;
import dev.fqlab.sim.result.QdiscResult;
import dev.fqlab.sim.result.TxqResult;
import dev.fqlab.sim.scenario.AccessCategory;
import dev.fqlab.sim.scenario.CodelArithmetic;
import dev.fqlab.sim.scenario.CodelSettings;
import dev.fqlab.sim.scenario.DequeueStrategy;
import dev.fqlab.sim.scenario.PhyStandard;
import dev.fqlab.sim.scenario.QuantumMode;
import dev.fqlab.sim.scenario.StackSpec;
import dev.fqlab.sim.scenario.TxqsSpec;
import dev.fqlab.sim.scenario.WifiLinkSpec;
import dev.fqlab.sim.wifi.mac.BlockAckSession;
import dev.fqlab.sim.wifi.mac.FrameSource;
import dev.fqlab.sim.wifi.mac.Ppdu;
import dev.fqlab.sim.wifi.mac.PpduBuilder;
import dev.fqlab.sim.wifi.mac.ReorderBuffer;
import dev.fqlab.sim.wifi.mac80211.Aql;
import dev.fqlab.sim.wifi.mac80211.Fq;
import dev.fqlab.sim.wifi.mac80211.Txq;
import dev.fqlab.sim.wifi.mac80211.TxqScheduler;
import dev.fqlab.sim.wifi.phy.Edca;
import dev.fqlab.sim.wifi.phy.PhyMode;
import java.util.ArrayList;
import java.util.List;

/**
 * The AP and its transmit stack, kernel-spec §3–§5: the interface qdisc, then either mac80211's TXQs (fq + CoDel
 * per flow, one TXQ per station and TID, a station scheduler, AQL) or — with {@code txqs.enabled: false} — the
 * legacy driver buffer, then the driver, then the air. It also receives the stations' uplink frames and passes
 * them on toward the server in order.
 *
 * <p>The legacy path (seed 000 "without the patches"): the driver holds at most {@code hwQueuePackets} frames per
 * AC, shared by all stations and taken from the qdisc in arrival order into per-station TID queues; when it is
 * full the qdisc keeps the packet (a requeue), as a stopped netdev queue does. The driver serves the TID queues
 * round robin, one aggregate each, so the pool fills with the slow station's frames and both stations end up
 * with the same packet rate — the 802.11 performance anomaly.
 */
public final class AccessPoint implements Medium.Transmitter, PacketSink {
    private final Simulator sim;
    private final Medium medium;
    private final Qdisc qdisc;
    private final boolean txqsEnabled;
    private final Fq fq;
    private final Txq[][] txqs;
    private final TxqScheduler scheduler;
    private final Aql aql;
    private final ApDriver driver;
    private final PpduBuilder builder;
    private final int retryLimit;
    private final int poolCapacity;
    private final int[] pooled = new int[4];
    private Packet requeued;
    private final Medium.Contender[] contenders = new Medium.Contender[4];
    private final DropListener drops;
    private final TxCompletion completions;
    private final int[] stationOfFlow;
    private final int[] acOfFlow;
    private final TxqSource txqSource = new TxqSource();

    private StationNode[] stations;
    private BlockAckSession[][] sessions;
    private ReorderBuffer[][] uplink;
    private RandomStream[] losses;

    /** The frame source of one TXQ for the PPDU builder, reused (no allocation per PPDU). */
    private final class TxqSource implements FrameSource {
        Txq txq;

        @Override
        public Packet take(long now) {
            return txDequeue(txq, now);
        }
    }

    AccessPoint(Simulator sim, Medium medium, WifiLinkSpec link, StackSpec stack, Qdisc qdisc, int stationCount,
                int[] airtimeWeights, int[] stationOfFlow, int[] acOfFlow, DropListener drops,
                TxCompletion completions) {
        this.sim = sim;
        this.medium = medium;
        this.qdisc = qdisc;
        this.drops = drops;
        this.completions = completions;
        this.stationOfFlow = stationOfFlow;
        this.acOfFlow = acOfFlow;
        this.retryLimit = link.retryLimit();
        this.builder = new PpduBuilder(link.ampdu());
        this.txqsEnabled = stack.txqs().enabled();
        this.poolCapacity = txqsEnabled ? Integer.MAX_VALUE : stack.driver().hwQueuePackets();
        this.fq = new Fq(txqsEnabled ? stack.txqs() : legacyQueues(), drops);
        this.txqs = new Txq[stationCount][4];
        for (int s = 0; s < stationCount; s++) {
            for (AccessCategory ac : AccessCategory.values()) {
                txqs[s][ac.ordinal()] = fq.newTxq(s, Tids.tid(ac), ac.ordinal());
            }
        }
        this.aql = new Aql(stack.aql(), stationCount);
        this.scheduler = TxqScheduler.create(stack.scheduler(), stationCount, airtimeWeights, aql);
        int maxSubframes = Math.max(1, link.ampdu().maxSubframes());
        var driverSpec = stack.driver();
        this.driver = driverSpec.dequeue() == DequeueStrategy.AGGREGATE
                ? new Ath9kDriver(this, scheduler, sim, driverSpec.hwQueueAggregates(), aggregatingAcs(link),
                        maxSubframes, driverSpec.perWakeCpuUs(), driverSpec.perPacketCpuUs(),
                        driverSpec.batchContentionCpuUs())
                : new FirmwareDriver(this, scheduler, sim, driverSpec, stationCount, Tids.TID_OF_AC, maxSubframes);
        for (AccessCategory ac : AccessCategory.values()) {
            contenders[ac.ordinal()] = medium.contender(this, ac);
        }
    }

    /** Per AC, whether its frames go as A-MPDUs: never VO (as {@link #build} decides), nor 802.11a or A-MPDU off. */
    private static boolean[] aggregatingAcs(WifiLinkSpec link) {
        boolean[] aggregates = new boolean[4];
        for (AccessCategory ac : AccessCategory.values()) {
            aggregates[ac.ordinal()] = link.ampdu().enabled() && link.standard() != PhyStandard.A
                    && ac != AccessCategory.VO;
        }
        return aggregates;
    }

    /** The legacy driver's per-station TID queues: plain FIFOs without limits of their own (the pool limits). */
    private static TxqsSpec legacyQueues() {
        var noCodel = new CodelSettings(20, 100, false, null, CodelArithmetic.LINUX);
        return new TxqsSpec(false, false, 1, Integer.MAX_VALUE, Long.MAX_VALUE, 300, QuantumMode.BYTES, noCodel, true);
    }

    /** Second phase of construction, once the stations exist. */
    void connect(StationNode[] stationNodes, PacketSink toServer, RandomStream[] downlinkLosses) {
        this.stations = stationNodes;
        this.losses = downlinkLosses;
        int n = stationNodes.length;
        this.sessions = new BlockAckSession[n][8];
        this.uplink = new ReorderBuffer[n][8];
        for (int s = 0; s < n; s++) {
            for (int tid = 0; tid < 8; tid++) {
                sessions[s][tid] = new BlockAckSession(stationNodes[s].reorder(tid));
                uplink[s][tid] = new ReorderBuffer(toServer);
            }
            if (driver instanceof Ath9kDriver) {
                for (int ac = 0; ac < 4; ac++) {
                    txqs[s][ac].ba = sessions[s][txqs[s][ac].tid];
                }
            }
        }
    }

    // --- from the server down to the TXQs -------------------------------------------------------------------

    /** A packet from the server for one of the stations. */
    @Override
    public void accept(Packet p, long now) {
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
            int ac = acOfFlow[p.flowId];
            if (pooled[ac] >= poolCapacity) {
                requeued = p;
                return;
            }
            toTxq(p, now);
        }
    }

    private void toTxq(Packet p, long now) {
        int ac = acOfFlow[p.flowId];
        Txq txq = txqs[stationOfFlow[p.flowId]][ac];
        if (!txqsEnabled) {
            pooled[ac]++;
        }
        fq.enqueue(txq, p, now);
        driver.wake(txq, now);
    }

    /** {@code ieee80211_tx_dequeue}: the AQL gate, then fq; charges the frame's airtime estimate to AQL. */
    Packet txDequeue(Txq txq, long now) {
        if (!aql.mayDequeue(txq.station, txq.ac)) {
            return null;
        }
        Packet p = fq.dequeue(txq, now);
        if (p != null && aql.enabled()) {
            p.aqlNs = airtimeEstimateNs(stations[txq.station].phy, p, txq.ac != AccessCategory.VO.ordinal());
            aql.dequeued(txq.station, txq.ac, p.aqlNs);
        }
        return p;
    }

    /**
     * mac80211's expected airtime of one frame ({@code ieee80211_calc_expected_tx_airtime}, kernel-spec §4.6) as
     * AQL stores it: in 4 µs units rounded up, at most 4092 µs. Frame length {@code len + 38}. Legacy OFDM:
     * 20 + 16 µs plus the payload at the rate. HT/VHT: the per-1024-byte duration scaled to the frame plus the PPDU
     * overhead {@code 36 + 4 × streams} µs, which A-MPDU-able frames (every AC but VO) share by {@code agg_shift};
     * at least 4 µs.
     */
    static long airtimeEstimateNs(PhyMode phy, Packet p, boolean ampdu) {
        int bytes = p.length + 38;
        double us;
        if (phy.format() == PhyMode.Format.NON_HT) {
            us = 20 + 16 + bytes * 8 / phy.dataRateMbps();
        } else {
            double per1024Us = 1024 * 8 / phy.dataRateMbps();
            int overheadUs = 36 + 4 * phy.spatialStreams();
            int shift = !ampdu ? 0 : per1024Us > 400 ? 1 : per1024Us > 250 ? 2 : per1024Us > 150 ? 3 : per1024Us > 70 ? 4 : 5;
            us = Math.max(4, per1024Us * bytes / 1024 + (overheadUs >> shift)); // an integer shift, as the kernel's
        }
        long units = Math.min(1023, (long) Math.ceil(us / 4));
        return units * 4_000;
    }

    // --- the driver's view -----------------------------------------------------------------------------------

    void buildFromTxq(Ppdu ppdu, Txq txq, long now) {
        txqSource.txq = txq;
        build(ppdu, txq.station, txq.tid, txq.ac, txqSource, now);
    }

    void build(Ppdu ppdu, int station, int tid, int ac, FrameSource source, long now) {
        builder.build(ppdu, station, tid, ac, sessions[station][tid], source, stations[station].phy,
                ac != AccessCategory.VO.ordinal(), now);
    }

    BlockAckSession session(int station, int tid) {
        return sessions[station][tid];
    }

    void wakeMedium(int ac, long now) {
        medium.wake(contenders[ac], now);
    }

    int txqBacklog(int ac) {
        int n = 0;
        for (Txq[] perStation : txqs) {
            n += perStation[ac].backlogPackets();
        }
        return n;
    }

    int acOfFlow(int flowId) {
        return acOfFlow[flowId];
    }

    ReorderBuffer uplinkReorder(int station, int tid) {
        return uplink[station][tid];
    }

    // --- the air ---------------------------------------------------------------------------------------------

    @Override
    public boolean hasFrames(int ac) {
        return driver.hasFrames(ac);
    }

    @Override
    public Ppdu startTxop(int ac, long now) {
        return driver.startTxop(ac, now);
    }

    /**
     * Each MPDU is acknowledged (unless the TXOP collided) with probability 1 − frameErrorRate; a failed one is
     * retransmitted from its BlockAck session until {@code retryLimit} transmissions, then dropped. Finished
     * frames return their AQL estimate and their legacy pool buffer and are reported as TX completions (the skb is
     * freed: TCP Small Queues, kernel-spec §6) before they travel on; the station is charged the TXOP's airtime.
     */
    @Override
    public boolean endTxop(int ac, Ppdu ppdu, boolean collided, long now) {
        StationNode station = stations[ppdu.station];
        BlockAckSession ba = sessions[ppdu.station][ppdu.tid];
        RandomStream loss = losses[ppdu.station];
        boolean anyAcked = false;
        int finished = 0;
        for (int i = 0; i < ppdu.count(); i++) {
            Packet p = ppdu.mpdu(i);
            p.transmissions++;
            if (!collided && loss.nextDouble() >= station.frameErrorRate) {
                anyAcked = true;
                finished++;
                release(ppdu.station, ac, p, now);
                ba.acknowledged(p, now);
            } else if (p.transmissions >= retryLimit) {
                finished++;
                station.stats.failedMpdus++;
                release(ppdu.station, ac, p, now);
                ba.abandoned(p, now);
                drops.dropped(p, now);
            } else {
                station.stats.retries++;
                ba.failed(p);
            }
        }
        long airtime = ppdu.ppduNs + responseTime(ppdu);
        station.stats.txop(airtime, ppdu.count(), false, now);
        scheduler.chargeAirtime(ppdu.station, ac, airtime, 0);
        if (ba.hasWork() && driver instanceof Ath9kDriver) {
            scheduler.schedule(txqs[ppdu.station][ac]); // retries are work for the TXQ's next service
        }
        driver.completed(ac, ppdu, finished, now);
        pumpQdisc(now);
        return anyAcked;
    }

    private void release(int station, int ac, Packet p, long now) {
        aql.completed(station, ac, p.aqlNs);
        if (!txqsEnabled) {
            pooled[ac]--;
        }
        completions.txCompleted(p, now);
    }

    /** SIFS and the response after a PPDU: BlockAck for an A-MPDU, else ACK, at the basic rate for its rate. */
    static long responseTime(Ppdu ppdu) {
        return Edca.SIFS_NS + ppdu.responseNs;
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
        if (!txqsEnabled) {
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

    Qdisc qdisc() {
        return qdisc;
    }

    Fq fq() {
        return fq;
    }

    ApDriver driver() {
        return driver;
    }
}
