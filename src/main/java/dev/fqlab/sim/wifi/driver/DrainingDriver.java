package dev.fqlab.sim.wifi.driver;

import dev.fqlab.sim.core.Simulator;
import dev.fqlab.sim.packet.Packet;
import dev.fqlab.sim.scenario.DriverSpec;
import dev.fqlab.sim.scenario.WifiLinkSpec;
import dev.fqlab.sim.wifi.mac80211.Txq;

/**
 * Drivers whose job is a run over the TXQs, ath10k's push loop (kernel-spec §5.2): TXQ after TXQ in the
 * scheduler's order, AC after AC (VO, VI, BE, BK), moving what each holds, including frames that arrive meanwhile,
 * while the firmware's AC has room and at most {@code budgetPackets} per TXQ per visit. A wake requests a run
 * (requests coalesce while one is pending); what a completion requests is the strategy's.
 */
abstract class DrainingDriver extends FirmwareDriver {
    private final int budgetPackets;
    /** A run is pending: wakes and completions ask for one, the next job takes it. */
    private boolean runRequested;
    /** Where the run is: the index into {@link #AC_ORDER}, the TXQ it is draining and what that TXQ may still give. */
    private int acIndex;
    private Txq current;
    private int budgetLeft;

    DrainingDriver(DriverHost host, Simulator sim, DriverSpec spec, WifiLinkSpec link, int budgetPackets) {
        super(host, sim, spec, link);
        this.budgetPackets = budgetPackets;
    }

    /** Whether a completion in this AC asks for a run. */
    abstract boolean runAfterCompletion(int ac);

    @Override
    final void woken(Txq txq, long now) {
        runRequested = true;
    }

    @Override
    final void afterCompletion(int ac, int finishedMpdus) {
        runRequested |= runAfterCompletion(ac);
    }

    @Override
    final RunState nextJob() {
        if (!runRequested) {
            return RunState.IDLE;
        }
        runRequested = false;
        acIndex = 0;
        current = null;
        return RunState.DRAIN;
    }

    /** The next frame of the run: TXQ after TXQ in scheduler order, AC after AC. */
    @Override
    final boolean nextFrame(RunState job, long now) {
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
            if (held(ac) < capacity && budgetLeft > 0) {
                Packet p = host.txDequeue(current, now);
                if (p != null) {
                    budgetLeft--;
                    carry(p, current);
                    return true;
                }
            }
            scheduler.giveBack(current);
            current = held(ac) < capacity ? scheduler.next(ac) : null;
            budgetLeft = budgetPackets;
            if (current == null) {
                acIndex++;
            }
        }
        return false;
    }
}
