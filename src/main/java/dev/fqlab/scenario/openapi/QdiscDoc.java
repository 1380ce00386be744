package dev.fqlab.scenario.openapi;

import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.media.Schema.RequiredMode;

/** The interface qdisc (spec/scenario.md, "stack"): one flat object whose fields depend on {@code type}. */
@Schema(name = "Qdisc", description = "The interface qdisc, one flat object. Fields by type: noqueue: none (not "
        + "allowed on a wired link, where the device has no queue of its own, nor on a wifi link with txqs disabled); "
        + "pfifo: limit; codel: limit and the CoDel "
        + "parameters (targetMs, intervalMs, ecn, ceThresholdMs, codelArithmetic); fq_codel: flows, limit, "
        + "memoryLimitBytes, quantum, quantumMode, dropBatchSize and the CoDel parameters. A field of another type "
        + "is rejected as unknown.")
public record QdiscDoc(
        @Schema(description = "The qdisc type.", requiredMode = RequiredMode.REQUIRED,
                allowableValues = {"noqueue", "pfifo", "codel", "fq_codel"})
        String type,

        @Schema(description = "fq_codel: number of flow queues (hash buckets); integer 1 to 65536.",
                defaultValue = "1024", minimum = "1", maximum = "65536")
        Integer flows,

        @Schema(description = "pfifo, codel, fq_codel: queue limit in packets; integer 1 to 1000000. Default 1000 "
                + "for pfifo and codel, 10240 for fq_codel.", minimum = "1", maximum = "1000000")
        Integer limit,

        @Schema(description = "fq_codel: limit on the memory of queued packets, in bytes; integer 1 to 2147483648.",
                format = "int64", defaultValue = "33554432", minimum = "1", maximum = "2147483648")
        Long memoryLimitBytes,

        @Schema(description = "fq_codel: DRR quantum in bytes; integer 256 to 1048576 (Linux raises smaller "
                + "values to 256).", defaultValue = "1514", minimum = "256", maximum = "1048576")
        Integer quantum,

        @Schema(description = "fq_codel: \"bytes\" is Linux DRR (a flow entering the new list gets quantum bytes of "
                + "credit); \"packets\" gives a newly active flow min(quantum, its first packet's length), so every "
                + "flow sends one packet per round.", defaultValue = "bytes", allowableValues = {"bytes", "packets"})
        String quantumMode,

        @Schema(description = "fq_codel: packets dropped at most at once from the fattest flow when over limit; "
                + "integer 1 to 65536.", defaultValue = "64", minimum = "1", maximum = "65536")
        Integer dropBatchSize,

        @Schema(description = "codel, fq_codel: CoDel target sojourn time in milliseconds; > 0 and ≤ 10000.",
                defaultValue = "5", minimum = "0", exclusiveMinimum = true, maximum = "10000")
        Double targetMs,

        @Schema(description = "codel, fq_codel: CoDel interval in milliseconds; > 0 and ≤ 100000.",
                defaultValue = "100", minimum = "0", exclusiveMinimum = true, maximum = "100000")
        Double intervalMs,

        @Schema(description = "codel, fq_codel: mark ECN-capable packets instead of dropping them. Default false "
                + "for codel (Linux sch_codel), true for fq_codel.")
        Boolean ecn,

        @Schema(description = "codel, fq_codel: shallow ECN marking threshold in milliseconds, 0 to 100000; null = "
                + "disabled.", nullable = true, defaultValue = "null", minimum = "0", maximum = "100000")
        Double ceThresholdMs,

        @Schema(description = "codel, fq_codel: \"linux\" uses the kernel's integer Newton step for 1/√count and "
                + "its comparison rules; \"exact\" uses floating-point 1/√count as in RFC 8289's text.",
                defaultValue = "linux", allowableValues = {"linux", "exact"})
        String codelArithmetic) {
}
