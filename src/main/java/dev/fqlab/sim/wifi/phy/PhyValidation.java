package dev.fqlab.sim.wifi.phy;

import dev.fqlab.sim.scenario.PhyStandard;
import java.util.Set;

/**
 * Which PHY parameters the standard defines, for the scenario parser: each check returns null when the value is
 * valid, else a message (without a leading "must be") that says what is valid. {@link PhyMode}'s factories apply
 * the same checks and throw.
 *
 * <ul>
 *   <li>Widths: 802.11a 20 MHz only (17); 802.11n 20 or 40 MHz (19); 802.11ac 20, 40, 80 or 160 MHz (21; 80+80 is
 *       not modelled).</li>
 *   <li>802.11a rates: 6, 9, 12, 18, 24, 36, 48, 54 Mbit/s (17.3.2.3).</li>
 *   <li>HT MCS 0–31, equal modulation on 1–4 streams, streams = MCS / 8 + 1 (19.5; MCS 32 and the unequal
 *       modulation MCS 33–76 are not modelled).</li>
 *   <li>VHT MCS 0–9 on 1–4 streams (21.5, up to 8 streams in the standard; this model stops at 4). 21.5's tables
 *       leave out the combinations whose bits do not divide evenly; for up to 4 streams: MCS 9 at 20 MHz with 1, 2
 *       or 4 streams (N_DBPS = 52 × 8 × 5/6 × N_SS is not an integer), MCS 6 at 80 MHz with 3 streams and MCS 9 at
 *       160 MHz with 3 streams.</li>
 * </ul>
 */
public final class PhyValidation {

    /** VHT combinations absent from 21.5's tables, as "width/streams/mcs". */
    private static final Set<String> VHT_EXCLUDED = Set.of("20/1/9", "20/2/9", "20/4/9", "80/3/6", "160/3/9");

    private PhyValidation() {
    }

    /** The channel width for the standard. */
    public static String width(PhyStandard standard, int widthMhz) {
        return switch (standard) {
            case A -> widthMhz == 20 ? null : "20 (802.11a channels are 20 MHz wide)";
            case N -> widthMhz == 20 || widthMhz == 40 ? null : "20 or 40 (802.11n HT channels)";
            case AC -> widthMhz == 20 || widthMhz == 40 || widthMhz == 80 || widthMhz == 160 ? null
                    : "20, 40, 80 or 160 (802.11ac VHT channels)";
        };
    }

    /**
     * The spatial stream count: HT derives it from the MCS, so a given count must equal MCS / 8 + 1; VHT takes 1–4
     * (null = the default 1); 802.11a has none. {@code mcs} may be null when unknown (invalid or missing): the HT
     * check is then skipped.
     */
    public static String spatialStreams(PhyStandard standard, Integer mcs, Integer nss) {
        if (nss == null) {
            return null;
        }
        return switch (standard) {
            case A -> "absent: 802.11a has one stream and no MCS";
            case N -> {
                if (nss < 1 || nss > 4) {
                    yield "1 to 4, and equal to MCS / 8 + 1 (802.11n derives the streams from the MCS)";
                }
                if (mcs != null && mcs >= 0 && mcs <= 31 && nss != mcs / 8 + 1) {
                    yield (mcs / 8 + 1) + " or absent: HT MCS " + mcs + " has " + (mcs / 8 + 1) + " spatial stream"
                            + (mcs / 8 == 0 ? "" : "s") + " (MCS / 8 + 1)";
                }
                yield null;
            }
            case AC -> nss >= 1 && nss <= 4 ? null : "1 to 4 (VHT spatial streams; this model stops at 4)";
        };
    }

    /**
     * The MCS for the standard, and whether it exists with {@code nss} streams (null: HT derives them, VHT means
     * 1) at {@code widthMhz}. The combination is only judged when the width and stream count are valid themselves.
     */
    public static String mcs(PhyStandard standard, Integer mcs, Integer nss, int widthMhz) {
        switch (standard) {
            case A -> {
                return mcs == null ? null : "absent: 802.11a stations have a legacyRateMbps, not an MCS";
            }
            case N -> {
                if (mcs == null || mcs < 0 || mcs > 31) {
                    return "an HT MCS 0 to 31 (MCS 0–7: 1 stream, 8–15: 2, 16–23: 3, 24–31: 4)";
                }
                return null; // every HT MCS 0–31 exists at 20 and 40 MHz
            }
            case AC -> {
                if (mcs == null || mcs < 0 || mcs > 9) {
                    return "a VHT MCS 0 to 9";
                }
                int streams = nss == null ? 1 : nss;
                if (width(standard, widthMhz) != null || spatialStreams(standard, mcs, streams) != null) {
                    return null;
                }
                if (VHT_EXCLUDED.contains(widthMhz + "/" + streams + "/" + mcs)) {
                    return "a VHT MCS that exists at " + widthMhz + " MHz with " + streams + " spatial stream"
                            + (streams == 1 ? "" : "s") + ": 802.11ac has no MCS " + mcs + " there (use MCS 0–"
                            + (mcs - 1) + (mcs == 6 ? " or 7–9" : "") + ")";
                }
                return null;
            }
            default -> throw new IllegalArgumentException(String.valueOf(standard));
        }
    }

    /** An 802.11a data rate. */
    public static String legacyRate(double rateMbps) {
        return PhyMode.isLegacyRate(rateMbps) ? null
                : "one of 6, 9, 12, 18, 24, 36, 48, 54 (the 802.11a rates, Mbit/s)";
    }
}
