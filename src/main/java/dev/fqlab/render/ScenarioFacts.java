package dev.fqlab.render;

import dev.fqlab.sim.scenario.Direction;
import dev.fqlab.sim.scenario.FlowSpec;
import dev.fqlab.sim.scenario.QdiscSpec;
import dev.fqlab.sim.scenario.Scenario;
import dev.fqlab.sim.scenario.StationSpec;
import dev.fqlab.sim.scenario.TrafficSpec;
import dev.fqlab.sim.scenario.WifiLinkSpec;
import dev.fqlab.sim.scenario.WiredLinkSpec;
import dev.fqlab.sim.wifi.phy.PhyMode;
import java.util.List;
import tools.jackson.databind.JsonNode;

/**
 * What the renderings label and group by, read from a normalized scenario's records; {@link #json} is the document
 * as stored, which the report and the flent file show whole.
 */
public record ScenarioFacts(Scenario scenario, JsonNode json) {

    /** One flow as the scenario describes it, with the names the renderings print. */
    public record FlowFacts(FlowSpec spec) {

        public String name() {
            return spec.name();
        }

        /** "udp", "ping" or "tcp". */
        public String type() {
            return spec.type();
        }

        /** "down" or "up". */
        public String direction() {
            return spec.direction().json();
        }

        public boolean up() {
            return spec.direction() == Direction.UP;
        }

        public String ac() {
            return spec.ac().json();
        }

        /** Null on wired links. */
        public String station() {
            return spec.station();
        }

        public double startS() {
            return spec.startS();
        }

        public double stopS() {
            return spec.stopS();
        }

        public Double rateMbps() {
            return spec.traffic() instanceof TrafficSpec.Udp udp ? udp.rateMbps() : null;
        }

        public Double intervalMs() {
            return switch (spec.traffic()) {
                case TrafficSpec.Udp udp -> udp.intervalMs();
                case TrafficSpec.Ping ping -> ping.intervalMs();
                case TrafficSpec.Tcp tcp -> null;
            };
        }

        public boolean isPing() {
            return spec.traffic() instanceof TrafficSpec.Ping;
        }

        public boolean isTcp() {
            return spec.traffic() instanceof TrafficSpec.Tcp;
        }
    }

    /** The facts of {@code scenario}, stored as {@code json}. */
    public static ScenarioFacts of(Scenario scenario, JsonNode json) {
        return new ScenarioFacts(scenario, json);
    }

    public double durationS() {
        return scenario.durationS();
    }

    public double warmupS() {
        return scenario.warmupS();
    }

    public double sampleIntervalMs() {
        return scenario.sampleIntervalMs();
    }

    /** "wired" or "wifi". */
    public String linkType() {
        return scenario.link().type();
    }

    /** A wired link's down rate; null on wifi. */
    public Double rateMbps() {
        return scenario.link() instanceof WiredLinkSpec wired ? wired.rateMbps() : null;
    }

    public String qdiscType() {
        return scenario.stack().qdisc().type();
    }

    /** Whether the interface has a qdisc queue of its own (not noqueue): only then are there qdisc series. */
    public boolean hasQdiscQueue() {
        return !(scenario.stack().qdisc() instanceof QdiscSpec.Noqueue);
    }

    public List<String> stations() {
        return scenario.stations().stream().map(StationSpec::name).toList();
    }

    /**
     * The station's PHY as the scenario configures it (standard, MCS, streams, width, guard interval and data rate,
     * e.g. {@code HT MCS 15 (2 streams) 20 MHz LGI, 130 Mbit/s}); a dash for an unknown station or a wired link.
     */
    public String phy(String station) {
        if (!(scenario.link() instanceof WifiLinkSpec wifi)) {
            return "–";
        }
        return scenario.stations().stream().filter(st -> st.name().equals(station)).findFirst()
                .map(st -> PhyMode.of(wifi, st).toString()).orElse("–");
    }

    public List<FlowFacts> flows() {
        return scenario.flows().stream().map(FlowFacts::new).toList();
    }

    public boolean wired() {
        return scenario.stations().isEmpty();
    }

    /** Whether a flow is TCP: only TCP flows have a congestion window and RTT series. */
    public boolean hasTcp() {
        return scenario.flows().stream().anyMatch(flow -> flow.traffic() instanceof TrafficSpec.Tcp);
    }
}
