package dev.fqlab.sim.wifi.driver;

import dev.fqlab.sim.core.Simulator;
import dev.fqlab.sim.scenario.DriverSpec;
import dev.fqlab.sim.scenario.WifiLinkSpec;

/**
 * {@code budget}: drain-all with a per-TXQ cap, as ath10k's push loop had before v5.1 (kernel-spec §5.2: at most
 * {@code HTC_HOST_MAX_MSG_PER_TX_BUNDLE} frames per TXQ per visit; §5.3 (b)): at most {@code budgetPackets} per TXQ
 * per run; completions request a run while the firmware is less than half full ({@code push_pending}).
 */
final class BudgetDriver extends DrainingDriver {

    BudgetDriver(DriverHost host, Simulator sim, DriverSpec spec, WifiLinkSpec link) {
        super(host, sim, spec, link, spec.budgetPackets());
    }

    @Override
    boolean runAfterCompletion(int ac) {
        return held(ac) < capacity / 2;
    }
}
