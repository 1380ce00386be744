package dev.fqlab.scenario.openapi;

import io.swagger.v3.oas.annotations.media.Schema;

/** The queueing stack (spec/scenario.md, "stack"); its WiFi-only parts are rejected on wired links. */
@Schema(name = "Stack", description = "The queueing stack. On a wired link it is the interface qdisc only; "
        + "txqs, scheduler, aql and driver apply to wifi links, which this version does not support yet.")
public record StackDoc(
        @Schema(description = "The interface qdisc. Default on a wired link: fq_codel with its defaults.")
        QdiscDoc qdisc) {
}
