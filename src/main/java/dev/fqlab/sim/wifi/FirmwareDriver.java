package dev.fqlab.sim.wifi;

import dev.fqlab.sim.core.Event;
import dev.fqlab.sim.core.Simulator;
import dev.fqlab.sim.core.Time;
import dev.fqlab.sim.packet.Packet;
import dev.fqlab.sim.packet.PacketFifo;
import dev.fqlab.sim.scenario.DequeueStrategy;
import dev.fqlab.sim.scenario.DriverSpec;
import dev.fqlab.sim.wifi.mac.FrameSource;
import dev.fqlab.sim.wifi.mac.Ppdu;
import dev.fqlab.sim.wifi.mac80211.Txq;
import dev.fqlab.sim.wifi.mac80211.TxqScheduler;
import java.util.ArrayDeque;

/**
 * Drivers that push frames into a firmware queue (ath10k, kernel-spec §5.2), and the host CPU that pays for it.
 *
 * <p><b>Firmware.</b> Per AC a queue of {@code hwQueuePackets} frames (counting frames awaiting retransmission and
 * on the air); the firmware keeps them per station and serves stations round robin, building an A-MPDU from the
 * chosen station's retries and frames whenever the medium is granted.
 *
 * <p><b>Host CPU model.</b> One core does the driver's work, one job at a time, in order. A job costs
 * {@code perWakeCpuUs}, then {@code perPacketCpuUs} for each frame it moves from a TXQ to the firmware, plus
 * {@code batchContentionCpuUs} for every frame after the first in the same job: while one core iterates the TXQs
 * it holds mac80211's per-AC lock, and the cores that enqueue stall on it (seed 004). A frame enters the firmware
 * when its cost has been paid. Enqueueing itself runs on other cores and is not charged. Strategies:
 * <ul>
 *   <li>{@code per-wake}: the wake call itself takes one frame from the TXQ that woke, at once (so the TXQ is
 *       empty again whenever the firmware has room), and queues its hand-over to the firmware as a job. Like a
 *       push loop, the call ends on a dequeue that finds the TXQ empty, which releases the flow: every packet
 *       then re-acquires it, so new-flows equals tx-packets (seed 004, "with previous change"). After a TXOP,
 *       one single-frame job per completed frame refills the firmware from TXQs that still hold frames;</li>
 *   <li>{@code drain-all}: a wake requests a run (requests coalesce while one is pending) that iterates the TXQs
 *       and moves everything they hold, including frames that arrive meanwhile, while the firmware has room;
 *       completions request a run while the firmware is less than half full ({@code push_pending});</li>
 *   <li>{@code budget}: like drain-all, at most {@code budgetPackets} per TXQ per run;</li>
 *   <li>{@code pull}: the firmware fetches whenever it has room: a run on every wake and every completion,
 *       as many frames as fit, in the scheduler's order.</li>
 * </ul>
 * With all costs 0 runs take no simulated time.
 */
final class FirmwareDriver implements ApDriver {
    /** ACs in the order a run visits them: VO, VI, BE, BK (indices of {@code AccessCategory}). */
    private static final int[] AC_ORDER = {3, 2, 0, 1};

    private final AccessPoint ap;
    private final TxqScheduler scheduler;
    private final Simulator sim;
    private final DequeueStrategy strategy;
    private final int capacity;
    private final int budgetPackets;
    private final long wakeNs;
    private final long packetNs;
    private final long contentionNs;
    private final int stations;
    private final int[] tidOfAc;

    private final PacketFifo[][] firmware;
    private final FrameSource[][] sources;
    private final int[] held = new int[4];
    private final int[] cursor = new int[4];
    private final Ppdu[] ppdus;

    /**
     * per-wake: frames dequeued from TXQs and not yet in the firmware, in the order they were dequeued. Each job
     * hands the oldest one over, so frames enter the firmware in dequeue order and a flow is never reordered.
     */
    private final PacketFifo handovers = new PacketFifo();
    private final ArrayDeque<Txq> handoverTxqs = new ArrayDeque<>();
    private final int[] handingOver = new int[4];
    /** Hand-over jobs queued by wake calls, one per frame they took. */
    private int handoverJobs;
    private int refills;
    private boolean runRequested;
    private boolean running;
    private boolean drainRun;
    private int runFrames;
    private Packet inFlight;
    private Txq inFlightTxq;
    private boolean handoverJob;
    private int acIndex;
    private Txq current;
    private int budgetLeft;
    private long busyNs;
    private long runs;
    private final Event step = new Event() {
        @Override
        protected void fire(long now) {
            cpu(now);
        }
    };

    FirmwareDriver(AccessPoint ap, TxqScheduler scheduler, Simulator sim, DriverSpec spec, int stations,
                   int[] tidOfAc, int maxSubframes) {
        this.ap = ap;
        this.scheduler = scheduler;
        this.sim = sim;
        this.strategy = spec.dequeue();
        this.capacity = spec.hwQueuePackets();
        this.budgetPackets = strategy == DequeueStrategy.BUDGET ? spec.budgetPackets() : Integer.MAX_VALUE;
        this.wakeNs = Math.round(spec.perWakeCpuUs() * Time.NS_PER_US);
        this.packetNs = Math.round(spec.perPacketCpuUs() * Time.NS_PER_US);
        this.contentionNs = Math.round(spec.batchContentionCpuUs() * Time.NS_PER_US);
        this.stations = stations;
        this.tidOfAc = tidOfAc;
        this.firmware = new PacketFifo[4][stations];
        this.sources = new FrameSource[4][stations];
        this.ppdus = new Ppdu[4];
        for (int ac = 0; ac < 4; ac++) {
            ppdus[ac] = new Ppdu(maxSubframes);
            for (int s = 0; s < stations; s++) {
                PacketFifo fifo = new PacketFifo();
                firmware[ac][s] = fifo;
                sources[ac][s] = now -> fifo.poll();
            }
        }
    }

    @Override
    public void wake(Txq txq, long now) {
        scheduler.schedule(txq);
        switch (strategy) {
            case PER_WAKE -> takeOneAtWake(txq, now);
            case DRAIN_ALL, BUDGET, PULL -> runRequested = true;
            case AGGREGATE -> throw new IllegalStateException("aggregate is ath9k's driver");
        }
        if (!running) {
            cpu(now);
        }
    }

    /** per-wake: the wake call dequeues one frame right away if the firmware (with hand-overs pending) has room. */
    private void takeOneAtWake(Txq txq, long now) {
        if (held[txq.ac] + handingOver[txq.ac] >= capacity) {
            return;
        }
        Packet p = ap.txDequeue(txq, now);
        if (p != null) {
            queueHandover(p, txq);
            handoverJobs++;
            if (txq.isEmpty()) {
                ap.txDequeue(txq, now); // the loop's last dequeue: finds nothing, releases the flow
            }
        }
    }

    private void queueHandover(Packet p, Txq txq) {
        handovers.add(p);
        handoverTxqs.add(txq);
        handingOver[txq.ac]++;
    }

    /** The oldest frame dequeued and not yet handed to the firmware. */
    private Packet takeHandover() {
        inFlightTxq = handoverTxqs.poll();
        handingOver[inFlightTxq.ac]--;
        return handovers.poll();
    }

    // --- the host CPU -------------------------------------------------------------------------------------

    /**
     * Runs the CPU from {@code now} until it has to wait: each run pays its wake cost, then one frame cost per
     * frame it moves; a run ends when it finds nothing more to move, and the next requested run starts.
     */
    private void cpu(long now) {
        while (true) {
            if (!running) {
                if (!beginRun()) {
                    return;
                }
                busyNs += wakeNs;
                if (wakeNs > 0) {
                    sim.schedule(step, now + wakeNs);
                    return;
                }
            }
            if (inFlight != null) {
                pushToFirmware(inFlight, inFlightTxq, now);
                inFlight = null;
            }
            Packet next = drainRun ? nextForDrain(now) : nextForSingleFrame(now);
            if (next == null) {
                running = false;
                continue;
            }
            inFlight = next;
            runFrames++;
            long cost = packetNs + (runFrames > 1 ? contentionNs : 0);
            busyNs += cost;
            if (cost > 0) {
                sim.schedule(step, now + cost);
                return;
            }
        }
    }

    /** Takes the next job: hand-overs of frames taken at wake first, then refills, then a draining run. */
    private boolean beginRun() {
        if (handoverJobs > 0) {
            handoverJobs--;
            handoverJob = true;
            drainRun = false;
        } else if (refills > 0) {
            refills--;
            handoverJob = false;
            drainRun = false;
        } else if (runRequested) {
            runRequested = false;
            drainRun = true;
            acIndex = 0;
            current = null;
        } else {
            return false;
        }
        running = true;
        runs++;
        runFrames = 0;
        return true;
    }

    private Packet nextForSingleFrame(long now) {
        if (runFrames > 0) {
            return null;
        }
        if (handoverJob) {
            handoverJob = false;
            return takeHandover();
        }
        // A refill dequeues now, after its wake cost; wake calls meanwhile may have taken older frames of the same
        // TXQ, so it queues its frame behind theirs and hands over the oldest.
        Txq txq = backloggedTxq();
        if (txq == null || held[txq.ac] + handingOver[txq.ac] >= capacity) {
            return null;
        }
        Packet p = ap.txDequeue(txq, now);
        if (p == null) {
            return null;
        }
        queueHandover(p, txq);
        return takeHandover();
    }

    /** A TXQ that still holds frames, for refills after completions. */
    private Txq backloggedTxq() {
        for (int ac : AC_ORDER) {
            scheduler.startRound(ac);
            Txq t = scheduler.next(ac);
            if (t != null) {
                scheduler.giveBack(t);
                if (!t.isEmpty()) {
                    return t;
                }
            }
        }
        return null;
    }

    /** The next frame of a draining run: TXQ after TXQ in scheduler order, AC after AC. */
    private Packet nextForDrain(long now) {
        while (acIndex < AC_ORDER.length) {
            int ac = AC_ORDER[acIndex];
            if (current == null) {
                scheduler.startRound(ac);
                current = scheduler.next(ac);
                budgetLeft = budgetPackets;
                if (current == null) {
                    acIndex++;
                    continue;
                }
            }
            if (held[ac] < capacity && budgetLeft > 0) {
                Packet p = ap.txDequeue(current, now);
                if (p != null) {
                    budgetLeft--;
                    inFlightTxq = current;
                    return p;
                }
            }
            scheduler.giveBack(current);
            current = held[ac] < capacity ? scheduler.next(ac) : null;
            budgetLeft = budgetPackets;
            if (current == null) {
                acIndex++;
            }
        }
        return null;
    }

    // --- the firmware -------------------------------------------------------------------------------------

    private void pushToFirmware(Packet p, Txq txq, long now) {
        firmware[txq.ac][txq.station].add(p);
        held[txq.ac]++;
        ap.wakeMedium(txq.ac, now);
    }

    @Override
    public boolean hasFrames(int ac) {
        for (int s = 0; s < stations; s++) {
            if (!firmware[ac][s].isEmpty() || ap.session(s, tidOfAc[ac]).hasWork()) {
                return true;
            }
        }
        return false;
    }

    /** Round robin over the stations with frames or retries in this AC. */
    @Override
    public Ppdu startTxop(int ac, long now) {
        int tid = tidOfAc[ac];
        for (int i = 0; i < stations; i++) {
            int s = (cursor[ac] + i) % stations;
            PacketFifo fifo = firmware[ac][s];
            if (fifo.isEmpty() && !ap.session(s, tid).hasWork()) {
                continue;
            }
            cursor[ac] = (s + 1) % stations;
            Ppdu ppdu = ppdus[ac];
            ap.build(ppdu, s, tid, ac, sources[ac][s], now);
            if (!ppdu.isEmpty()) {
                return ppdu;
            }
        }
        return null;
    }

    @Override
    public void completed(int ac, Ppdu ppdu, int finishedMpdus, long now) {
        held[ac] -= finishedMpdus;
        switch (strategy) {
            case PER_WAKE -> refills += Math.min(finishedMpdus, ap.txqBacklog(ac));
            case DRAIN_ALL, BUDGET -> runRequested |= held[ac] < capacity / 2;
            case PULL -> runRequested = true;
            case AGGREGATE -> throw new IllegalStateException("aggregate is ath9k's driver");
        }
        if (!running) {
            cpu(now);
        }
    }

    @Override
    public int heldFor(int station) {
        int n = 0;
        for (int ac = 0; ac < 4; ac++) {
            n += firmware[ac][station].packets();
        }
        return n;
    }

    /** CPU time the driver used. */
    long cpuBusyNs() {
        return busyNs;
    }

    long runs() {
        return runs;
    }
}
