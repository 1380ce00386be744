package dev.fqlab.scenario.openapi;

import io.swagger.v3.oas.annotations.media.Schema;

/** The queueing stack (spec/scenario.md, "stack"); its WiFi-only parts are rejected on wired links. */
@Schema(name = "Stack", description = "The queueing stack. On a wired link it is the interface qdisc only (txqs, "
        + "scheduler, aql and driver are rejected there); on a wifi link all five parts, each with its defaults.")
public record StackDoc(
        @Schema(description = "The interface qdisc. Default: fq_codel on a wired link; on a wifi link noqueue when "
                + "txqs.enabled, else pfifo with limit 1000.")
        QdiscDoc qdisc,

        @Schema(description = "wifi: mac80211's intermediate TX queues.")
        TxqsDoc txqs,

        @Schema(description = "wifi: which station's TXQ the driver serves next. Default: round-robin.")
        SchedulerDoc scheduler,

        @Schema(description = "wifi: airtime queue limits. Default: disabled.")
        AqlDoc aql,

        @Schema(description = "wifi: how the driver pulls from the TXQs.")
        DriverDoc driver) {
}
