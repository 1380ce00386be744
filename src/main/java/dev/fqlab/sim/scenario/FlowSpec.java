package dev.fqlab.sim.scenario;

/**
 * One traffic flow (scenario.md {@code flows}): the fields common to every type plus its {@code traffic}.
 *
 * @param station the station it belongs to (WiFi only; null on wired links)
 * @param stopS when the sender stops; normalized to {@code durationS} when absent
 */
public record FlowSpec(String name, String station, Direction direction, AccessCategory ac, double startS,
                       double stopS, EcnCodepoint ecn, TrafficSpec traffic) {

    /** The scenario's {@code type}: udp, ping or tcp. */
    public String type() {
        return traffic.type();
    }
}
