package dev.fqlab.scenario.openapi;

import io.swagger.v3.oas.annotations.media.Schema;

/** A-MPDU aggregation limits of a wifi link (spec/scenario.md, "link" wifi table). */
@Schema(name = "Ampdu", description = "A-MPDU aggregation limits of a wifi link. The driver closes an aggregate at "
        + "whichever limit it reaches first.")
public record AmpduDoc(
        @Schema(description = "Aggregate MPDUs into A-MPDUs. Default true on 802.11n/ac, false on 802.11a (which has "
                + "no A-MPDU: true is rejected there).")
        Boolean enabled,

        @Schema(description = "MPDUs per A-MPDU; integer 1 to 64 (the 64-frame BlockAck window; ath9k uses half).",
                defaultValue = "32", minimum = "1", maximum = "64")
        Integer maxSubframes,

        @Schema(description = "A-MPDU length limit in bytes; integer 1 to 65535 (the HT limit; 802.11n and 802.11a) "
                + "or to 1048575 (802.11ac).", defaultValue = "65535", minimum = "1", maximum = "1048575")
        Integer maxBytes,

        @Schema(description = "PPDU duration cap in microseconds; integer 1 to 5484 (the longest PPDU an L-SIG can "
                + "announce).", defaultValue = "4000", minimum = "1", maximum = "5484")
        Integer maxDurationUs) {
}
