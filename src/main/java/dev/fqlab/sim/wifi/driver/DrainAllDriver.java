package dev.fqlab.sim.wifi.driver;

import dev.fqlab.sim.core.Simulator;
import dev.fqlab.sim.scenario.DriverSpec;
import dev.fqlab.sim.scenario.WifiLinkSpec;

/**
 * {@code drain-all}: ath10k's push mode since v5.1 (kernel-spec §5.2; seed 004): a wake requests a run that
 * iterates the TXQs and moves everything they hold, including frames that arrive meanwhile, while the firmware has
 * room; completions request a run while the firmware is less than half full ({@code push_pending}).
 */
final class DrainAllDriver extends DrainingDriver {

    DrainAllDriver(DriverHost host, Simulator sim, DriverSpec spec, WifiLinkSpec link) {
        super(host, sim, spec, link, Integer.MAX_VALUE);
    }

    @Override
    boolean runAfterCompletion(int ac) {
        return held(ac) < capacity / 2;
    }
}
