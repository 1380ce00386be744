package dev.fqlab.sim.scenario;

/** How the driver pulls frames from the TXQs (scenario.md {@code driver.dequeue}; kernel-spec §5). */
public enum DequeueStrategy {
    /** ath9k: build one A-MPDU per service while the AC's hardware queue holds fewer than hwQueueAggregates. */
    AGGREGATE("aggregate"),
    /** Each wake call hands one frame to the firmware queue. */
    PER_WAKE("per-wake"),
    /** Each driver run moves everything the TXQs hold into the firmware queue (ath10k push). */
    DRAIN_ALL("drain-all"),
    /** At most budgetPackets per TXQ per driver run. */
    BUDGET("budget"),
    /** The firmware asks for frames when it has room (ath10k pull). */
    PULL("pull");

    private final String json;

    DequeueStrategy(String json) {
        this.json = json;
    }

    public String json() {
        return json;
    }
}
