package dev.fqlab.sim.scenario;

import dev.fqlab.sim.scenario.schema.JsonEnum;

/** How the driver pulls frames from the TXQs (scenario.md {@code driver.dequeue}; kernel-spec §5). */
public enum DequeueStrategy implements JsonEnum {
    AGGREGATE("aggregate",
            "ath9k: build one A-MPDU per service while the AC's hardware queue holds fewer than hwQueueAggregates"),
    PER_WAKE("per-wake", "each wake call hands one frame to the firmware queue (seed 004, \"with previous change\")"),
    DRAIN_ALL("drain-all",
            "each driver run moves everything the TXQs hold into the firmware queue (ath10k push, seed 004 \"without\")"),
    BUDGET("budget", "at most budgetPackets per TXQ per driver run"),
    PULL("pull", "the firmware asks for frames when it has room (ath10k pull)");

    private final String json;
    private final String doc;

    DequeueStrategy(String json, String doc) {
        this.json = json;
        this.doc = doc;
    }

    @Override
    public String json() {
        return json;
    }

    @Override
    public String doc() {
        return doc;
    }
}
