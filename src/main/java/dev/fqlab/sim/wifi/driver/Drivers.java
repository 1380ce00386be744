package dev.fqlab.sim.wifi.driver;

import dev.fqlab.sim.core.Simulator;
import dev.fqlab.sim.scenario.DriverSpec;
import dev.fqlab.sim.scenario.StackSpec;
import dev.fqlab.sim.scenario.TxqsSpec;
import dev.fqlab.sim.scenario.WifiLinkSpec;

/**
 * The AP's driver for a stack (scenario.md {@code stack.driver.dequeue} and {@code stack.txqs.enabled}; kernel-spec
 * §5): the one place that picks a dequeue strategy's class, and the legacy buffer when there are no TXQs.
 */
public final class Drivers {
    private Drivers() {
    }

    /** The driver serving {@code host}: the stack's dequeue strategy, behind the legacy buffer without TXQs. */
    public static ApDriver create(DriverHost host, Simulator sim, StackSpec stack, WifiLinkSpec link) {
        DriverSpec spec = stack.driver();
        ApDriver strategy = switch (spec.dequeue()) {
            case AGGREGATE -> new Ath9kAggregateDriver(host, sim, spec, link);
            case PER_WAKE -> new PerWakeDriver(host, sim, spec, link);
            case DRAIN_ALL -> new DrainAllDriver(host, sim, spec, link);
            case BUDGET -> new BudgetDriver(host, sim, spec, link);
            case PULL -> new PullDriver(host, sim, spec, link);
        };
        return stack.txqs().enabled() ? strategy : new LegacyBufferDriver(strategy, spec.hwQueuePackets());
    }

    /** The per-station TID queues in front of the driver: mac80211's TXQs, or the legacy driver's plain FIFOs. */
    public static TxqsSpec tidQueues(StackSpec stack) {
        return stack.txqs().enabled() ? stack.txqs() : LegacyBufferDriver.TID_QUEUES;
    }
}
