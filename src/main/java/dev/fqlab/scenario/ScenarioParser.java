package dev.fqlab.scenario;

import dev.fqlab.sim.scenario.FlowSpec;
import dev.fqlab.sim.scenario.LinkSpec;
import dev.fqlab.sim.scenario.Scenario;
import dev.fqlab.sim.scenario.StackSpec;
import dev.fqlab.sim.scenario.TrafficSpec;
import dev.fqlab.sim.scenario.WiredLinkSpec;
import java.math.BigDecimal;
import java.util.List;
import tools.jackson.databind.JsonNode;

/**
 * Turns a submitted scenario document (spec/scenario.md) into a normalized {@link dev.fqlab.sim.scenario.Scenario},
 * reporting every invalid, missing or unknown field at once as JSON Pointers.
 *
 * <p>The document is walked as a tree (no data binding, which stops at the first error). Every problem becomes a
 * {@link FieldError} with an RFC 6901 pointer relative to the document ({@code ""} for the root) and a message
 * that says what is expected. Bad input never throws. Field names, units and defaults are scenario.md's; where it
 * is silent this parser decides as follows.
 *
 * <p><b>Types.</b> Numbers must be JSON numbers (never strings), finite; integer fields accept a number only if
 * its value is integral ({@code 5} or {@code 5.0}, not {@code 5.5}); booleans must be JSON booleans. JSON
 * {@code null} is not a value and not "use the default", except for {@code ceThresholdMs} where null means off
 * (omit a field to get its default). {@code -0} is read as 0.
 *
 * <p><b>Top level.</b> {@code name}: optional string of ≤ 200 characters. {@code seed}: int64, default 1.
 * {@code durationS}: required, in (0, {@link ScenarioLimits#maxDurationS()}]. {@code warmupS}: default 0, in
 * [0, durationS). {@code sampleIntervalMs}: default 100, 0 (no series) or in [1, 60000], and at most 20000 samples
 * (durationS·1000/sampleIntervalMs ≤ 20000; reported at {@code /sampleIntervalMs} even when defaulted).
 * {@code wiredRttMs}: default 1, in [0, 10000]. {@code stations}: an array of at most
 * {@link ScenarioLimits#maxStations()}; required with at least 1 on a wifi link, empty or absent (default []) on a
 * wired one. {@code flows}: required, 1 to {@link ScenarioLimits#maxFlows()}.
 *
 * <p><b>Link.</b> {@code link} is required and needs {@code type}: "wired" or "wifi". {@code wired}: {@code rateMbps}
 * required in (0, 100000]; {@code upRateMbps} default rateMbps, same range; {@code lossRate} default 0, in [0, 1);
 * {@code l2OverheadBytes} default 14, integer in [0, 256]. On a wired link: non-empty {@code stations}, a flow's
 * {@code station} and {@code stack.txqs|scheduler|aql|driver} are errors ("applies to wifi links only"). When the
 * link or its type is missing or invalid, link-dependent checks (stations beyond shape and count, station, the
 * WiFi-only stack parts, noqueue) are skipped, and only fields that belong to no link type are reported as unknown.
 *
 * <p><b>WiFi link</b> (what the standard allows is {@link dev.fqlab.sim.wifi.phy.PhyValidation}'s call).
 * {@code standard} "802.11n" | "802.11a" | "802.11ac", default 802.11n. {@code channelWidthMhz} default 20: 802.11a
 * 20 only, 802.11n 20 or 40, 802.11ac 20, 40, 80 or 160 (any of those when the standard is invalid).
 * {@code shortGuardInterval} default false; true is an error on 802.11a (no 400 ns GI in legacy OFDM).
 * {@code ampdu}: an object; {@code enabled} default true on 802.11n/ac and false on 802.11a, where true is an error
 * (no A-MPDU); {@code maxSubframes} 32 in [1, 64] (the 64-frame BlockAck window); {@code maxBytes} 65535 in
 * [1, 65535] (HT limit; 802.11n and 802.11a) or [1, 1048575] (VHT; 802.11ac, and any standard when it is invalid);
 * {@code maxDurationUs} 4000 in [1, 5484] (the longest PPDU an L-SIG can announce). {@code retryLimit} 10 in
 * [1, 100]. {@code legacyRateMbps} 54, one of the 802.11a rates 6, 9, 12, 18, 24, 36, 48, 54.
 *
 * <p><b>Stations</b> (wifi). Each an object: {@code name} required, {@code [a-z0-9-]{1,32}}, unique (the later
 * duplicate is reported). 802.11n/ac: {@code mcs} required (802.11n 0–31, 802.11ac 0–9); {@code spatialStreams}
 * 802.11n: derived as mcs / 8 + 1, and if given must be that; 802.11ac: default 1, in [1, 4]; the MCS must exist
 * for the streams and width (802.11ac has no MCS 9 at 20 MHz with 1, 2 or 4 streams, MCS 6 at 80 MHz with 3, MCS 9
 * at 160 MHz with 3; reported at {@code mcs}, and only when the width and streams are valid themselves);
 * {@code legacyRateMbps} is an error. 802.11a: {@code mcs} and {@code spatialStreams} are errors;
 * {@code legacyRateMbps} defaults to the link's and must be an 802.11a rate. Any standard: {@code frameErrorRate} 0
 * in [0, 1), {@code airtimeWeight} 256 in [1, 65535]. With an invalid standard, mcs, spatialStreams and
 * legacyRateMbps are not checked. Normalized: 802.11n/ac stations carry mcs and spatialStreams, 802.11a stations
 * legacyRateMbps (mcs and spatialStreams null).
 *
 * <p><b>Stack.</b> Default {@code {"qdisc": {"type": "fq_codel"}}} on wired links; an explicit qdisc needs
 * {@code type} (noqueue, pfifo, codel, fq_codel); {@code noqueue} is an error on wired links (a wired device has no
 * queue of its own to fall back on). pfifo: {@code limit} 1000 in [1, 1000000]. codel (Linux sch_codel):
 * {@code limit} 1000 in [1, 1000000] and the CoDel parameters below, with {@code ecn} default <b>false</b>.
 * fq_codel: {@code flows} 1024 in [1, 65536], {@code limit} 10240 in [1, 1000000], {@code memoryLimitBytes}
 * 33554432 in [1, 2147483648], {@code quantum} 1514 in [256, 1048576] (Linux raises smaller values to 256; we
 * reject them rather than rewrite), {@code quantumMode} "bytes" | "packets", {@code dropBatchSize} 64 in
 * [1, 65536], CoDel parameters with {@code ecn} default true. CoDel parameters: {@code targetMs} 5 in (0, 10000],
 * {@code intervalMs} 100 in (0, 100000], {@code ceThresholdMs} null or in [0, 100000], {@code codelArithmetic}
 * "linux" | "exact". A field of another qdisc type is an unknown field; with an invalid type only fields that belong
 * to no qdisc type are reported.
 *
 * <p><b>WiFi stack.</b> On a wifi link every part has defaults and none of them is null in the result.
 * {@code txqs}: {@code enabled} true, {@code fq} true, {@code flows} 4096 in [1, 65536], {@code limit} 8192 in
 * [1, 1000000], {@code memoryLimitBytes} 16777216 in [1, 2147483648], {@code quantum} 300 in [1, 1048576],
 * {@code quantumMode} "bytes", {@code targetMs} 20, {@code intervalMs} 100 (ranges as for qdiscs), {@code ecn} true,
 * {@code codelArithmetic} "linux", {@code collisionCheck} true; no {@code ceThresholdMs} (mac80211 has none: an
 * unknown field). {@code qdisc} default noqueue when txqs.enabled, else pfifo with limit 1000 (not judged when
 * txqs.enabled is invalid); noqueue with txqs disabled is an error at {@code /stack/qdisc/type} (nothing would
 * queue). {@code scheduler} default {@code {"type": "round-robin"}}; an explicit one needs {@code type}
 * ("round-robin" | "airtime"); airtime: {@code quantumUs} 256 in [1, 100000], {@code chargeRx} true (fields of
 * another type are unknown; with an invalid type only strangers are reported). {@code aql}: {@code enabled} false,
 * {@code lowUs} 5000, {@code highUs} 12000, {@code thresholdUs} 24000, each in [1, 1000000], lowUs ≤ highUs
 * (reported at highUs when given, else at lowUs). {@code driver}: {@code dequeue} "aggregate" | "per-wake" |
 * "drain-all" | "budget" | "pull", default aggregate; {@code hwQueueAggregates} 2 in [1, 16], {@code hwQueuePackets}
 * 123 in [1, 100000], {@code budgetPackets} 16 in [1, 100000], {@code perWakeCpuUs}, {@code perPacketCpuUs},
 * {@code batchContentionCpuUs} 0 in [0, 1000000].
 *
 * <p><b>Flows.</b> {@code name} required, unique (the later duplicate is reported), {@code [A-Za-z0-9_.-]{1,64}};
 * {@code station} required on a wifi link, naming one of its stations (looked up only when every station has a
 * string name, so a broken station name is reported once);
 * {@code type} required: udp, ping or tcp (with an invalid type the type-specific fields of any type are not
 * checked, only strangers are; a tcp field on a udp or ping flow, or a udp/ping field on a tcp flow, is reported
 * as belonging to the other type). {@code direction} "down" | "up",
 * {@code ac} "BE" | "BK" | "VI" | "VO", {@code startS} 0 in [0, durationS), {@code stopS} default durationS, in
 * (startS, durationS], {@code ecn} "not-ect" | "ect0" | "ect1". udp: exactly one of {@code rateMbps} (0, 100000]
 * and {@code intervalMs} [0, 3600000] (neither or both: one error at the flow's pointer), {@code packetBytes} 1500
 * in [28, 65535], {@code packets} optional integer ≥ 1, {@code burst} 1 in [1, 100000]. {@code intervalMs} 0 needs
 * {@code packets} (≤ 100000, one burst at startS); burst is then normalized to packets, and an explicit burst must
 * equal it. ping: {@code intervalMs} 500 in (0, 3600000], {@code packetBytes} 64 in [28, 65535]; direction is
 * accepted (probes go both ways anyway). tcp: {@code congestionControl} "cubic" | "reno" (default cubic),
 * {@code origin} "remote" | "local" (default remote), {@code pacingShift} 10 in [0, 31], {@code mss} 1448 in
 * [536, 8948] (RFC 879's default MSS up to a 9000-byte jumbo packet less 52 header bytes), {@code bytes} optional
 * integer ≥ 1 (absent = bulk).
 *
 * <p>Checks that compare two fields (warmupS, startS and stopS against durationS, stopS against startS, the
 * sample count) run only when both fields are valid, so one mistake is reported once.
 */
public final class ScenarioParser {

    static final int MAX_NAME_LENGTH = 200;
    static final int MAX_SAMPLES = 20_000;
    /**
     * Values a result's time series may hold (samples × series): 2 million is about 20 MB of JSON and as many
     * {@code result_series} rows, seconds to store. 1024 flows for 600 s at the default 100 ms would be 12 million.
     */
    static final long MAX_SERIES_VALUES = 2_000_000;

    private static final List<String> WIRED_FIELDS = List.of("rateMbps", "upRateMbps", "lossRate", "l2OverheadBytes");
    private static final WifiParser.Stations NO_STATIONS =
            new WifiParser.Stations(List.of(), WifiParser.StationNames.UNKNOWN);

    private static final NumberRange LINK_RATE_MBPS = NumberRange.openClosed(0, 100_000);
    private static final NumberRange LOSS_RATE = NumberRange.closedOpen(0, 1);
    private static final IntRange L2_OVERHEAD_BYTES = IntRange.of(0, 256);
    private static final NumberRange SAMPLE_INTERVAL_MS = NumberRange.closed(1, 60_000).orZero();
    private static final NumberRange WIRED_RTT_MS = NumberRange.closed(0, 10_000);

    private final ScenarioLimits limits;

    public ScenarioParser(ScenarioLimits limits) {
        this.limits = limits;
    }

    /** Parses and validates; never throws for bad input. */
    public ParsedScenario parse(JsonNode document) {
        Problems problems = new Problems();
        Scenario scenario = scenario(document, problems);
        return problems.count() > 0 ? new ParsedScenario(null, problems.list())
                : new ParsedScenario(scenario, List.of());
    }

    private Scenario scenario(JsonNode document, Problems problems) {
        ObjectReader root = ObjectReader.open(document, Pointers.ROOT, problems, "a JSON object (the scenario)");
        if (root == null) {
            return null;
        }
        String name = name(root);
        Long seed = root.integer("seed", IntRange.INT64, 1);
        Double durationS = root.requiredNumber("durationS", NumberRange.openClosed(0, limits.maxDurationS()));
        Double warmupS = root.number("warmupS", durationS == null ? NumberRange.atLeast(0)
                : NumberRange.closedOpen(0, durationS).maxNamed("durationS"), 0);
        Double sampleIntervalMs = sampleIntervalMs(root, durationS);
        Link link = link(root.take("link"), root.pointerOf("link"), problems);
        WifiParser.Stations stations = stations(root, link, problems);
        Double wiredRttMs = root.number("wiredRttMs", WIRED_RTT_MS, 1);
        StackSpec stack = new StackParser(problems, link.kind()).parse(root.take("stack"), root.pointerOf("stack"));
        List<FlowSpec> flows = new FlowParser(problems, link.kind(), stations.names(), durationS, limits.maxFlows())
                .parse(root.take("flows"), root.pointerOf("flows"));
        root.finish();
        if (problems.count() > 0) {
            return null;
        }
        seriesSize(problems, durationS, sampleIntervalMs, stations.list().size(), flows);
        if (problems.count() > 0) {
            return null;
        }
        return new Scenario(name, seed, durationS, warmupS, sampleIntervalMs, link.spec(), stations.list(),
                wiredRttMs, stack, flows);
    }

    /**
     * The time series must fit {@link #MAX_SERIES_VALUES}: 2 series per flow (4 for TCP), 6 per station and 5 for the
     * qdisc, one value per sample each.
     */
    private static void seriesSize(Problems problems, double durationS, double sampleIntervalMs, int stations,
            List<FlowSpec> flows) {
        if (sampleIntervalMs == 0) {
            return;
        }
        long series = 5 + 6L * stations + flows.stream().mapToLong(f -> f.traffic() instanceof TrafficSpec.Tcp ? 4 : 2).sum();
        long samples = (long) Math.ceil(durationS * 1000 / sampleIntervalMs - 1e-9);
        if (samples * series > MAX_SERIES_VALUES) {
            double minimum = Math.ceil(durationS * 1000 * series / MAX_SERIES_VALUES);
            problems.add(Pointers.ROOT + "/sampleIntervalMs", "too many time-series values: " + series + " series × "
                    + samples + " samples = " + (samples * series) + ", at most " + MAX_SERIES_VALUES + "; use 0 (no series) or ≥ "
                    + NumberRange.format(minimum) + " ms");
        }
    }

    private static String name(ObjectReader root) {
        String expected = "a string of at most " + MAX_NAME_LENGTH + " characters";
        String name = root.optionalString("name", expected);
        if (name != null && name.codePointCount(0, name.length()) > MAX_NAME_LENGTH) {
            root.fail("name", "must be " + expected + " (got " + name.codePointCount(0, name.length()) + ")");
            return null;
        }
        return name;
    }

    /** Range first, then the sample count: a series of more than 20000 points is too big to store and plot. */
    private static Double sampleIntervalMs(ObjectReader root, Double durationS) {
        Double interval = root.number("sampleIntervalMs", SAMPLE_INTERVAL_MS, 100);
        if (interval == null || durationS == null || interval == 0) {
            return interval;
        }
        // Decimal arithmetic: the limit must hold exactly at e.g. 600 s / 30 ms, without binary rounding.
        BigDecimal samples = BigDecimal.valueOf(durationS).multiply(BigDecimal.valueOf(1000));
        if (samples.compareTo(BigDecimal.valueOf(interval).multiply(BigDecimal.valueOf(MAX_SAMPLES))) > 0) {
            String minimum = NumberRange.format(durationS * 1000 / MAX_SAMPLES);
            root.fail("sampleIntervalMs", "too many samples: durationS·1000/sampleIntervalMs must be ≤ " + MAX_SAMPLES
                    + ", so with durationS " + NumberRange.format(durationS) + " use 0 (no series) or ≥ " + minimum + " ms");
            return null;
        }
        return interval;
    }

    /** The link's kind, its spec when valid, and for wifi what the stations depend on. */
    private record Link(LinkKind kind, LinkSpec spec, WifiParser.LinkFacts wifi) {
        static final Link UNKNOWN = new Link(LinkKind.UNKNOWN, null, null);
    }

    private static Link link(JsonNode node, String pointer, Problems problems) {
        if (node == null) {
            problems.add(pointer, "required");
            return Link.UNKNOWN;
        }
        ObjectReader reader = ObjectReader.open(node, pointer, problems,
                "an object with a type (\"wired\" or \"wifi\")");
        if (reader == null) {
            return Link.UNKNOWN;
        }
        String allowed = "one of \"wired\", \"wifi\"";
        String type = reader.requiredString("type", allowed);
        if ("wired".equals(type)) {
            return new Link(LinkKind.WIRED, wired(reader, problems), null);
        }
        if ("wifi".equals(type)) {
            WifiParser.Link wifi = new WifiParser(problems).link(reader);
            return new Link(LinkKind.WIFI, wifi.spec(), wifi.facts());
        }
        if (type != null) {
            reader.fail("type", "must be " + allowed);
        }
        reader.skip(WIRED_FIELDS);
        reader.skip(WifiParser.LINK_FIELDS);
        reader.finish();
        return Link.UNKNOWN;
    }

    private static WiredLinkSpec wired(ObjectReader reader, Problems problems) {
        int before = problems.count();
        Double rateMbps = reader.requiredNumber("rateMbps", LINK_RATE_MBPS);
        Double upRateMbps = reader.has("upRateMbps") ? reader.optionalNumber("upRateMbps", LINK_RATE_MBPS) : rateMbps;
        Double lossRate = reader.number("lossRate", LOSS_RATE, 0);
        Integer l2OverheadBytes = reader.intValue("l2OverheadBytes", L2_OVERHEAD_BYTES, 14);
        reader.finish();
        return problems.count() > before ? null : new WiredLinkSpec(rateMbps, upRateMbps, lossRate, l2OverheadBytes);
    }

    /**
     * Stations are WiFi's: parsed in full on a wifi link; on a wired link the array must be empty; with an unknown
     * link only its shape and count are checked.
     */
    private WifiParser.Stations stations(ObjectReader root, Link link, Problems problems) {
        JsonNode stations = root.take("stations");
        if (link.kind() == LinkKind.WIFI) {
            return new WifiParser(problems).stations(root, stations, link.wifi(), limits.maxStations());
        }
        if (stations == null) {
            return link.kind() == LinkKind.WIRED ? NO_STATIONS : WifiParser.Stations.UNKNOWN;
        }
        if (!stations.isArray()) {
            root.fail("stations", "must be an array" + ObjectReader.got(stations));
        } else if (link.kind() == LinkKind.WIRED && !stations.isEmpty()) {
            root.fail("stations", "stations apply to wifi links only (must be empty or absent on a wired link)");
        } else if (stations.size() > limits.maxStations()) {
            root.fail("stations", "must contain at most " + limits.maxStations() + " stations (service limit)");
        }
        return link.kind() == LinkKind.WIRED ? NO_STATIONS : WifiParser.Stations.UNKNOWN;
    }
}
