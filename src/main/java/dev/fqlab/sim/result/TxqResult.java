package dev.fqlab.sim.result;

/** One mac80211 TXQ's counters, as the per-station {@code aqm} debugfs file shows them (WiFi only). */
public record TxqResult(String station, int tid, String ac, long backlogBytes, long backlogPackets, long newFlows,
                        long drops, long marks, long overlimit, long collisions, long txBytes, long txPackets) {
}
