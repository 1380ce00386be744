package dev.fqlab.scenario.openapi;

import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.media.Schema.RequiredMode;

/** The bottleneck (spec/scenario.md, "link"): one flat object whose fields depend on {@code type}. */
@Schema(name = "Link", description = "The bottleneck, one flat object. wired: one link with the stack's qdisc on its "
        + "egress in each direction, like an HTB-shaped interface (rateMbps, upRateMbps, lossRate, l2OverheadBytes). "
        + "wifi: one AP and its stations sharing one 5 GHz channel (standard, channelWidthMhz, shortGuardInterval, "
        + "ampdu, retryLimit, legacyRateMbps). A field of the other type is rejected as unknown.")
public record LinkDoc(
        @Schema(description = "The link type.", requiredMode = RequiredMode.REQUIRED,
                allowableValues = {"wired", "wifi"})
        String type,

        @Schema(description = "wired, required: rate of the down direction (server side → receivers), in Mbit/s; "
                + "> 0 and ≤ 100000.", minimum = "0", exclusiveMinimum = true, maximum = "100000")
        Double rateMbps,

        @Schema(description = "wired: rate of the up direction, in Mbit/s; > 0 and ≤ 100000. Default: rateMbps.",
                minimum = "0", exclusiveMinimum = true, maximum = "100000")
        Double upRateMbps,

        @Schema(description = "wired: probability that the link loses a packet; ≥ 0 and < 1.", defaultValue = "0",
                minimum = "0", maximum = "1", exclusiveMaximum = true)
        Double lossRate,

        @Schema(description = "wired: bytes added to every IP packet for qdisc accounting and serialisation "
                + "(Ethernet: a 1500-byte IP packet is a 1514-byte frame); integer 0 to 256.", defaultValue = "14",
                minimum = "0", maximum = "256")
        Integer l2OverheadBytes,

        @Schema(description = "wifi: the PHY: 802.11a (legacy OFDM, 20 MHz, no aggregation), 802.11n (HT, MCS "
                + "0–31), 802.11ac (VHT, MCS 0–9 on 1–4 streams).", defaultValue = "802.11n",
                allowableValues = {"802.11a", "802.11n", "802.11ac"})
        String standard,

        @Schema(description = "wifi: channel width in MHz: 20 (802.11a); 20 or 40 (802.11n); 20, 40, 80 or 160 "
                + "(802.11ac).", defaultValue = "20", allowableValues = {"20", "40", "80", "160"})
        Integer channelWidthMhz,

        @Schema(description = "wifi: use the 400 ns guard interval (802.11n/ac only; must be false on 802.11a).",
                defaultValue = "false")
        Boolean shortGuardInterval,

        @Schema(description = "wifi: A-MPDU aggregation limits.")
        AmpduDoc ampdu,

        @Schema(description = "wifi: transmissions of one MPDU before it is dropped; integer 1 to 100.",
                defaultValue = "10", minimum = "1", maximum = "100")
        Integer retryLimit,

        @Schema(description = "wifi: data rate in Mbit/s of 802.11a stations that do not set their own; one of the "
                + "802.11a rates.", defaultValue = "54",
                allowableValues = {"6", "9", "12", "18", "24", "36", "48", "54"})
        Double legacyRateMbps) {
}
