package dev.fqlab.sim;

import static org.assertj.core.api.Assertions.assertThat;

import dev.fqlab.scenario.ScenarioLimits;
import dev.fqlab.scenario.ScenarioParser;
import dev.fqlab.sim.core.RunControl;
import dev.fqlab.sim.result.EngineStats;
import dev.fqlab.sim.scenario.Scenario;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.json.JsonMapper;

/** The engine section's packet accounting: offered and delivered packets and the events each costs. */
class EngineStatsTest {

    private static final JsonMapper JSON = JsonMapper.builder().build();

    private static EngineStats run(String json) {
        var parsed = new ScenarioParser(ScenarioLimits.DEFAULTS).parse(JSON.readTree(json));
        assertThat(parsed.errors()).isEmpty();
        Scenario s = parsed.scenario();
        return ScenarioRunner.run(s, RunControl.NONE).engine();
    }

    @Test
    void aFlowBelowTheLinkRateHasEveryOfferedPacketDelivered() {
        // 4 Mbit/s of 1500-byte packets for 3 s: one every 3 ms, 4e6 × 3 / (1500 × 8) = 1000 packets, each through a
        // 10 Mbit/s link in 1.2 ms and 0.5 ms of wire, so the last (sent at 2.997 s) arrives before the end
        EngineStats e = run("""
                {"durationS": 3, "sampleIntervalMs": 0, "link": {"type": "wired", "rateMbps": 10},
                 "flows": [{"name": "f", "type": "udp", "rateMbps": 4, "packetBytes": 1500}]}""");
        assertThat(e.offeredPackets()).isEqualTo(1000);
        assertThat(e.deliveredPackets()).isEqualTo(1000);
        assertThat(e.eventsPerOfferedPacket()).isEqualTo(e.events() / 1000.0);
        assertThat(e.eventsPerDeliveredPacket()).isEqualTo(e.events() / 1000.0);
    }

    @Test
    void aSaturatingFlowIsChargedPerDeliveredPacketAtMostWhatTheLinkCarries() {
        // 20 Mbit/s offered for 1 s: a packet every 0.6 ms from t = 0, k·0.6 ms < 1 s for k = 0..1666 → 1667 offered;
        // a 10 Mbit/s link carries at most 10e6 / 12000 = 833.3 of them in the second
        EngineStats e = run("""
                {"durationS": 1, "sampleIntervalMs": 0, "link": {"type": "wired", "rateMbps": 10},
                 "flows": [{"name": "f", "type": "udp", "rateMbps": 20, "packetBytes": 1500}]}""");
        assertThat(e.offeredPackets()).isEqualTo(1667);
        assertThat(e.deliveredPackets()).isBetween(800L, 833L);
        assertThat(e.eventsPerDeliveredPacket()).isCloseTo((double) e.events() / e.deliveredPackets(),
                org.assertj.core.api.Assertions.within(1e-5 * e.eventsPerDeliveredPacket()));
        assertThat(e.eventsPerDeliveredPacket()).isGreaterThan(e.eventsPerOfferedPacket());
    }
}
