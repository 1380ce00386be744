package dev.fqlab.scenario.openapi;

import io.swagger.v3.oas.annotations.media.Schema;

/** Airtime queue limits (spec/scenario.md, "aql"). */
@Schema(name = "Aql", description = "Airtime queue limits: how much airtime may be queued below mac80211 (wifi links "
        + "only). A station's AC may dequeue while its pending airtime is below lowUs, or below highUs while the "
        + "radio's total is below thresholdUs. lowUs must not exceed highUs.")
public record AqlDoc(
        @Schema(description = "Apply the limits.", defaultValue = "false")
        Boolean enabled,

        @Schema(description = "Per-station, per-AC low limit in microseconds; integer 1 to 1000000, ≤ highUs.",
                defaultValue = "5000", minimum = "1", maximum = "1000000")
        Integer lowUs,

        @Schema(description = "Per-station, per-AC high limit in microseconds; integer 1 to 1000000, ≥ lowUs.",
                defaultValue = "12000", minimum = "1", maximum = "1000000")
        Integer highUs,

        @Schema(description = "Radio-wide threshold in microseconds; integer 1 to 1000000.", defaultValue = "24000",
                minimum = "1", maximum = "1000000")
        Integer thresholdUs) {
}
