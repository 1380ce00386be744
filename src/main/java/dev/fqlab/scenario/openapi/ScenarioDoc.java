package dev.fqlab.scenario.openapi;

import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.media.Schema.RequiredMode;
import java.util.List;

/** The scenario document (spec/scenario.md, "Top level"). */
@Schema(name = "Scenario", description = "The input of one experiment. Field names carry their units (Ms, S, Mbps, "
        + "Bytes). Every field has a default except the required ones; unknown fields are rejected, and validation "
        + "reports every bad field at once as a JSON Pointer with a message.")
public record ScenarioDoc(
        @Schema(description = "Free text.", maxLength = 200, example = "fq_codel at 10 Mbit/s")
        String name,

        @Schema(description = "The only source of randomness: the same scenario and seed give an identical result.",
                format = "int64", defaultValue = "1")
        Long seed,

        @Schema(description = "Simulated time in seconds, > 0 and at most the service limit "
                + "(fqlab.limits.max-duration-s, default 600).", requiredMode = RequiredMode.REQUIRED,
                minimum = "0", exclusiveMinimum = true, example = "30")
        Double durationS,

        @Schema(description = "Statistics ignore everything before this time, in seconds; ≥ 0 and < durationS.",
                defaultValue = "0", minimum = "0")
        Double warmupS,

        @Schema(description = "Time-series resolution in milliseconds: 0 = no series, else 1 to 60000, and at most "
                + "20000 samples (durationS·1000/sampleIntervalMs ≤ 20000).", defaultValue = "100", minimum = "0",
                maximum = "60000")
        Double sampleIntervalMs,

        @Schema(description = "The bottleneck link: \"wired\" or \"wifi\".", requiredMode = RequiredMode.REQUIRED)
        LinkDoc link,

        @Schema(description = "WiFi stations: required on a wifi link, 1 to the service limit "
                + "(fqlab.limits.max-stations, default 128) with unique names; empty or absent on a wired link.",
                defaultValue = "[]")
        List<StationDoc> stations,

        @Schema(description = "Base round-trip time between the router and the remote server, in milliseconds; "
                + "0 to 10000.", defaultValue = "1", minimum = "0", maximum = "10000")
        Double wiredRttMs,

        @Schema(description = "The queueing stack. Default on a wired link: {\"qdisc\": {\"type\": "
                + "\"fq_codel\"}}; on a wifi link every part takes its defaults.")
        StackDoc stack,

        @Schema(description = "The traffic: 1 to the service limit (fqlab.limits.max-flows, default 1024) flows "
                + "with unique names.", requiredMode = RequiredMode.REQUIRED)
        List<FlowDoc> flows) {
}
