package dev.fqlab.sim.stats;

import static org.assertj.core.api.Assertions.assertThat;

import dev.fqlab.scenario.ScenarioLimits;
import dev.fqlab.scenario.ScenarioParser;
import dev.fqlab.sim.ScenarioRunner;
import dev.fqlab.sim.core.RunControl;
import dev.fqlab.sim.result.FlowResult;
import dev.fqlab.sim.result.LatencyDistribution;
import dev.fqlab.sim.result.SimulationResult;
import java.util.ArrayList;
import java.util.List;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.LongRange;
import net.jqwik.api.constraints.Size;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.json.JsonMapper;

/**
 * A flow's latency distribution from every packet, checked point by point against latencies known exactly from
 * the link's arithmetic, not from the engine.
 */
class LatencyDistributionTest {

    private static final JsonMapper JSON = JsonMapper.builder().build();

    /**
     * A burst of 200 packets of 1500 bytes handed to the stack at once, 1 ms (half of wiredRttMs 2) before a
     * 10 Mbit/s wire behind a pfifo that holds them all: packet k (0-based) leaves the wire after k + 1
     * serialisations of its 1514-byte Ethernet frame (1514 × 8 bit / 10^7 bit/s = 1 211 200 ns, exact), so its
     * one-way latency is 1 ms + (k + 1) × 1.2112 ms, from 2.2112 ms to 243.24 ms. At each point of the distribution
     * the count must be exactly the number of those latencies at most the point's value.
     */
    @Test
    void aBurstThroughAFifoHasTheDistributionItsSerialisationTimesGive() {
        long serialisationNs = 1514L * 8 * 1_000_000_000L / 10_000_000L;
        assertThat(serialisationNs).isEqualTo(1_211_200);
        List<Long> latencies = new ArrayList<>();
        for (int k = 0; k < 200; k++) {
            latencies.add(1_000_000L + (k + 1) * serialisationNs);
        }
        FlowResult burst = run("""
                {"durationS": 1, "wiredRttMs": 2, "link": {"type": "wired", "rateMbps": 10},
                 "stack": {"qdisc": {"type": "pfifo", "limit": 1000}},
                 "flows": [{"name": "burst", "type": "udp", "intervalMs": 0, "packets": 200, "startS": 0.1}]}""")
                .flows().getFirst();

        assertThat(burst.latencyMs().samples()).isEqualTo(200);
        LatencyDistribution d = burst.latencyMs().distribution();
        assertExact(d, latencies);
        assertThat(d.ms().getFirst()).isBetween(2.2112, 2.2112 * (1 + 1 / 64.0));
        assertThat(d.ms().getLast()).isEqualTo(243.24); // the largest latency exactly
        // Sample spacing (1.2112 ms) against cells ≤ 1/64 of their value: one point per sample up to ~77 ms, then
        // fewer; never more points than samples.
        assertThat(d.ms().size()).isBetween(100, 200);
    }

    /**
     * A constant-rate flow well below capacity never queues: every packet's latency is the 1 ms path plus one
     * serialisation of its frame (200 + 14 bytes at 10 Mbit/s = 171 200 ns), so the distribution is one point.
     */
    @Test
    void aFlowBelowCapacityHasOnePointAtSerialisationPlusPropagation() {
        FlowResult cbr = run("""
                {"durationS": 1, "wiredRttMs": 2, "link": {"type": "wired", "rateMbps": 10},
                 "stack": {"qdisc": {"type": "pfifo", "limit": 1000}},
                 "flows": [{"name": "cbr", "type": "udp", "rateMbps": 1, "packetBytes": 200}]}""")
                .flows().getFirst();

        LatencyDistribution d = cbr.latencyMs().distribution();
        assertThat(d.ms()).containsExactly(1.1712);
        assertThat(d.atMost()).containsExactly(cbr.latencyMs().samples());
        assertThat(cbr.latencyMs().samples()).isEqualTo(625); // 1 Mbit/s of 200-byte packets for 1 s
    }

    /**
     * Any set of latencies recorded directly: each point's count is exact, points rise strictly, the last point is
     * the largest latency with every sample, and consecutive points lie in different cells of at most 1/64 of their
     * value, so no point is more than 1.6 % above the smallest sample it counts first.
     */
    @Property(tries = 200)
    void everyPointCountsExactlyTheSamplesAtMostItsValue(
            @ForAll @Size(min = 1, max = 300) List<@LongRange(min = 0, max = 5_000_000_000L) Long> latenciesNs,
            @ForAll @IntRange(min = 0, max = 3) int decadesDown) {
        LatencyRecorder recorder = new LatencyRecorder();
        List<Long> latencies = new ArrayList<>();
        long divisor = (long) Math.pow(10, decadesDown);
        for (long ns : latenciesNs) {
            recorder.record(ns / divisor);
            latencies.add(ns / divisor);
        }
        LatencyDistribution d = recorder.distribution();
        assertExact(d, latencies);
        long max = latencies.stream().mapToLong(Long::longValue).max().orElseThrow();
        assertThat(d.ms().getLast()).isEqualTo(max / 1e6);
        assertThat(d.atMost().getLast()).isEqualTo(latencies.size());
        for (int i = 0; i < d.ms().size(); i++) {
            double previous = i == 0 ? -1 : d.ms().get(i - 1);
            if (i > 0) {
                assertThat(d.ms().get(i)).isGreaterThan(previous);
                assertThat(d.atMost().get(i)).isGreaterThan(d.atMost().get(i - 1));
            }
            // The first sample this point counts is at most 1/64 below it (plus the histogram's 512 ns unit).
            long first = latencies.stream().filter(l -> l / 1e6 > previous).mapToLong(Long::longValue).min().orElseThrow();
            assertThat(d.ms().get(i) * 1e6).isLessThanOrEqualTo(first * (1 + 1 / 64.0) + 512);
        }
    }

    @Test
    void noSamplesNoDistribution() {
        assertThat(new LatencyRecorder().distribution()).isNull();
        assertThat(new LatencyRecorder().toStats().distribution()).isNull();
    }

    /** Each point (v, n): exactly n of the known latencies are at most v (v in whole ns written in ms). */
    private static void assertExact(LatencyDistribution d, List<Long> latenciesNs) {
        assertThat(d.ms()).hasSameSizeAs(d.atMost());
        for (int i = 0; i < d.ms().size(); i++) {
            long valueNs = Math.round(d.ms().get(i) * 1e6);
            assertThat(valueNs / 1e6).as("point %d is a whole number of ns", i).isEqualTo(d.ms().get(i));
            long expected = latenciesNs.stream().filter(l -> l <= valueNs).count();
            assertThat(d.atMost().get(i)).as("samples ≤ %s ms", d.ms().get(i)).isEqualTo(expected);
        }
    }

    private static SimulationResult run(String scenario) {
        var parsed = new ScenarioParser(ScenarioLimits.DEFAULTS).parse(JSON.readTree(scenario));
        assertThat(parsed.errors()).isEmpty();
        return ScenarioRunner.run(parsed.scenario(), RunControl.NONE);
    }
}
