package dev.fqlab.sim.scenario;

import java.util.List;

/**
 * One experiment's input, normalized: every field of scenario.md with its default filled in.
 *
 * @param sampleIntervalMs time-series resolution; 0 = no series
 * @param stations WiFi stations; empty for wired links
 */
public record Scenario(
        String name,
        long seed,
        double durationS,
        double warmupS,
        double sampleIntervalMs,
        LinkSpec link,
        List<StationSpec> stations,
        double wiredRttMs,
        StackSpec stack,
        List<FlowSpec> flows) {

    public Scenario {
        stations = List.copyOf(stations);
        flows = List.copyOf(flows);
    }
}
