package dev.fqlab.scenario.openapi;

import io.swagger.v3.oas.annotations.media.Schema;

/** mac80211's intermediate TX queues (spec/scenario.md, "txqs"). */
@Schema(name = "Txqs", description = "mac80211's intermediate TX queues: one per station and TID, sharing one flow "
        + "table per radio, with fq and CoDel per flow (wifi links only). There is no ceThresholdMs (mac80211 has "
        + "none).")
public record TxqsDoc(
        @Schema(description = "Use the TXQs. With false, packets go from the qdisc to the driver's legacy per-AC "
                + "buffer (driver.hwQueuePackets), and the qdisc cannot be noqueue.", defaultValue = "true")
        Boolean enabled,

        @Schema(description = "Flow queueing within each TXQ; false = one plain FIFO per TXQ.", defaultValue = "true")
        Boolean fq,

        @Schema(description = "Buckets of the radio-wide flow table; integer 1 to 65536.", defaultValue = "4096",
                minimum = "1", maximum = "65536")
        Integer flows,

        @Schema(description = "Radio-wide packet limit; integer 1 to 1000000.", defaultValue = "8192", minimum = "1",
                maximum = "1000000")
        Integer limit,

        @Schema(description = "Radio-wide memory limit in bytes; integer 1 to 2147483648.", format = "int64",
                defaultValue = "16777216", minimum = "1", maximum = "2147483648")
        Long memoryLimitBytes,

        @Schema(description = "DRR quantum in bytes; integer 1 to 1048576.", defaultValue = "300", minimum = "1",
                maximum = "1048576")
        Integer quantum,

        @Schema(description = "\"bytes\" is Linux DRR; \"packets\" gives a newly active flow min(quantum, its first "
                + "packet's length).", defaultValue = "bytes", allowableValues = {"bytes", "packets"})
        String quantumMode,

        @Schema(description = "CoDel target sojourn time in milliseconds; > 0 and ≤ 10000.", defaultValue = "20",
                minimum = "0", exclusiveMinimum = true, maximum = "10000")
        Double targetMs,

        @Schema(description = "CoDel interval in milliseconds; > 0 and ≤ 100000.", defaultValue = "100",
                minimum = "0", exclusiveMinimum = true, maximum = "100000")
        Double intervalMs,

        @Schema(description = "Mark ECN-capable packets instead of dropping them.", defaultValue = "true")
        Boolean ecn,

        @Schema(description = "\"linux\" uses the kernel's integer Newton step for 1/√count; \"exact\" floating point.",
                defaultValue = "linux", allowableValues = {"linux", "exact"})
        String codelArithmetic,

        @Schema(description = "true: a packet whose hashed flow another TXQ owns goes to its own TXQ's default flow. "
                + "false: the check before the fix of seed 000, any owned flow (even by its own TXQ) sends it there.",
                defaultValue = "true")
        Boolean collisionCheck) {
}
