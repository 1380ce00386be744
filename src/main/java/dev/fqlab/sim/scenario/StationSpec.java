package dev.fqlab.sim.scenario;

import static dev.fqlab.sim.scenario.schema.Field.enumeration;
import static dev.fqlab.sim.scenario.schema.Field.flat;
import static dev.fqlab.sim.scenario.schema.Field.integer;
import static dev.fqlab.sim.scenario.schema.Field.number;
import static dev.fqlab.sim.scenario.schema.Field.string;

import dev.fqlab.sim.scenario.schema.IntRange;
import dev.fqlab.sim.scenario.schema.NumberRange;
import dev.fqlab.sim.scenario.schema.RecordSchema;
import dev.fqlab.sim.scenario.schema.Report;
import dev.fqlab.sim.scenario.schema.Scope;
import dev.fqlab.sim.scenario.schema.When;
import dev.fqlab.sim.wifi.phy.PhyValidation;

/**
 * A WiFi station (scenario.md {@code stations}), normalized: 802.11n/ac stations have {@code mcs} and
 * {@code spatialStreams} (HT derives the streams from the MCS, VHT defaults to 1); 802.11a stations have
 * {@code legacyRateMbps} (the link's when not given) and a null {@code mcs}. Which MCS, stream count and legacy rate
 * the standard has is {@link PhyValidation}'s call.
 *
 * @param airtimeWeight the airtime scheduler's weight (mac80211: 256 = one default quantum)
 * @param channel the station's radio channel (all absent: none, {@code frameErrorRate} decides the losses)
 * @param rateControl how the rate toward and from the station is chosen (default minstrel_ht with a channel)
 */
public record StationSpec(String name, Integer mcs, Integer spatialStreams, double frameErrorRate,
                          int airtimeWeight, Double legacyRateMbps, ChannelSpec channel,
                          RateControlType rateControl) {

    private static final IntRange HT_MCS = IntRange.of(0, 31)
            .withNote("HT: MCS 0–7 are 1 stream, 8–15 2, 16–23 3, 24–31 4");
    private static final IntRange VHT_MCS = IntRange.of(0, 9).withNote("VHT");

    public static final RecordSchema<StationSpec> SCHEMA = RecordSchema.of(StationSpec.class, "Station",
            "A WiFi station. 802.11n/ac stations have an mcs (and spatialStreams); 802.11a stations have a "
                    + "legacyRateMbps instead.",
            string("name").required().pattern("[a-z0-9-]{1,32}", "lower-case letters, digits, '-'")
                    .unique("station name").help("Unique name; flows refer to it."),
            integer("mcs").optional().when(StationSpec::mcsApplies, "802.11n and 802.11ac stations, required there")
                    .intRange(HT_MCS, s -> WifiLinkSpec.standard(s) == PhyStandard.N ? HT_MCS : VHT_MCS,
                            "802.11n: 0 to 31; 802.11ac: 0 to 9, where the standard has it for the streams and width "
                                    + "(not MCS 9 at 20 MHz with 1, 2 or 4 streams, MCS 6 at 80 MHz with 3, MCS 9 at "
                                    + "160 MHz with 3)")
                    .help("The modulation and coding scheme (802.11n/ac, required there). With rateControl "
                            + "minstrel_ht: the highest MCS the station supports (802.11ac: on every stream count)."),
            integer("spatialStreams").when(StationSpec::streamsApply, "802.11n and 802.11ac stations")
                    .defaultValue(StationSpec::defaultStreams, "802.11n: mcs / 8 + 1; 802.11ac: 1")
                    .range(IntRange.of(1, 4)).check(StationSpec::streamsFitMcs)
                    .help("Spatial streams (802.11n: derived from the MCS, and must agree if given; 802.11ac: 1 to 4)."),
            number("frameErrorRate").defaultValue(0).range(NumberRange.closedOpen(0, 1))
                    .help("Probability that an MPDU to or from this station is lost (a fixed rate; must be 0 when the "
                            + "station has a channel, snrDb or distanceM)."),
            integer("airtimeWeight").defaultValue(256).range(IntRange.of(1, 65535))
                    .help("The airtime scheduler's weight (mac80211: 256 is one quantum)."),
            number("legacyRateMbps").when(StationSpec::legacyRateApplies, "802.11a stations")
                    .defaultValue(StationSpec::linkLegacyRate, "the link's legacyRateMbps")
                    .allowed(WifiLinkSpec::legacyRate, WifiLinkSpec.LEGACY_RATES).unit("Mbit/s")
                    .help("802.11a only: this station's data rate (with rateControl minstrel_ht: the highest)."),
            flat("channel", ChannelSpec.SCHEMA),
            enumeration("rateControl", RateControlType.class)
                    .defaultValue(StationSpec::defaultRateControl, "minstrel_ht with snrDb or distanceM, else fixed")
                    .help("How the AP's rate toward the station and the station's rate toward the AP are chosen: "
                            + "fixed (mcs / legacyRateMbps, one try per PPDU) or minstrel_ht (mac80211's "
                            + "Minstrel-HT over every rate up to mcs that the streams, width and guard interval "
                            + "allow, with ath9k's four-series retry chain)."))
            .rule(StationSpec::mcsExists);

    /**
     * The one place the default rate control is decided (issue 12): {@code minstrel_ht} when the station has a
     * channel ({@code snrDb} or {@code distanceM}), whose losses depend on the rate; else {@code fixed}, so a
     * scenario without a channel keeps its one rate and its results.
     */
    private static Object defaultRateControl(Scope station) {
        return station.has("snrDb") || station.has("distanceM") ? RateControlType.MINSTREL_HT : RateControlType.FIXED;
    }

    private static When mcsApplies(Scope station) {
        PhyStandard standard = WifiLinkSpec.standard(station);
        if (standard == null) {
            return When.SKIPPED; // they depend on the invalid standard
        }
        return standard == PhyStandard.A
                ? When.rejected("must be absent: 802.11a stations have no MCS (give legacyRateMbps, default the "
                        + "link's)")
                : When.required("required on an " + standard.json() + " station");
    }

    private static When streamsApply(Scope station) {
        PhyStandard standard = WifiLinkSpec.standard(station);
        return standard == null ? When.SKIPPED
                : standard == PhyStandard.A ? When.rejected("must be absent: 802.11a has one spatial stream")
                : When.APPLIES;
    }

    private static When legacyRateApplies(Scope station) {
        PhyStandard standard = WifiLinkSpec.standard(station);
        return standard == null ? When.SKIPPED
                : standard == PhyStandard.A ? When.APPLIES
                : When.rejected("applies to 802.11a stations only (802.11n/ac stations have an mcs)");
    }

    /** HT derives the streams from the MCS (unknown while the MCS is invalid); VHT defaults to 1. */
    private static Object defaultStreams(Scope station) {
        Long mcs = station.integer("mcs");
        return WifiLinkSpec.standard(station) == PhyStandard.N ? (mcs == null ? null : mcs / 8 + 1) : Long.valueOf(1);
    }

    private static String streamsFitMcs(Scope station, Long streams) {
        Long mcs = station.integer("mcs");
        String problem = PhyValidation.spatialStreams(WifiLinkSpec.standard(station),
                mcs == null ? null : Math.toIntExact(mcs), Math.toIntExact(streams));
        return problem == null ? null : "must be " + problem + " (got " + streams + ")";
    }

    private static Object linkLegacyRate(Scope station) {
        return WifiLinkSpec.of(station).number("legacyRateMbps");
    }

    /** The MCS must exist for the streams and width, judged only when all three are valid themselves. */
    private static void mcsExists(Scope station, Report report) {
        Scope link = WifiLinkSpec.of(station);
        PhyStandard standard = WifiLinkSpec.standard(station);
        Long mcs = station.integer("mcs");
        Long streams = station.integer("spatialStreams");
        Long width = link == null ? null : link.integer("channelWidthMhz");
        if (standard == null || standard == PhyStandard.A || mcs == null || streams == null || width == null) {
            return;
        }
        String problem = PhyValidation.mcs(standard, Math.toIntExact(mcs), Math.toIntExact(streams),
                Math.toIntExact(width));
        if (problem != null) {
            report.fail("mcs", "must be " + problem + " (got " + mcs + ")");
        }
    }
}
