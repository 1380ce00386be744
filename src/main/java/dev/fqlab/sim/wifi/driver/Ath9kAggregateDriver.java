package dev.fqlab.sim.wifi.driver;

import dev.fqlab.sim.core.Event;
import dev.fqlab.sim.core.Simulator;
import dev.fqlab.sim.scenario.AccessCategory;
import dev.fqlab.sim.scenario.DriverSpec;
import dev.fqlab.sim.scenario.PhyStandard;
import dev.fqlab.sim.scenario.WifiLinkSpec;
import dev.fqlab.sim.wifi.mac.Ppdu;
import dev.fqlab.sim.wifi.phy.Edca;
import dev.fqlab.sim.wifi.mac80211.Txq;
import dev.fqlab.sim.wifi.mac80211.TxqScheduler;

/**
 * ath9k's pull-per-aggregate driver ({@code aggregate}), kernel-spec §5.1: the driver builds an A-MPDU only while
 * the AC's hardware queue holds fewer than {@code hwQueueAggregates} (2) of them — one on the air, one ready — so
 * everything else waits in the TXQs where fq/CoDel and the scheduler act. Traffic that is not aggregated (VO,
 * 802.11a, or A-MPDU off) goes as single frames, and the queue then holds up to {@link #NON_AGGREGATE_DEPTH} of
 * them ({@code ATH_NON_AGGR_MIN_QDEPTH}). Each aggregate is one scheduling pass: the scheduler names a TXQ, the
 * driver fills a PPDU from its retries and its frames. Runs on every wake and every completion.
 *
 * <p>Host CPU ({@link HostCpu}): building an aggregate is one job, queued whole: {@code perWakeCpuUs}, plus
 * {@code perPacketCpuUs} per frame, plus {@code batchContentionCpuUs} per frame after the first (the run holds the
 * per-AC lock); jobs run one after another, and an aggregate joins the hardware queue (and may go on the air) only
 * when its job is done. While the hardware queue still holds a ready aggregate this work hides behind the one on
 * the air; when the queue runs dry the air waits for the CPU. With all costs 0 an aggregate is ready at once.
 */
final class Ath9kAggregateDriver implements ApDriver {
    /** {@code ATH_NON_AGGR_MIN_QDEPTH}: single frames an AC's hardware queue takes (kernel-spec §4.1, §5.1). */
    static final int NON_AGGREGATE_DEPTH = 8;

    private final DriverHost host;
    private final TxqScheduler scheduler;
    private final int[] depth = new int[4];
    private final Ppdu[][] ring;
    private final int[] head = new int[4];
    private final int[] count = new int[4];
    private final Simulator sim;
    private final HostCpu cpu;
    private final boolean cpuCostsTime;
    /** When each ring slot's aggregate is ready for the air (CPU model only). */
    private final long[][] readyAt;
    /** Finished jobs to announce to the medium, in completion order: the AC and the time. */
    private final int[] jobAc = new int[64];
    private final long[] jobAt = new long[64];
    private int jobHead;
    private int jobCount;
    private final Event jobDone = new Event() {
        @Override
        protected void fire(long now) {
            announce(now);
        }
    };

    Ath9kAggregateDriver(DriverHost host, Simulator sim, DriverSpec spec, WifiLinkSpec link) {
        this.host = host;
        this.scheduler = host.scheduler();
        this.sim = sim;
        this.cpu = new HostCpu(spec);
        this.cpuCostsTime = cpu.costsTime();
        int maxSubframes = Math.max(1, link.ampdu().maxSubframes());
        this.readyAt = new long[4][];
        this.ring = new Ppdu[4][];
        for (AccessCategory category : AccessCategory.values()) {
            int ac = category.ordinal();
            boolean aggregates = aggregates(link, category);
            depth[ac] = aggregates ? spec.hwQueueAggregates() : NON_AGGREGATE_DEPTH;
            readyAt[ac] = new long[depth[ac]];
            ring[ac] = new Ppdu[depth[ac]];
            for (int i = 0; i < depth[ac]; i++) {
                ring[ac][i] = new Ppdu(aggregates ? maxSubframes : 1);
            }
        }
    }

    /** Whether the AC's frames go as A-MPDUs: never VO (as the AP's PPDU build decides), nor 802.11a or A-MPDU off. */
    private static boolean aggregates(WifiLinkSpec link, AccessCategory ac) {
        return link.ampdu().enabled() && link.standard() != PhyStandard.A && ac != AccessCategory.VO;
    }

    @Override
    public void wake(Txq txq, long now) {
        scheduler.schedule(txq);
        fill(txq.ac, now);
    }

    /** Builds aggregates until the hardware queue is full or no TXQ has anything to give. */
    private void fill(int ac, long now) {
        while (count[ac] < depth[ac]) {
            int index = (head[ac] + count[ac]) % depth[ac];
            Ppdu slot = ring[ac][index];
            if (!buildOne(ac, slot, now)) {
                return;
            }
            count[ac]++;
            if (!cpuCostsTime) {
                host.wakeMedium(ac, now);
                continue;
            }
            long done = cpu.queueJob(now, slot.count());
            readyAt[ac][index] = done;
            int tail = (jobHead + jobCount) % jobAc.length;
            jobAc[tail] = ac;
            jobAt[tail] = done;
            jobCount++;
            if (!jobDone.isScheduled()) {
                sim.schedule(jobDone, jobAt[jobHead]);
            }
        }
    }

    /** CPU jobs that are done put their aggregates up for the air. */
    private void announce(long now) {
        while (jobCount > 0 && jobAt[jobHead] <= now) {
            int ac = jobAc[jobHead];
            jobHead = (jobHead + 1) % jobAc.length;
            jobCount--;
            host.wakeMedium(ac, now);
        }
        if (jobCount > 0) {
            sim.schedule(jobDone, jobAt[jobHead]);
        }
    }

    private boolean buildOne(int ac, Ppdu slot, long now) {
        scheduler.startRound(ac);
        for (Txq txq = scheduler.next(ac); txq != null; txq = scheduler.next(ac)) {
            host.buildFromTxq(slot, txq, now);
            scheduler.giveBack(txq);
            if (!slot.isEmpty()) {
                return true;
            }
        }
        return false;
    }

    @Override
    public boolean hasFrames(int ac) {
        return count[ac] > 0 && (!cpuCostsTime || readyAt[ac][head[ac]] <= sim.now());
    }

    @Override
    public Ppdu startTxop(int ac, long now) {
        return hasFrames(ac) ? ring[ac][head[ac]] : null;
    }

    /**
     * TXOP bursting: the hardware queue's next ready PPDU goes SIFS after the last response if its exchange fits
     * in the rest of the TXOP (ath9k programs the AC's TXOP as the queue's burst time, {@code tqi_burstTime}).
     */
    @Override
    public Ppdu continueTxop(int ac, long remainingNs, long now) {
        if (!hasFrames(ac)) {
            return null;
        }
        Ppdu next = ring[ac][head[ac]];
        return next.ppduNs + Edca.SIFS_NS + next.responseNs <= remainingNs ? next : null;
    }

    @Override
    public void completed(int ac, Ppdu ppdu, int finishedMpdus, long now) {
        head[ac] = (head[ac] + 1) % depth[ac];
        count[ac]--;
        fill(ac, now);
    }

    @Override
    public int heldFor(int station) {
        int n = 0;
        for (int ac = 0; ac < 4; ac++) {
            for (int i = 0; i < count[ac]; i++) {
                Ppdu p = ring[ac][(head[ac] + i) % depth[ac]];
                if (p.station == station) {
                    n += p.count();
                }
            }
        }
        return n;
    }

    /** ath9k forms each aggregate from its TXQ's retries first, so the retries keep the TXQ scheduled. */
    @Override
    public boolean retriesAreTxqWork() {
        return true;
    }
}
