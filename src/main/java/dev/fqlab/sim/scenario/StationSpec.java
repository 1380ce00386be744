package dev.fqlab.sim.scenario;

/** A WiFi station (scenario.md {@code stations}); used once the WiFi link lands. */
public record StationSpec(String name, Integer mcs, Integer spatialStreams, double frameErrorRate,
                          int airtimeWeight, Double legacyRateMbps) {
}
