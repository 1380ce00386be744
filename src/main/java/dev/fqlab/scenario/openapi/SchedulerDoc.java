package dev.fqlab.scenario.openapi;

import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.media.Schema.RequiredMode;

/** Which station's TXQ the driver serves next (spec/scenario.md, "scheduler"). */
@Schema(name = "Scheduler", description = "Which station's TXQ the driver serves next (wifi links only). Default: "
        + "{\"type\": \"round-robin\"}. quantumUs and chargeRx belong to \"airtime\" and are rejected as unknown on "
        + "\"round-robin\".")
public record SchedulerDoc(
        @Schema(description = "round-robin over active TXQs, or airtime: mac80211's deficit round robin on airtime "
                + "per station.", requiredMode = RequiredMode.REQUIRED, allowableValues = {"round-robin", "airtime"})
        String type,

        @Schema(description = "airtime: airtime a station's deficit is topped up with, in microseconds, scaled by its "
                + "airtimeWeight / 256; integer 1 to 100000.", defaultValue = "256", minimum = "1", maximum = "100000")
        Integer quantumUs,

        @Schema(description = "airtime: whether airtime a station uses to transmit (uplink) counts against it too.",
                defaultValue = "true")
        Boolean chargeRx) {
}
