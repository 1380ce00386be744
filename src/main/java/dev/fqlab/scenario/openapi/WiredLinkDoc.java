package dev.fqlab.scenario.openapi;

import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.media.Schema.RequiredMode;

/** A wired bottleneck (spec/scenario.md, "link"). */
@Schema(name = "WiredLink", description = "One bottleneck link with the stack's qdisc on its egress in each "
        + "direction, like an HTB-shaped interface.")
public record WiredLinkDoc(
        @Schema(description = "The link type. \"wifi\" is not supported by this version yet.",
                requiredMode = RequiredMode.REQUIRED, allowableValues = {"wired"})
        String type,

        @Schema(description = "Rate of the down direction (server side → receivers), in Mbit/s; > 0 and ≤ 100000.",
                requiredMode = RequiredMode.REQUIRED, minimum = "0", exclusiveMinimum = true, maximum = "100000")
        Double rateMbps,

        @Schema(description = "Rate of the up direction, in Mbit/s; > 0 and ≤ 100000. Default: rateMbps.",
                minimum = "0", exclusiveMinimum = true, maximum = "100000")
        Double upRateMbps,

        @Schema(description = "Probability that the link loses a packet; ≥ 0 and < 1.", defaultValue = "0",
                minimum = "0", maximum = "1", exclusiveMaximum = true)
        Double lossRate,

        @Schema(description = "Bytes added to every IP packet for qdisc accounting and serialisation (Ethernet: "
                + "a 1500-byte IP packet is a 1514-byte frame); integer 0 to 256.", defaultValue = "14",
                minimum = "0", maximum = "256")
        Integer l2OverheadBytes) {
}
