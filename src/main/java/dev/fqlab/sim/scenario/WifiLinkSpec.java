package dev.fqlab.sim.scenario;

import static dev.fqlab.sim.scenario.schema.Field.bool;
import static dev.fqlab.sim.scenario.schema.Field.enumeration;
import static dev.fqlab.sim.scenario.schema.Field.integer;
import static dev.fqlab.sim.scenario.schema.Field.number;
import static dev.fqlab.sim.scenario.schema.Field.object;

import dev.fqlab.sim.scenario.schema.IntRange;
import dev.fqlab.sim.scenario.schema.RecordSchema;
import dev.fqlab.sim.scenario.schema.Scope;
import dev.fqlab.sim.wifi.phy.PhyValidation;
import java.util.List;

/**
 * One AP and its stations sharing one channel (scenario.md {@code link} type {@code wifi}); what the standard
 * allows is {@link PhyValidation}'s call.
 *
 * @param amsdu A-MSDU aggregation of the AP's downlink
 * @param retryLimit transmissions of one MPDU before it is dropped
 * @param legacyRateMbps data rate of 802.11a stations that do not set their own
 * @param rtsThresholdBytes PSDUs longer than this are protected by RTS/CTS; null: off (Linux's default)
 * @param centerFrequencyMhz the channel's centre frequency for the path loss of stations with {@code distanceM};
 *     null: {@link #DEFAULT_CENTER_FREQUENCY_MHZ}
 * @param apAntennas the AP's receive antennas for the uplink of stations with a channel; null: each station's own
 */
public record WifiLinkSpec(PhyStandard standard, int channelWidthMhz, boolean shortGuardInterval, AmpduSpec ampdu,
                           AmsduSpec amsdu, int retryLimit, double legacyRateMbps, Integer rtsThresholdBytes,
                           Integer centerFrequencyMhz, Integer apAntennas) implements LinkSpec {

    /** 5 GHz channel 36 (802.11-2016 Annex E, Table E-4: 5000 + 5 × 36 MHz), when the link gives none. */
    public static final int DEFAULT_CENTER_FREQUENCY_MHZ = 5180;

    /** The 802.11a rates, for the reference. */
    static final List<String> LEGACY_RATES = List.of("6", "9", "12", "18", "24", "36", "48", "54");

    public static final RecordSchema<WifiLinkSpec> SCHEMA = RecordSchema.variant(WifiLinkSpec.class, "wifi",
            "One AP and its stations sharing one 5 GHz channel.",
            enumeration("standard", PhyStandard.class).defaultValue(PhyStandard.N)
                    .help("The PHY: 802.11a (legacy OFDM, 20 MHz, no aggregation), 802.11n (HT, MCS 0–31), 802.11ac "
                            + "(VHT, MCS 0–9 on 1–4 streams)."),
            integer("channelWidthMhz").defaultValue(20).allowed(WifiLinkSpec::width, List.of("20", "40", "80", "160"))
                    .unit("MHz").help("Channel width: 20 (802.11a); 20 or 40 (802.11n); 20, 40, 80 or 160 (802.11ac)."),
            bool("shortGuardInterval").defaultValue(false).check(WifiLinkSpec::shortGiPossible)
                    .help("Use the 400 ns guard interval (802.11n/ac only)."),
            object("ampdu", AmpduSpec.SCHEMA).help("A-MPDU aggregation limits."),
            object("amsdu", AmsduSpec.SCHEMA).help("A-MSDU aggregation of the AP's downlink (MSDUs per MPDU)."),
            integer("retryLimit").defaultValue(10).range(IntRange.of(1, 100))
                    .help("Transmissions of one MPDU before it is dropped."),
            number("legacyRateMbps").defaultValue(54).allowed(WifiLinkSpec::legacyRate, LEGACY_RATES).unit("Mbit/s")
                    .help("Data rate of 802.11a stations that do not set their own."),
            integer("rtsThresholdBytes").optional().range(IntRange.of(0, 65535)).unit("bytes")
                    .help("RTS threshold of every radio (iw phy set rts; dot11RTSThreshold): a PPDU whose PSDU — the "
                            + "MPDU, or the whole A-MPDU — is longer is preceded by RTS/CTS at the control rate, once "
                            + "per TXOP; a collision then costs the RTS only. Absent: off, as Linux leaves it."),
            integer("centerFrequencyMhz").optional().range(IntRange.of(4900, 5925)).unit("MHz")
                    .help("The channel's centre frequency; only the path loss of stations with distanceM uses it "
                            + "(Friis reference loss at 1 m). Absent: 5180 MHz (channel 36)."),
            integer("apAntennas").optional().range(IntRange.of(1, 4))
                    .help("The AP's receive antennas, for the uplink diversity gain of stations with a channel "
                            + "(ns-3: antennas / streams when the AP has more antennas than the PPDU has streams; no "
                            + "gain, and no penalty, with fewer). Absent: each station's own antennas (the same gain "
                            + "both ways)."));

    @Override
    public String type() {
        return "wifi";
    }

    /** The wifi link's scope seen from anywhere in the document, or null when the link is not a valid wifi link. */
    static Scope of(Scope anywhere) {
        Scope link = anywhere.root().object("link");
        return link != null && "wifi".equals(link.type()) ? link : null;
    }

    /** The link's standard, null when unknown. */
    static PhyStandard standard(Scope anywhere) {
        Scope link = of(anywhere);
        return link == null ? null : link.value("standard", PhyStandard.class);
    }

    /** The widths of the standard (of any standard when it is invalid); asked with Long.MIN_VALUE for a non-integer. */
    private static String width(Scope link, Long value) {
        PhyStandard standard = link.value("standard", PhyStandard.class);
        long width = value;
        int widthMhz = width == (int) width ? (int) width : 0;
        return PhyValidation.width(standard == null ? PhyStandard.AC : standard, widthMhz);
    }

    private static String shortGiPossible(Scope link, Boolean shortGi) {
        return shortGi && link.value("standard", PhyStandard.class) == PhyStandard.A
                ? "must be false on 802.11a: the 400 ns guard interval is an HT/VHT feature" : null;
    }

    /** An 802.11a rate (asked with NaN when the value is not a number). */
    static String legacyRate(Scope scope, Double rateMbps) {
        return PhyValidation.legacyRate(rateMbps);
    }
}
