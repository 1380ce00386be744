package dev.fqlab.sim.scenario;

import dev.fqlab.sim.scenario.schema.JsonEnum;

/** How the driver pulls frames from the TXQs (scenario.md {@code driver.dequeue}; kernel-spec §5). */
public enum DequeueStrategy implements JsonEnum {
    /** ath9k: build one A-MPDU per service while the AC's hardware queue holds fewer than hwQueueAggregates. */
    AGGREGATE,
    /** Each wake call hands one frame to the firmware queue. */
    PER_WAKE,
    /** Each driver run moves everything the TXQs hold into the firmware queue (ath10k push). */
    DRAIN_ALL,
    /** At most budgetPackets per TXQ per driver run. */
    BUDGET,
    /** The firmware asks for frames when it has room (ath10k pull). */
    PULL
}
