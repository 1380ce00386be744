package dev.fqlab.sim.scenario;

/** Airtime queue limits (scenario.md {@code stack.aql}; kernel-spec §4.5), in microseconds of airtime. */
public record AqlSpec(boolean enabled, int lowUs, int highUs, int thresholdUs) {
}
