package dev.fqlab.scenario;

import dev.fqlab.sim.scenario.AccessCategory;
import dev.fqlab.sim.scenario.CongestionControlKind;
import dev.fqlab.sim.scenario.Direction;
import dev.fqlab.sim.scenario.EcnCodepoint;
import dev.fqlab.sim.scenario.FlowSpec;
import dev.fqlab.sim.scenario.TcpOrigin;
import dev.fqlab.sim.scenario.TrafficSpec;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import tools.jackson.databind.JsonNode;

/** Parses {@code flows} (scenario.md "flows"); see {@link ScenarioParser} for the rules. */
final class FlowParser {

    private static final Pattern NAME = Pattern.compile("[A-Za-z0-9_.-]{1,64}");
    private static final String TYPES = "one of \"udp\", \"ping\", \"tcp\"";
    private static final List<String> UDP_FIELDS = List.of("rateMbps", "intervalMs", "packetBytes", "packets", "burst",
            "jitterMs");
    private static final List<String> PING_FIELDS = List.of("intervalMs", "packetBytes");
    private static final List<String> TCP_FIELDS = List.of("congestionControl", "origin", "pacingShift", "mss", "bytes");

    private static final NumberRange RATE_MBPS = NumberRange.openClosed(0, 100_000);
    private static final NumberRange UDP_INTERVAL_MS = NumberRange.closed(0, 3_600_000);
    private static final NumberRange PING_INTERVAL_MS = NumberRange.openClosed(0, 3_600_000);
    private static final IntRange PACKET_BYTES = IntRange.of(28, 65535).withNote("28 = IPv4 + UDP headers");
    /**
     * On WiFi a packet travels as one MSDU (A-MSDU is not modelled): at most 2304 bytes (IEEE 802.11-2016, 9.2.4.7),
     * of which the LLC/SNAP header takes 8.
     */
    static final int WIFI_MAX_PACKET_BYTES = 2296;
    private static final IntRange WIFI_PACKET_BYTES = IntRange.of(28, WIFI_MAX_PACKET_BYTES)
            .withNote("on WiFi a packet is one MSDU: 2304 bytes at most, 8 of them LLC/SNAP");
    private static final IntRange PACKETS = IntRange.atLeast(1);
    private static final int MAX_BURST = 100_000;
    private static final IntRange BURST = IntRange.of(1, MAX_BURST);
    private static final NumberRange JITTER_MS = NumberRange.closed(0, 3_600_000);
    /**
     * TCP payload per segment: 536 (RFC 879's default MSS, the IPv4 minimum of 576 less 40 header bytes) to 8948
     * (a 9000-byte jumbo IP packet less the 52 bytes of IPv4 + TCP header with timestamps).
     */
    static final IntRange MSS = IntRange.of(536, 8948)
            .withNote("536 = RFC 879's default MSS; 8948 = a 9000-byte jumbo packet less 52 bytes of IPv4 + TCP header");
    private static final IntRange WIFI_MSS = IntRange.of(536, WIFI_MAX_PACKET_BYTES - 52)
            .withNote("on WiFi a segment and its 52 header bytes are one MSDU of at most 2304 bytes, 8 of them LLC/SNAP");
    /** {@code sk_pacing_shift} is a u8 used as a shift of a rate in bytes per second (kernel-spec §6). */
    static final IntRange PACING_SHIFT = IntRange.of(0, 31).withNote("a right shift of the pacing rate in bytes/s");
    private static final IntRange TCP_BYTES = IntRange.atLeast(1);

    private final Problems problems;
    private final LinkKind link;
    private final WifiParser.StationNames stations;
    private final Double durationS;
    private final int maxFlows;
    /** Valid names seen so far, with the pointer of the flow that has each: duplicates point back to it. */
    private final Map<String, String> names = new HashMap<>();

    /**
     * {@code durationS} is null when invalid: checks against it are then skipped (it is already reported).
     * {@code stations} are the wifi link's station names (unused on other links).
     */
    FlowParser(Problems problems, LinkKind link, WifiParser.StationNames stations, Double durationS, int maxFlows) {
        this.problems = problems;
        this.link = link;
        this.stations = stations;
        this.durationS = durationS;
        this.maxFlows = maxFlows;
    }

    /** {@code node} is the document's {@code flows}, or null when absent. Null result = invalid. */
    List<FlowSpec> parse(JsonNode node, String pointer) {
        if (node == null) {
            problems.add(pointer, "required");
            return null;
        }
        if (!node.isArray()) {
            problems.add(pointer, "must be an array of flows" + ObjectReader.got(node));
            return null;
        }
        int before = problems.count();
        if (node.isEmpty()) {
            problems.add(pointer, "must contain at least 1 flow");
        } else if (node.size() > maxFlows) {
            problems.add(pointer, "must contain at most " + maxFlows + " flows (service limit)");
        }
        List<FlowSpec> flows = new ArrayList<>();
        for (int i = 0; i < node.size(); i++) {
            flows.add(flow(node.get(i), Pointers.child(pointer, i)));
        }
        return problems.count() > before ? null : flows;
    }

    private FlowSpec flow(JsonNode node, String pointer) {
        ObjectReader reader = ObjectReader.open(node, pointer, problems, "an object (a flow)");
        if (reader == null) {
            return null;
        }
        int before = problems.count();
        String name = name(reader);
        String type = reader.requiredString("type", TYPES);
        String station = station(reader);
        Direction direction = reader.enumValue("direction", Direction.values(), Direction::json, Direction.DOWN);
        AccessCategory ac = reader.enumValue("ac", AccessCategory.values(), AccessCategory::name, AccessCategory.BE);
        Double startS = reader.number("startS", startRange(), 0);
        Double stopS = stopS(reader, startS);
        EcnCodepoint ecn = reader.enumValue("ecn", EcnCodepoint.values(), EcnCodepoint::json, EcnCodepoint.NOT_ECT);
        TrafficSpec traffic = traffic(reader, type);
        reader.finish();
        // An invalid durationS is reported at the top level; the flow is unusable then too (no default stopS).
        return problems.count() > before || stopS == null ? null
                : new FlowSpec(name, station, direction, ac, startS, stopS, ecn, traffic);
    }

    /**
     * {@code station}: required on a wifi link, the name of one of its stations (checked when every station has a
     * name); not allowed on a wired link; unchecked when the link is unknown.
     */
    private String station(ObjectReader reader) {
        switch (link) {
            case WIRED -> reader.reject("station", "applies to wifi links only");
            case UNKNOWN -> reader.skip(List.of("station"));
            case WIFI -> {
                if (!reader.has("station")) {
                    reader.take("station");
                    reader.fail("station", "required on a wifi link: the name of the station the flow belongs to");
                    return null;
                }
                String station = reader.optionalString("station", "the name of a station");
                if (station != null && stations.complete() && !stations.contains(station)) {
                    reader.fail("station", "must name one of the stations: there is no station \"" + station + "\"");
                }
                return station;
            }
        }
        return null;
    }

    private String name(ObjectReader reader) {
        String name = reader.requiredString("name", "a string matching [A-Za-z0-9_.-]{1,64}");
        if (name == null) {
            return null;
        }
        if (!NAME.matcher(name).matches()) {
            reader.fail("name", "must match [A-Za-z0-9_.-]{1,64} (letters, digits, '_', '.', '-')");
            return null;
        }
        String first = names.putIfAbsent(name, reader.pointer());
        if (first != null) {
            reader.fail("name", "duplicate flow name \"" + name + "\" (already used by " + first + ")");
        }
        return name;
    }

    private NumberRange startRange() {
        return durationS == null ? NumberRange.atLeast(0)
                : NumberRange.closedOpen(0, durationS).maxNamed("durationS");
    }

    /** {@code stopS}: default durationS; after {@code startS} and at most durationS (each when known). */
    private Double stopS(ObjectReader reader, Double startS) {
        if (!reader.has("stopS")) {
            reader.take("stopS");
            return durationS;
        }
        // startS ≥ 0, so stopS > 0 holds even when startS itself is invalid
        NumberRange range = NumberRange.openClosed(startS == null ? 0 : startS,
                durationS == null ? Double.POSITIVE_INFINITY : durationS);
        if (startS != null) {
            range = range.minNamed("startS");
        }
        if (durationS != null) {
            range = range.maxNamed("durationS");
        }
        return reader.optionalNumber("stopS", range);
    }

    private TrafficSpec traffic(ObjectReader reader, String type) {
        switch (type == null ? "" : type) {
            case "udp":
                rejectOthers(reader, TCP_FIELDS, "udp");
                return udp(reader);
            case "ping":
                rejectOthers(reader, TCP_FIELDS, "ping");
                return ping(reader);
            case "tcp":
                return tcp(reader);
            default:
                if (type != null) {
                    reader.fail("type", "must be " + TYPES);
                }
        }
        // The type is unusable, so which fields belong is unknown: skip all types' fields, report only strangers.
        reader.skip(UDP_FIELDS);
        reader.skip(PING_FIELDS);
        reader.skip(TCP_FIELDS);
        return null;
    }

    /** Fields of another flow type are named as such (not merely "unknown"). */
    private static void rejectOthers(ObjectReader reader, List<String> fields, String type) {
        for (String field : fields) {
            reader.reject(field, "applies to tcp flows only (this flow is " + type + ")");
        }
    }

    private TrafficSpec udp(ObjectReader reader) {
        int before = problems.count();
        boolean hasRate = reader.has("rateMbps");
        if (hasRate == reader.has("intervalMs")) {
            problems.add(reader.pointer(), "a udp flow needs exactly one of rateMbps and intervalMs");
        }
        Double rateMbps = reader.optionalNumber("rateMbps", RATE_MBPS);
        Double intervalMs = reader.optionalNumber("intervalMs", UDP_INTERVAL_MS);
        Integer packetBytes = reader.intValue("packetBytes", packetBytes(), 1500);
        Long packets = reader.optionalInteger("packets", PACKETS);
        boolean singleBurst = !hasRate && intervalMs != null && intervalMs == 0;
        Integer burst = singleBurst ? singleBurst(reader, packets) : reader.intValue("burst", BURST, 1);
        Double jitterMs = reader.number("jitterMs", JITTER_MS, 0);
        return problems.count() > before ? null
                : new TrafficSpec.Udp(rateMbps, intervalMs, packetBytes, packets, burst, jitterMs);
    }

    /**
     * {@code intervalMs} 0: all {@code packets} leave at startS as one burst, so burst is normalized to packets.
     * An explicit burst must agree (the normalized JSON carries it), and packets must fit the burst limit.
     */
    private Integer singleBurst(ObjectReader reader, Long packets) {
        if (!reader.has("packets")) {
            reader.fail("packets", "required when intervalMs is 0 (the flow sends one burst of packets at startS)");
            reader.take("burst");
            return null;
        }
        if (packets != null && packets > MAX_BURST) {
            reader.fail("packets", "must be ≤ " + MAX_BURST + " when intervalMs is 0 (they are sent as one burst)");
            packets = null;
        }
        Long burst = reader.optionalInteger("burst", BURST);
        if (burst != null && packets != null && !burst.equals(packets)) {
            reader.fail("burst", "must equal packets (or be omitted) when intervalMs is 0");
        }
        return packets == null ? null : Math.toIntExact(packets);
    }

    private TrafficSpec tcp(ObjectReader reader) {
        int before = problems.count();
        for (String field : UDP_FIELDS) {
            reader.reject(field, "applies to " + (PING_FIELDS.contains(field) ? "udp and ping" : "udp")
                    + " flows only (this flow is tcp)");
        }
        CongestionControlKind cc = reader.enumValue("congestionControl", CongestionControlKind.values(),
                CongestionControlKind::json, CongestionControlKind.CUBIC);
        TcpOrigin origin = reader.enumValue("origin", TcpOrigin.values(), TcpOrigin::json, TcpOrigin.REMOTE);
        Integer pacingShift = reader.intValue("pacingShift", PACING_SHIFT, 10);
        Integer mss = reader.intValue("mss", link == LinkKind.WIFI ? WIFI_MSS : MSS, 1448);
        Long bytes = reader.optionalInteger("bytes", TCP_BYTES);
        return problems.count() > before ? null : new TrafficSpec.Tcp(cc, origin, pacingShift, mss, bytes);
    }

    private TrafficSpec ping(ObjectReader reader) {
        int before = problems.count();
        Double intervalMs = reader.number("intervalMs", PING_INTERVAL_MS, 500);
        Integer packetBytes = reader.intValue("packetBytes", packetBytes(), 64);
        return problems.count() > before ? null : new TrafficSpec.Ping(intervalMs, packetBytes);
    }

    private IntRange packetBytes() {
        return link == LinkKind.WIFI ? WIFI_PACKET_BYTES : PACKET_BYTES;
    }
}
