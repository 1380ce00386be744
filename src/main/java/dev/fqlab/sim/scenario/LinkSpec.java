package dev.fqlab.sim.scenario;

import dev.fqlab.sim.scenario.schema.Variants;

/** The bottleneck: a {@code wired} link or a {@code wifi} channel shared by an AP and its stations. */
public sealed interface LinkSpec permits WiredLinkSpec, WifiLinkSpec {

    Variants<LinkSpec> VARIANTS = Variants.of("link", "Link", "The bottleneck link.",
            WiredLinkSpec.SCHEMA, WifiLinkSpec.SCHEMA);

    /** The scenario's {@code link.type}. */
    String type();
}
