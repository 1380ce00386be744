package dev.fqlab.sim.scenario;

import static dev.fqlab.sim.scenario.schema.Field.enumeration;
import static dev.fqlab.sim.scenario.schema.Field.inline;
import static dev.fqlab.sim.scenario.schema.Field.number;
import static dev.fqlab.sim.scenario.schema.Field.string;
import dev.fqlab.sim.scenario.schema.Field;

import dev.fqlab.sim.scenario.schema.NumberRange;
import dev.fqlab.sim.scenario.schema.RecordSchema;
import dev.fqlab.sim.scenario.schema.Scope;
import dev.fqlab.sim.scenario.schema.When;
import java.util.Set;

/**
 * One traffic flow (scenario.md {@code flows}): the fields common to every type plus its {@code traffic}.
 *
 * @param station the station it belongs to (WiFi only; null on wired links)
 * @param stopS when the sender stops; normalized to {@code durationS} when absent
 */
public record FlowSpec(String name, String station, Direction direction, AccessCategory ac, double startS,
                       double stopS, EcnCodepoint ecn, double extraRttMs, TrafficSpec traffic) {

    public static final RecordSchema<FlowSpec> SCHEMA = RecordSchema.of(FlowSpec.class, "Flow",
            "One traffic flow: the common fields, then those of its type.",
            string("name").required().pattern("[A-Za-z0-9_.-]{1,64}", "letters, digits, '_', '.', '-'")
                    .unique("flow name").help("Unique name."),
            Field.type("type", "traffic", TrafficSpec.VARIANTS).help("What the flow sends."),
            string("station").optional().when(FlowSpec::stationApplies, "wifi links, required there")
                    .expected("the name of a station")
                    .check(FlowSpec::knownStation)
                    .help("wifi links, required: the station the flow belongs to (its traffic goes between the AP and "
                            + "that station)."),
            enumeration("direction", Direction.class).defaultValue(Direction.DOWN)
                    .help("\"down\" is server → receiver, \"up\" the reverse; ping probes go both ways anyway. tcp: "
                            + "the data direction (ACKs take the other)."),
            enumeration("ac", AccessCategory.class).defaultValue(AccessCategory.BE)
                    .help("802.11 access category: the EDCA queue and TXQ (TID) of the flow's packets."),
            number("startS").defaultValue(0)
                    .range(NumberRange.atLeast(0), FlowSpec::startRange, "≥ 0 and < durationS").unit("s")
                    .help("When the flow starts."),
            number("stopS").defaultValue(flow -> flow.root().number("durationS"), "durationS")
                    .range(NumberRange.greaterThan(0), FlowSpec::stopRange, "> startS and ≤ durationS").unit("s")
                    .help("When the flow stops."),
            enumeration("ecn", EcnCodepoint.class).defaultValue(EcnCodepoint.NOT_ECT)
                    .help("ECN codepoint the sender puts on its packets. tcp: ect0/ect1 turn ECN on."),
            number("extraRttMs").defaultValue(0).range(NumberRange.closed(0, 10_000)).check(FlowSpec::remoteServer)
                    .unit("ms")
                    .help("The flow's server sits this much farther away than wiredRttMs says: the round trip grows "
                            + "by extraRttMs (half on each direction, outside the bottleneck), so flows of different "
                            + "base RTT can share it (flent's rtt_fair). Not for a tcp flow with origin local, whose "
                            + "server is the router or AP itself."),
            inline("traffic", TrafficSpec.VARIANTS));

    /** The scenario's {@code type}: udp, ping or tcp. */
    public String type() {
        return traffic.type();
    }

    /** Required on a wifi link, not allowed on a wired one, unchecked while the link is unknown. */
    private static When stationApplies(Scope flow) {
        String link = Scenario.linkType(flow);
        return link == null ? When.SKIPPED
                : link.equals("wifi")
                ? When.required("required on a wifi link: the name of the station the flow belongs to")
                : When.rejected("applies to wifi links only");
    }

    /** A local TCP flow's server end is the router or AP: there is no farther server to move. */
    private static String remoteServer(Scope flow, Double extraRttMs) {
        return extraRttMs > 0 && "tcp".equals(flow.type()) && "local".equals(flow.string("origin"))
                ? "must be 0 for a tcp flow with origin local (its server is the router or AP itself)" : null;
    }

    /** Looked up only when every station has a string name, so a broken station name is reported once. */
    private static String knownStation(Scope flow, String station) {
        Set<String> names = flow.root().strings("stations", "name");
        return names != null && !names.contains(station)
                ? "must name one of the stations: there is no station \"" + station + "\"" : null;
    }

    private static NumberRange startRange(Scope flow) {
        Double durationS = flow.root().number("durationS");
        return durationS == null ? NumberRange.atLeast(0) : NumberRange.closedOpen(0, durationS).maxNamed("durationS");
    }

    /** After startS and at most durationS, each when known (startS ≥ 0, so stopS > 0 holds even when it is invalid). */
    private static NumberRange stopRange(Scope flow) {
        Double startS = flow.number("startS");
        Double durationS = flow.root().number("durationS");
        NumberRange range = NumberRange.openClosed(startS == null ? 0 : startS,
                durationS == null ? Double.POSITIVE_INFINITY : durationS);
        if (startS != null) {
            range = range.minNamed("startS");
        }
        return durationS == null ? range : range.maxNamed("durationS");
    }
}
