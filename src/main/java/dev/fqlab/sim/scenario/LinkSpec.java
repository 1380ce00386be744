package dev.fqlab.sim.scenario;

/** The bottleneck: a {@code wired} link or a {@code wifi} channel shared by an AP and its stations. */
public sealed interface LinkSpec permits WiredLinkSpec, WifiLinkSpec {
    /** The scenario's {@code link.type}. */
    String type();
}
