package dev.fqlab.sim.wifi.driver;

import dev.fqlab.sim.core.Simulator;
import dev.fqlab.sim.scenario.DriverSpec;
import dev.fqlab.sim.scenario.WifiLinkSpec;

/**
 * {@code pull}: ath10k's push-pull mode (kernel-spec §5.2, 10.4 firmware with peer flow control): the firmware
 * fetches whenever it has room: a run on every wake and every completion, as many frames as fit, in the
 * scheduler's order.
 */
final class PullDriver extends DrainingDriver {

    PullDriver(DriverHost host, Simulator sim, DriverSpec spec, WifiLinkSpec link) {
        super(host, sim, spec, link, Integer.MAX_VALUE);
    }

    @Override
    boolean runAfterCompletion(int ac) {
        return true;
    }
}
