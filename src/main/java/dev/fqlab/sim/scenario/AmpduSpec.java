package dev.fqlab.sim.scenario;

import static dev.fqlab.sim.scenario.schema.Field.bool;
import static dev.fqlab.sim.scenario.schema.Field.integer;

import dev.fqlab.sim.scenario.schema.IntRange;
import dev.fqlab.sim.scenario.schema.RecordSchema;
import dev.fqlab.sim.scenario.schema.Scope;

/**
 * A-MPDU aggregation limits (scenario.md {@code link.ampdu}; IEEE 802.11-2016 10.12); always disabled for 802.11a.
 * The driver closes an aggregate at whichever limit it reaches first.
 *
 * @param maxSubframes MPDUs per A-MPDU (ath9k: 32, half the 64-frame BlockAck window)
 * @param maxBytes A-MPDU length limit (HT 65535; VHT up to 1048575)
 * @param maxDurationUs PPDU duration cap; the default is ath9k's 4096 µs ({@code ath_update_max_aggr_framelen},
 *     drivers/net/wireless/ath/ath9k/xmit.c: {@code if (!txop || txop > 4096) txop = 4096;})
 */
public record AmpduSpec(boolean enabled, int maxSubframes, int maxBytes, int maxDurationUs) {

    private static final IntRange HT_BYTES = IntRange.of(1, 65535).withNote("the HT A-MPDU limit");
    private static final IntRange VHT_BYTES = IntRange.of(1, 1_048_575).withNote("the VHT A-MPDU limit");

    public static final RecordSchema<AmpduSpec> SCHEMA = RecordSchema.of(AmpduSpec.class, "Ampdu",
            "A-MPDU aggregation limits of a wifi link. The driver closes an aggregate at whichever limit it reaches "
                    + "first.",
            bool("enabled").defaultValue(s -> standard(s) != PhyStandard.A, "true on 802.11n/ac, false on 802.11a")
                    .check(AmpduSpec::possible)
                    .help("Aggregate MPDUs into A-MPDUs (802.11a has no A-MPDU: true is rejected there)."),
            integer("maxSubframes").defaultValue(32).range(IntRange.of(1, 64).withNote("the 64-frame BlockAck window"))
                    .help("MPDUs per A-MPDU (ath9k uses half the 64-frame BlockAck window)."),
            integer("maxBytes").defaultValue(65535)
                    .intRange(VHT_BYTES, s -> standard(s) == PhyStandard.AC || standard(s) == null ? VHT_BYTES
                            : HT_BYTES, "1 to 65535 (HT: 802.11n and 802.11a) or to 1048575 (802.11ac)")
                    .unit("bytes").help("A-MPDU length limit."),
            integer("maxDurationUs").defaultValue(4096)
                    .range(IntRange.of(1, 5484).withNote("the longest PPDU an L-SIG can announce: 4095 bytes at 6 Mbit/s"))
                    .unit("µs").help("PPDU duration cap. The default is ath9k's \"4ms\": 4096 µs "
                            + "(ath_update_max_aggr_framelen); an AC's TXOP limit (VI 3008, VO 1504 µs) caps it "
                            + "further."));

    /** The link's standard (null when invalid). */
    private static PhyStandard standard(Scope ampdu) {
        return ampdu.parent().value("standard", PhyStandard.class);
    }

    private static String possible(Scope ampdu, Boolean enabled) {
        return enabled && standard(ampdu) == PhyStandard.A
                ? "must be false on 802.11a: legacy OFDM has no A-MPDU aggregation" : null;
    }
}
