package dev.fqlab.sim.scenario;

/**
 * A-MPDU aggregation limits (scenario.md {@code link.ampdu}); always disabled for 802.11a.
 *
 * @param maxSubframes MPDUs per A-MPDU (ath9k: 32, half the 64-frame BlockAck window)
 * @param maxBytes A-MPDU length limit (HT 65535; VHT up to 1048575)
 * @param maxDurationUs PPDU duration cap
 */
public record AmpduSpec(boolean enabled, int maxSubframes, int maxBytes, int maxDurationUs) {
}
