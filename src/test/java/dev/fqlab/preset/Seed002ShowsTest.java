package dev.fqlab.preset;

import static org.assertj.core.api.Assertions.assertThat;

import dev.fqlab.support.ServiceTest;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/**
 * presets.md's "shows" criteria for seed 002, checked against the running service as a user would: submit each
 * pacing-shift preset with a seed override and read the download's throughput and the competing ping's RTT.
 */
class Seed002ShowsTest extends ServiceTest {

    /** {throughput of the tcp flow, the ping's RTT p50}. */
    private double[] run(int shift, long seed) {
        String id = submit("{\"preset\": \"seed-002-shift-" + shift + "\", \"overrides\": {\"seed\": " + seed + "},"
                + " \"tags\": [\"seed-002-shows\"]}").get("id").asString();
        awaitStatus(id, "SUCCEEDED", Duration.ofSeconds(120));
        JsonNode flows = api.get("/api/v1/experiments/" + id + "/result").json().get("flows");
        double throughput = Double.NaN;
        double rtt = Double.NaN;
        for (JsonNode flow : flows) {
            switch (flow.get("name").asString()) {
                case "tcp" -> throughput = flow.get("throughputMbps").asDouble();
                case "ping" -> rtt = flow.at("/rttMs/p50").asDouble();
                default -> throw new AssertionError("unexpected flow " + flow);
            }
        }
        return new double[] {throughput, rtt};
    }

    @Test
    void aBiggerPacingShiftBudgetBuysThroughputAndCostsLatency() {
        for (long seed = 1; seed <= 2; seed++) {
            double[] s10 = run(10, seed);
            double[] s9 = run(9, seed);
            double[] s8 = run(8, seed);
            double[] s7 = run(7, seed);
            assertThat(s9[0]).as("shift 9 vs 1.3 x shift 10, seed %d", seed).isGreaterThanOrEqualTo(1.3 * s10[0]);
            assertThat(s8[0]).as("shift 8 vs 1.8 x shift 10, seed %d", seed).isGreaterThanOrEqualTo(1.8 * s10[0]);
            assertThat(Math.abs(s7[0] - s8[0])).as("shift 7 vs shift 8, seed %d", seed)
                    .isLessThanOrEqualTo(0.15 * s8[0]);
            assertThat(s8[1]).as("ping RTT p50 at shift 8 vs 10, seed %d", seed).isGreaterThan(s10[1]);
        }
    }
}
