package dev.fqlab.scenario;

/** Service limits a scenario must respect (api.md Configuration: fqlab.limits.*). */
public record ScenarioLimits(double maxDurationS, int maxStations, int maxFlows) {

    /** The documented defaults: 600 s, 128 stations, 4096 flows. */
    public static final ScenarioLimits DEFAULTS = new ScenarioLimits(600, 128, 4096);
}
