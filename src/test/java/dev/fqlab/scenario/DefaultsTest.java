package dev.fqlab.scenario;

import static org.assertj.core.api.Assertions.assertThat;

import dev.fqlab.sim.scenario.AccessCategory;
import dev.fqlab.sim.scenario.CodelArithmetic;
import dev.fqlab.sim.scenario.CodelSettings;
import dev.fqlab.sim.scenario.Direction;
import dev.fqlab.sim.scenario.EcnCodepoint;
import dev.fqlab.sim.scenario.FlowSpec;
import dev.fqlab.sim.scenario.QdiscSpec;
import dev.fqlab.sim.scenario.QuantumMode;
import dev.fqlab.sim.scenario.Scenario;
import dev.fqlab.sim.scenario.TrafficSpec;
import dev.fqlab.sim.scenario.WiredLinkSpec;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.json.JsonMapper;

/** The defaults of a minimal scenario, against the numbers written in spec/scenario.md (and the brief's decisions). */
class DefaultsTest {

    private static final JsonMapper JSON = JsonMapper.builder().build();
    private static final ScenarioParser PARSER = new ScenarioParser(ScenarioLimits.DEFAULTS);

    static Scenario parse(String json) {
        ParsedScenario parsed = PARSER.parse(JSON.readTree(json));
        assertThat(parsed.errors()).isEmpty();
        return parsed.scenario();
    }

    private static final Scenario MINIMAL = parse("""
            {"durationS": 30,
             "link": {"type": "wired", "rateMbps": 10},
             "flows": [{"name": "bulk", "type": "udp", "rateMbps": 20}, {"name": "probe", "type": "ping"}]}
            """);

    @Test
    void topLevel() {
        assertThat(MINIMAL.name()).isNull();
        assertThat(MINIMAL.seed()).isEqualTo(1);
        assertThat(MINIMAL.durationS()).isEqualTo(30);
        assertThat(MINIMAL.warmupS()).isEqualTo(0);
        assertThat(MINIMAL.sampleIntervalMs()).isEqualTo(100);
        assertThat(MINIMAL.stations()).isEmpty();
        assertThat(MINIMAL.wiredRttMs()).isEqualTo(1);
    }

    @Test
    void wiredLink() {
        // upRateMbps = rateMbps; lossRate 0; l2OverheadBytes 14 (a 1500-byte IP packet is a 1514-byte frame)
        assertThat(MINIMAL.link()).isEqualTo(new WiredLinkSpec(10, 10, 0, 14));
    }

    @Test
    void fqCodelIsTheWiredDefaultQdisc() {
        QdiscSpec.FqCodel fq = (QdiscSpec.FqCodel) MINIMAL.stack().qdisc();
        assertThat(fq.flows()).isEqualTo(1024);
        assertThat(fq.limit()).isEqualTo(10240);
        assertThat(fq.memoryLimitBytes()).isEqualTo(33554432L);
        assertThat(fq.quantum()).isEqualTo(1514);
        assertThat(fq.quantumMode()).isEqualTo(QuantumMode.BYTES);
        assertThat(fq.dropBatchSize()).isEqualTo(64);
        assertThat(fq.codel()).isEqualTo(new CodelSettings(5, 100, true, null, CodelArithmetic.LINUX));
    }

    @Test
    void qdiscObjectWithOnlyATypeGetsTheSameDefaults() {
        Scenario explicit = parse("""
                {"durationS": 30, "link": {"type": "wired", "rateMbps": 10},
                 "stack": {"qdisc": {"type": "fq_codel"}},
                 "flows": [{"name": "bulk", "type": "udp", "rateMbps": 20}, {"name": "probe", "type": "ping"}]}
                """);
        assertThat(explicit).isEqualTo(MINIMAL);
    }

    @Test
    void codelQdiscHasEcnOffLikeLinuxSchCodel() {
        Scenario scenario = parse("""
                {"durationS": 1, "link": {"type": "wired", "rateMbps": 1},
                 "stack": {"qdisc": {"type": "codel"}}, "flows": [{"name": "p", "type": "ping"}]}
                """);
        assertThat(scenario.stack().qdisc()).isEqualTo(
                new QdiscSpec.Codel(1000, new CodelSettings(5, 100, false, null, CodelArithmetic.LINUX)));
    }

    @Test
    void pfifoLimit() {
        Scenario scenario = parse("""
                {"durationS": 1, "link": {"type": "wired", "rateMbps": 1},
                 "stack": {"qdisc": {"type": "pfifo"}}, "flows": [{"name": "p", "type": "ping"}]}
                """);
        assertThat(scenario.stack().qdisc()).isEqualTo(new QdiscSpec.Pfifo(1000));
    }

    @Test
    void udpFlow() {
        FlowSpec udp = MINIMAL.flows().get(0);
        assertThat(udp.name()).isEqualTo("bulk");
        assertThat(udp.station()).isNull();
        assertThat(udp.direction()).isEqualTo(Direction.DOWN);
        assertThat(udp.ac()).isEqualTo(AccessCategory.BE);
        assertThat(udp.startS()).isEqualTo(0);
        assertThat(udp.stopS()).isEqualTo(30); // stopS defaults to the end: durationS
        assertThat(udp.ecn()).isEqualTo(EcnCodepoint.NOT_ECT);
        assertThat(udp.traffic()).isEqualTo(new TrafficSpec.Udp(20.0, null, 1500, null, 1, 0.0));
    }

    @Test
    void pingFlow() {
        FlowSpec ping = MINIMAL.flows().get(1);
        assertThat(ping.type()).isEqualTo("ping");
        assertThat(ping.stopS()).isEqualTo(30);
        assertThat(ping.traffic()).isEqualTo(new TrafficSpec.Ping(500, 64));
    }
}
