package dev.fqlab.scenario.openapi;

import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.media.Schema.RequiredMode;

/** A WiFi station (spec/scenario.md, "Stations"). */
@Schema(name = "Station", description = "A WiFi station. 802.11n/ac stations have an mcs (and spatialStreams); "
        + "802.11a stations have a legacyRateMbps instead. The normalized scenario fills in spatialStreams "
        + "(802.11n/ac) and legacyRateMbps (802.11a).")
public record StationDoc(
        @Schema(description = "Unique name, [a-z0-9-]{1,32}; flows refer to it.", requiredMode = RequiredMode.REQUIRED,
                pattern = "^[a-z0-9-]{1,32}$", example = "sta1")
        String name,

        @Schema(description = "802.11n/ac, required: the MCS. 802.11n: 0 to 31 (MCS 0–7 one stream, 8–15 two, 16–23 "
                + "three, 24–31 four); 802.11ac: 0 to 9, where the standard has it for the streams and width (not "
                + "MCS 9 at 20 MHz with 1, 2 or 4 streams, MCS 6 at 80 MHz with 3, MCS 9 at 160 MHz with 3). Not "
                + "allowed on 802.11a.", minimum = "0", maximum = "31")
        Integer mcs,

        @Schema(description = "802.11n: derived from the MCS (MCS / 8 + 1); if given it must agree. 802.11ac: 1 to 4, "
                + "default 1. Not allowed on 802.11a.", minimum = "1", maximum = "4")
        Integer spatialStreams,

        @Schema(description = "Probability that an MPDU to or from this station is lost; ≥ 0 and < 1.",
                defaultValue = "0", minimum = "0", maximum = "1", exclusiveMaximum = true)
        Double frameErrorRate,

        @Schema(description = "The airtime scheduler's weight (mac80211: 256 is one quantum); integer 1 to 65535.",
                defaultValue = "256", minimum = "1", maximum = "65535")
        Integer airtimeWeight,

        @Schema(description = "802.11a only: this station's data rate in Mbit/s, one of the 802.11a rates. "
                + "Default: the link's legacyRateMbps.",
                allowableValues = {"6", "9", "12", "18", "24", "36", "48", "54"})
        Double legacyRateMbps) {
}
