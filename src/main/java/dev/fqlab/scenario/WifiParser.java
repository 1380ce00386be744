package dev.fqlab.scenario;

import dev.fqlab.sim.scenario.AmpduSpec;
import dev.fqlab.sim.scenario.PhyStandard;
import dev.fqlab.sim.scenario.StationSpec;
import dev.fqlab.sim.scenario.WifiLinkSpec;
import dev.fqlab.sim.wifi.phy.PhyValidation;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.JsonNodeFactory;

/**
 * Parses a {@code wifi} link and its {@code stations} (scenario.md "link", "Stations"); see {@link ScenarioParser}
 * for the rules. Which MCS, stream count, width and legacy rate the standard has is {@link PhyValidation}'s call.
 */
final class WifiParser {

    static final List<String> LINK_FIELDS = List.of("standard", "channelWidthMhz", "shortGuardInterval", "ampdu",
            "retryLimit", "legacyRateMbps");

    private static final Pattern STATION_NAME = Pattern.compile("[a-z0-9-]{1,32}");
    private static final String STATION_NAME_RULE = "a string matching [a-z0-9-]{1,32}";

    private static final IntRange AMPDU_SUBFRAMES = IntRange.of(1, 64).withNote("the 64-frame BlockAck window");
    private static final IntRange AMPDU_BYTES_HT = IntRange.of(1, 65535).withNote("the HT A-MPDU limit");
    private static final IntRange AMPDU_BYTES_VHT = IntRange.of(1, 1_048_575).withNote("the VHT A-MPDU limit");
    private static final IntRange AMPDU_DURATION_US = IntRange.of(1, 5484)
            .withNote("the longest PPDU an L-SIG can announce: 4095 bytes at 6 Mbit/s");
    private static final IntRange RETRY_LIMIT = IntRange.of(1, 100);
    private static final IntRange HT_MCS = IntRange.of(0, 31)
            .withNote("HT: MCS 0–7 are 1 stream, 8–15 2, 16–23 3, 24–31 4");
    private static final IntRange VHT_MCS = IntRange.of(0, 9).withNote("VHT");
    private static final IntRange STREAMS = IntRange.of(1, 4);
    private static final NumberRange FRAME_ERROR_RATE = NumberRange.closedOpen(0, 1);
    private static final IntRange AIRTIME_WEIGHT = IntRange.of(1, 65535);

    /**
     * What the stations' checks need from the link, each null when invalid (already reported): then the checks that
     * depend on it are skipped.
     */
    record LinkFacts(PhyStandard standard, Integer widthMhz, Double legacyRateMbps) {
    }

    /** A parsed wifi link: its spec (null when invalid) and the facts the stations depend on. */
    record Link(WifiLinkSpec spec, LinkFacts facts) {
    }

    /**
     * The stations' names, for the flows' {@code station}: {@code complete} when every station has a string name, so
     * a name not in {@code names} is really unknown (otherwise the flow may mean the station whose name is broken).
     */
    record StationNames(Set<String> names, boolean complete) {
        static final StationNames UNKNOWN = new StationNames(Set.of(), false);

        boolean contains(String name) {
            return names.contains(name);
        }
    }

    /** Parsed stations: the list (null when any is invalid) and their names. */
    record Stations(List<StationSpec> list, StationNames names) {
        static final Stations UNKNOWN = new Stations(null, StationNames.UNKNOWN);
    }

    private final Problems problems;

    WifiParser(Problems problems) {
        this.problems = problems;
    }

    // ---- link

    /** The rest of a link object whose {@code type} is {@code wifi} (already consumed). */
    Link link(ObjectReader reader) {
        int before = problems.count();
        PhyStandard standard = reader.enumValue("standard", PhyStandard.values(), PhyStandard::json, PhyStandard.N);
        Integer width = width(reader, standard);
        Boolean shortGi = reader.bool("shortGuardInterval", false);
        if (Boolean.TRUE.equals(shortGi) && standard == PhyStandard.A) {
            reader.fail("shortGuardInterval",
                    "must be false on 802.11a: the 400 ns guard interval is an HT/VHT feature");
            shortGi = null;
        }
        AmpduSpec ampdu = ampdu(reader.take("ampdu"), reader.pointerOf("ampdu"), standard);
        Integer retryLimit = reader.intValue("retryLimit", RETRY_LIMIT, 10);
        Double legacyRate = legacyRate(reader, "legacyRateMbps", 54.0);
        reader.finish();
        LinkFacts facts = new LinkFacts(standard, standard == null ? null : width, legacyRate);
        WifiLinkSpec spec = problems.count() > before ? null
                : new WifiLinkSpec(standard, width, shortGi, ampdu, retryLimit, legacyRate);
        return new Link(spec, facts);
    }

    /** {@code channelWidthMhz}: 20 by default; the widths of the standard (of any standard when it is invalid). */
    private static Integer width(ObjectReader reader, PhyStandard standard) {
        PhyStandard widest = standard == null ? PhyStandard.AC : standard;
        Long width = reader.integerWhere("channelWidthMhz", 20,
                value -> PhyValidation.width(widest, value == (int) value ? (int) value : 0));
        return width == null ? null : Math.toIntExact(width);
    }

    /** {@code ampdu}: enabled by default on 802.11n/ac, off (and not allowed on) on 802.11a. */
    private AmpduSpec ampdu(JsonNode node, String pointer, PhyStandard standard) {
        ObjectReader reader = ObjectReader.open(node == null ? JsonNodeFactory.instance.objectNode() : node, pointer,
                problems, "an object");
        if (reader == null) {
            return null;
        }
        int before = problems.count();
        Boolean enabled = reader.bool("enabled", standard != PhyStandard.A);
        if (Boolean.TRUE.equals(enabled) && standard == PhyStandard.A) {
            reader.fail("enabled", "must be false on 802.11a: legacy OFDM has no A-MPDU aggregation");
        }
        Integer subframes = reader.intValue("maxSubframes", AMPDU_SUBFRAMES, 32);
        Integer bytes = reader.intValue("maxBytes", standard == PhyStandard.AC || standard == null
                ? AMPDU_BYTES_VHT : AMPDU_BYTES_HT, 65535);
        Integer duration = reader.intValue("maxDurationUs", AMPDU_DURATION_US, 4000);
        reader.finish();
        return problems.count() > before ? null : new AmpduSpec(enabled, subframes, bytes, duration);
    }

    /** An 802.11a rate: {@code defaultValue} when absent, null when invalid (reported). */
    private static Double legacyRate(ObjectReader reader, String field, Double defaultValue) {
        if (!reader.has(field)) {
            reader.take(field);
            return defaultValue;
        }
        return reader.numberWhere(field, 0, PhyValidation::legacyRate);
    }

    // ---- stations

    /**
     * {@code stations} of a wifi link: required, 1 to {@code maxStations}. {@code node} is the raw value (null when
     * absent); {@code root} reports problems with the array itself.
     */
    Stations stations(ObjectReader root, JsonNode node, LinkFacts link, int maxStations) {
        String field = "stations";
        if (node == null) {
            root.fail(field, "required on a wifi link: at least 1 station");
            return Stations.UNKNOWN;
        }
        if (!node.isArray()) {
            root.fail(field, "must be an array of stations" + ObjectReader.got(node));
            return Stations.UNKNOWN;
        }
        if (node.isEmpty()) {
            root.fail(field, "must contain at least 1 station on a wifi link");
            return Stations.UNKNOWN;
        }
        int before = problems.count();
        if (node.size() > maxStations) {
            root.fail(field, "must contain at most " + maxStations + " stations (service limit)");
        }
        Map<String, String> firstUse = new HashMap<>();
        Set<String> names = new HashSet<>();
        boolean complete = true;
        List<StationSpec> stations = new ArrayList<>();
        for (int i = 0; i < node.size(); i++) {
            String pointer = Pointers.child(root.pointerOf(field), i);
            JsonNode nameNode = node.get(i).isObject() ? node.get(i).get("name") : null;
            if (nameNode != null && nameNode.isString()) {
                names.add(nameNode.stringValue());
            } else {
                complete = false;
            }
            stations.add(station(node.get(i), pointer, link, firstUse));
        }
        return new Stations(problems.count() > before ? null : stations, new StationNames(Set.copyOf(names), complete));
    }

    private StationSpec station(JsonNode node, String pointer, LinkFacts link, Map<String, String> firstUse) {
        ObjectReader reader = ObjectReader.open(node, pointer, problems, "an object (a station)");
        if (reader == null) {
            return null;
        }
        int before = problems.count();
        String name = stationName(reader, firstUse);
        Integer mcs = null;
        Integer streams = null;
        Double legacyRate = null;
        boolean usable = true;
        PhyStandard standard = link.standard();
        if (standard == null) {
            reader.skip(List.of("mcs", "spatialStreams", "legacyRateMbps")); // they depend on the invalid standard
        } else if (standard == PhyStandard.A) {
            reader.reject("mcs", "must be absent: 802.11a stations have no MCS (give legacyRateMbps, default the"
                    + " link's)");
            reader.reject("spatialStreams", "must be absent: 802.11a has one spatial stream");
            usable = reader.has("legacyRateMbps") || link.legacyRateMbps() != null; // else the link's is invalid
            legacyRate = legacyRate(reader, "legacyRateMbps", link.legacyRateMbps());
        } else {
            reader.reject("legacyRateMbps", "applies to 802.11a stations only (802.11n/ac stations have an mcs)");
            mcs = mcs(reader, standard);
            streams = streams(reader, standard, mcs);
            if (mcs != null && streams != null && link.widthMhz() != null) {
                String problem = PhyValidation.mcs(standard, mcs, streams, link.widthMhz());
                if (problem != null) {
                    reader.fail("mcs", "must be " + problem + " (got " + mcs + ")");
                }
            }
        }
        Double frameErrorRate = reader.number("frameErrorRate", FRAME_ERROR_RATE, 0);
        Integer weight = reader.intValue("airtimeWeight", AIRTIME_WEIGHT, 256);
        reader.finish();
        return problems.count() > before || !usable ? null
                : new StationSpec(name, mcs, streams, frameErrorRate, weight, legacyRate);
    }

    /** {@code mcs}: required on 802.11n (0–31) and 802.11ac (0–9) stations. */
    private static Integer mcs(ObjectReader reader, PhyStandard standard) {
        if (!reader.has("mcs")) {
            reader.take("mcs");
            reader.fail("mcs", "required on an " + standard.json() + " station");
            return null;
        }
        Long mcs = reader.optionalInteger("mcs", standard == PhyStandard.N ? HT_MCS : VHT_MCS);
        return mcs == null ? null : Math.toIntExact(mcs);
    }

    /** HT: derived from the MCS (a given count must agree); VHT: 1 to 4, default 1. */
    private Integer streams(ObjectReader reader, PhyStandard standard, Integer mcs) {
        if (!reader.has("spatialStreams")) {
            reader.take("spatialStreams");
            return standard == PhyStandard.N ? (mcs == null ? null : mcs / 8 + 1) : Integer.valueOf(1);
        }
        Long given = reader.optionalInteger("spatialStreams", STREAMS);
        if (given == null) {
            return null;
        }
        int streams = Math.toIntExact(given);
        String problem = PhyValidation.spatialStreams(standard, mcs, streams);
        if (problem != null) {
            reader.fail("spatialStreams", "must be " + problem + " (got " + streams + ")");
            return null;
        }
        return streams;
    }

    /** {@code name}: required, {@code [a-z0-9-]{1,32}}, unique (the later duplicate is reported). */
    private static String stationName(ObjectReader reader, Map<String, String> firstUse) {
        String name = reader.requiredString("name", STATION_NAME_RULE);
        if (name == null) {
            return null;
        }
        if (!STATION_NAME.matcher(name).matches()) {
            reader.fail("name", "must match [a-z0-9-]{1,32} (lower-case letters, digits, '-')"
                    + ObjectReader.got(JsonNodeFactory.instance.stringNode(name)));
            return null;
        }
        String first = firstUse.putIfAbsent(name, reader.pointer());
        if (first != null) {
            reader.fail("name", "duplicate station name \"" + name + "\" (already used by " + first + ")");
            return null;
        }
        return name;
    }
}
