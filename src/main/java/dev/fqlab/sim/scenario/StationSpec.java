package dev.fqlab.sim.scenario;

/**
 * A WiFi station (scenario.md {@code stations}), normalized: 802.11n/ac stations have {@code mcs} and
 * {@code spatialStreams} (HT derives the streams from the MCS, VHT defaults to 1); 802.11a stations have
 * {@code legacyRateMbps} (the link's when not given) and a null {@code mcs}.
 *
 * @param airtimeWeight the airtime scheduler's weight (mac80211: 256 = one default quantum)
 */
public record StationSpec(String name, Integer mcs, Integer spatialStreams, double frameErrorRate,
                          int airtimeWeight, Double legacyRateMbps) {
}
