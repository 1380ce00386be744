package dev.fqlab.sim;

import static org.assertj.core.api.Assertions.assertThat;

import dev.fqlab.scenario.ScenarioLimits;
import dev.fqlab.scenario.ScenarioParser;
import dev.fqlab.sim.core.RunControl;
import dev.fqlab.sim.result.SimulationResult;
import dev.fqlab.sim.scenario.Scenario;
import java.io.IOException;
import java.io.InputStream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Seed 003's "shows" criteria (presets.md) on the engine, for several seeds: the sparse probe's p50 under stock
 * bytes is ≥ 10 ms and at least three times what one packet on a new flow's first turn (the seed's patch) and one
 * packet per flow per turn (packet-round-robin) give; quantum 300 lies between.
 */
class Seed003PresetsTest {
    private static final JsonMapper JSON = JsonMapper.builder().build();

    static Scenario preset(String name, long seed) {
        try (InputStream in = Seed003PresetsTest.class.getResourceAsStream("/presets/" + name + ".json")) {
            JsonNode doc = JSON.readTree(in);
            var parsed = new ScenarioParser(ScenarioLimits.DEFAULTS).parse(doc.get("scenario"));
            assertThat(parsed.errors()).isEmpty();
            return Scenarios.withSeed(parsed.scenario(), seed);
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    private static double probeP50(String preset, long seed) {
        SimulationResult r = ScenarioRunner.run(preset(preset, seed), RunControl.NONE);
        return r.flows().stream().filter(f -> f.name().equals("probe")).findFirst().orElseThrow().latencyMs().p50();
    }

    @ParameterizedTest
    @ValueSource(longs = {1, 2, 3, 4, 5, 17, 2026, 987654321})
    void betterMixingCutsTheSparseProbesDelay(long seed) {
        double bytes = probeP50("seed-003-bytes", seed);
        double quantum300 = probeP50("seed-003-quantum300", seed);
        double packets = probeP50("seed-003-packets", seed);
        double packetRoundRobin = probeP50("seed-003-packet-round-robin", seed);
        assertThat(bytes).isGreaterThanOrEqualTo(10);
        assertThat(packets).isLessThanOrEqualTo(bytes / 3);
        assertThat(quantum300).isLessThan(bytes);
        assertThat(packetRoundRobin).isLessThanOrEqualTo(bytes / 3);
    }
}
