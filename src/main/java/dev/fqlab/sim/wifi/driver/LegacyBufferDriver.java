package dev.fqlab.sim.wifi.driver;

import dev.fqlab.sim.scenario.CodelSettings;
import dev.fqlab.sim.scenario.TxqsSpec;
import dev.fqlab.sim.wifi.mac.Ppdu;
import dev.fqlab.sim.wifi.mac80211.Txq;

/**
 * The legacy driver buffer, ath9k before mac80211's intermediate TXQs (drivers/net/wireless/ath/ath9k/xmit.c as stored
 * in torvalds/linux at 00bde9c630ac, a 2.6.36-era tree: {@code ath_tx_start}, {@code ath_txq_schedule},
 * {@code ath_wake_mac80211_queue}; ath9k.h at 014cf3bb1e19: {@code ATH_MAX_QDEPTH = 512 / 4 - 5 = 123}) —
 * {@code txqs.enabled: false}, seed 000 "without the patches", the FIFO baseline of kernel-spec §9.1. The driver
 * holds at most {@code hwQueuePackets} frames per AC ({@code pending_frames[q]}), shared by all stations and taken
 * from the qdisc in arrival order into per-station TID queues ({@code tid->buf_q}); when it is full the qdisc keeps
 * the packet (a requeue), as a stopped netdev queue does, and a completed aggregate of k frames makes k places. The
 * driver serves the TID queues round robin, one aggregate each, so the pool fills with the slow station's frames
 * and every station ends up with the same packet rate — the 802.11 performance anomaly. (Senders in exact lockstep
 * instead meet the drop-tail phase effect of the qdisc in front: README, "The legacy path".)
 *
 * <p>The TID queues are plain FIFOs ({@link #TID_QUEUES}) in place of the TXQs; the dequeue strategy that serves
 * them is wrapped, unchanged.
 */
final class LegacyBufferDriver implements ApDriver {
    /** The legacy driver's per-station TID queues: plain FIFOs without limits of their own (the pool limits). */
    static final TxqsSpec TID_QUEUES = TxqsSpec.SCHEMA.builder().set("enabled", false).set("fq", false).set("flows", 1)
            .set("limit", Integer.MAX_VALUE).set("memoryLimitBytes", Long.MAX_VALUE)
            .set("codel", CodelSettings.TXQ.builder().set("ecn", false).build()).build();

    private final ApDriver strategy;
    private final int capacity;
    /** Frames of each AC in the buffer: in the TID queues, in the strategy's hands or on the air. */
    private final int[] pooled = new int[4];

    LegacyBufferDriver(ApDriver strategy, int capacity) {
        this.strategy = strategy;
        this.capacity = capacity;
    }

    @Override
    public boolean hasRoom(int ac) {
        return pooled[ac] < capacity;
    }

    @Override
    public void wake(Txq txq, long now) {
        pooled[txq.ac]++;
        strategy.wake(txq, now);
    }

    @Override
    public void released(int ac) {
        pooled[ac]--;
    }

    /** No TXQs: the per-station {@code aqm} file has nothing to show. */
    @Override
    public boolean mac80211Txqs() {
        return false;
    }

    @Override
    public boolean hasFrames(int ac) {
        return strategy.hasFrames(ac);
    }

    @Override
    public Ppdu startTxop(int ac, long now) {
        return strategy.startTxop(ac, now);
    }

    @Override
    public Ppdu continueTxop(int ac, long remainingNs, long now) {
        return strategy.continueTxop(ac, remainingNs, now);
    }

    @Override
    public void completed(int ac, Ppdu ppdu, int finishedMpdus, long now) {
        strategy.completed(ac, ppdu, finishedMpdus, now);
    }

    @Override
    public int heldFor(int station) {
        return strategy.heldFor(station);
    }

    @Override
    public boolean retriesAreTxqWork() {
        return strategy.retriesAreTxqWork();
    }
}
