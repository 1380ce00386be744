package dev.fqlab.preset;

import static org.assertj.core.api.Assertions.assertThat;

import dev.fqlab.support.ServiceTest;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/**
 * presets.md's "shows" criteria for seed 003, checked against the running service as a user would: submit each
 * preset with a seed override, read the probe's latency from the result. Several seeds: the criteria must hold for
 * whichever seed a user picks.
 */
class Seed003ShowsTest extends ServiceTest {

    private double probeP50(String preset, long seed) {
        String id = submit("{\"preset\": \"" + preset + "\", \"overrides\": {\"seed\": " + seed + "},"
                + " \"tags\": [\"seed-003-shows\"]}").get("id").asString();
        awaitStatus(id, "SUCCEEDED", Duration.ofSeconds(60));
        JsonNode result = api.get("/api/v1/experiments/" + id + "/result").json();
        for (JsonNode flow : result.get("flows")) {
            if (flow.get("name").asString().equals("probe")) {
                return flow.get("latencyMs").get("p50").asDouble();
            }
        }
        throw new AssertionError("no probe flow in " + preset);
    }

    @Test
    void betterMixingCutsTheSparseProbesDelayForEverySeed() {
        Map<Long, double[]> bySeed = new LinkedHashMap<>();
        for (long seed = 1; seed <= 3; seed++) {
            bySeed.put(seed, new double[] {probeP50("seed-003-bytes", seed), probeP50("seed-003-quantum300", seed),
                    probeP50("seed-003-packets", seed), probeP50("seed-003-packet-round-robin", seed)});
        }
        bySeed.forEach((seed, p50) -> {
            double bytes = p50[0];
            double quantum300 = p50[1];
            double packets = p50[2];
            double packetRoundRobin = p50[3];
            assertThat(bytes).as("stock bytes p50, seed %d", seed).isGreaterThanOrEqualTo(10);
            assertThat(packets).as("packets p50 vs a third of bytes, seed %d", seed).isLessThanOrEqualTo(bytes / 3);
            assertThat(quantum300).as("quantum300 p50 vs bytes, seed %d", seed).isLessThan(bytes);
            assertThat(packetRoundRobin).as("packet-round-robin p50 vs a third of bytes, seed %d", seed)
                    .isLessThanOrEqualTo(bytes / 3);
        });
    }
}
