package dev.fqlab.sim.wifi.driver;

import dev.fqlab.sim.core.Simulator;
import dev.fqlab.sim.packet.Packet;
import dev.fqlab.sim.packet.PacketFifo;
import dev.fqlab.sim.scenario.DriverSpec;
import dev.fqlab.sim.scenario.WifiLinkSpec;
import dev.fqlab.sim.wifi.mac80211.Txq;
import java.util.ArrayDeque;

/**
 * {@code per-wake}: each wake call hands one frame to the firmware (ath10k, kernel-spec §5.2; seed 004, "with
 * previous change"). The wake call itself takes one frame from the TXQ that woke, at once (so the TXQ is empty
 * again whenever the firmware has room), and queues its hand-over to the firmware as a job. Like a push loop, the
 * call ends on a dequeue that finds the TXQ empty, which releases the flow: every packet then re-acquires it, so
 * new-flows equals tx-packets. After a TXOP, one single-frame job per completed frame refills the firmware from
 * TXQs that still hold frames.
 */
final class PerWakeDriver extends FirmwareDriver {
    /**
     * Frames dequeued from TXQs and not yet in the firmware, in the order they were dequeued. Each job hands the
     * oldest one over, so frames enter the firmware in dequeue order and a flow is never reordered.
     */
    private final PacketFifo handovers = new PacketFifo();
    private final ArrayDeque<Txq> handoverTxqs = new ArrayDeque<>();
    private final int[] handingOver = new int[4];
    /** Hand-over jobs queued by wake calls, one per frame they took. */
    private int handoverJobs;
    /** Refill jobs queued by completions, one per finished frame while the TXQs hold frames. */
    private int refills;

    PerWakeDriver(DriverHost host, Simulator sim, DriverSpec spec, WifiLinkSpec link) {
        super(host, sim, spec, link);
    }

    /** The wake call dequeues one frame right away if the firmware (with hand-overs pending) has room. */
    @Override
    void woken(Txq txq, long now) {
        if (held(txq.ac) + handingOver[txq.ac] >= capacity) {
            return;
        }
        Packet p = host.txDequeue(txq, now);
        if (p != null) {
            queueHandover(p, txq);
            handoverJobs++;
            if (txq.isEmpty()) {
                host.txDequeue(txq, now); // the loop's last dequeue: finds nothing, releases the flow
            }
        }
    }

    @Override
    void afterCompletion(int ac, int finishedMpdus) {
        refills += Math.min(finishedMpdus, host.txqBacklog(ac));
    }

    /** Hand-overs of frames taken at wake first, then refills. */
    @Override
    RunState nextJob() {
        if (handoverJobs > 0) {
            handoverJobs--;
            return RunState.HAND_OVER;
        }
        if (refills > 0) {
            refills--;
            return RunState.REFILL;
        }
        return RunState.IDLE;
    }

    /** Each job moves one frame. */
    @Override
    boolean nextFrame(RunState job, long now) {
        if (jobFrames() > 0) {
            return false;
        }
        if (job == RunState.HAND_OVER) {
            takeHandover();
            return true;
        }
        // A refill dequeues now, after its wake cost; wake calls meanwhile may have taken older frames of the same
        // TXQ, so it queues its frame behind theirs and hands over the oldest.
        Txq txq = backloggedTxq();
        if (txq == null || held(txq.ac) + handingOver[txq.ac] >= capacity) {
            return false;
        }
        Packet p = host.txDequeue(txq, now);
        if (p == null) {
            return false;
        }
        queueHandover(p, txq);
        takeHandover();
        return true;
    }

    private void queueHandover(Packet p, Txq txq) {
        handovers.add(p);
        handoverTxqs.add(txq);
        handingOver[txq.ac]++;
    }

    /** The oldest frame dequeued and not yet handed to the firmware becomes the job's frame. */
    private void takeHandover() {
        Txq txq = handoverTxqs.poll();
        handingOver[txq.ac]--;
        carry(handovers.poll(), txq);
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
}
