package dev.fqlab.sim.scenario;

/** The queueing stack (scenario.md {@code stack}). Wired links only have the interface qdisc. */
public record StackSpec(QdiscSpec qdisc) {
}
