package dev.fqlab.sim.wifi;

import dev.fqlab.sim.wifi.mac.Ppdu;
import dev.fqlab.sim.wifi.mac80211.Txq;
import dev.fqlab.sim.wifi.mac80211.TxqScheduler;

/**
 * ath9k's pull-per-aggregate driver, kernel-spec §5.1: the driver builds an A-MPDU only while the AC's hardware
 * queue holds fewer than {@code hwQueueAggregates} (2) of them — one on the air, one ready — so everything else
 * waits in the TXQs where fq/CoDel and the scheduler act. Each aggregate is one scheduling pass: the scheduler
 * names a TXQ, the driver fills a PPDU from its retries and its frames. Runs on every wake and every completion.
 */
final class Ath9kDriver implements ApDriver {
    private final AccessPoint ap;
    private final TxqScheduler scheduler;
    private final int depth;
    private final Ppdu[][] ring;
    private final int[] head = new int[4];
    private final int[] count = new int[4];

    Ath9kDriver(AccessPoint ap, TxqScheduler scheduler, int hwQueueAggregates, int maxSubframes) {
        this.ap = ap;
        this.scheduler = scheduler;
        this.depth = hwQueueAggregates;
        this.ring = new Ppdu[4][depth];
        for (int ac = 0; ac < 4; ac++) {
            for (int i = 0; i < depth; i++) {
                ring[ac][i] = new Ppdu(maxSubframes);
            }
        }
    }

    @Override
    public void wake(Txq txq, long now) {
        scheduler.schedule(txq);
        fill(txq.ac, now);
    }

    /** Builds aggregates until the hardware queue is full or no TXQ has anything to give. */
    private void fill(int ac, long now) {
        while (count[ac] < depth) {
            Ppdu slot = ring[ac][(head[ac] + count[ac]) % depth];
            if (!buildOne(ac, slot, now)) {
                return;
            }
            count[ac]++;
            ap.wakeMedium(ac, now);
        }
    }

    private boolean buildOne(int ac, Ppdu slot, long now) {
        scheduler.startRound(ac);
        for (Txq txq = scheduler.next(ac); txq != null; txq = scheduler.next(ac)) {
            ap.buildFromTxq(slot, txq, now);
            scheduler.giveBack(txq);
            if (!slot.isEmpty()) {
                return true;
            }
        }
        return false;
    }

    @Override
    public boolean hasFrames(int ac) {
        return count[ac] > 0;
    }

    @Override
    public Ppdu startTxop(int ac, long now) {
        return count[ac] > 0 ? ring[ac][head[ac]] : null;
    }

    @Override
    public void completed(int ac, Ppdu ppdu, int finishedMpdus, long now) {
        head[ac] = (head[ac] + 1) % depth;
        count[ac]--;
        fill(ac, now);
    }

    @Override
    public int heldFor(int station) {
        int n = 0;
        for (int ac = 0; ac < 4; ac++) {
            for (int i = 0; i < count[ac]; i++) {
                Ppdu p = ring[ac][(head[ac] + i) % depth];
                if (p.station == station) {
                    n += p.count();
                }
            }
        }
        return n;
    }
}
