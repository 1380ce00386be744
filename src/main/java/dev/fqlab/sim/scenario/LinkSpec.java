package dev.fqlab.sim.scenario;

/** The bottleneck: {@code wired} now, {@code wifi} with the WiFi issue. */
public sealed interface LinkSpec permits WiredLinkSpec {
    /** The scenario's {@code link.type}. */
    String type();
}
