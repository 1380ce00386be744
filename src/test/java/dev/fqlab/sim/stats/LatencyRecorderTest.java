package dev.fqlab.sim.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

class LatencyRecorderTest {

    @Test
    void percentilesHaveThreeSignificantDigitsAndStayWithinTheSeenRange() {
        var r = new LatencyRecorder();
        for (int i = 1; i <= 1000; i++) {
            r.record(i * 1_000_000L); // 1 ms … 1000 ms
        }
        var s = r.toStats();
        assertThat(s.samples()).isEqualTo(1000);
        assertThat(s.mean()).isEqualTo(500.5);
        assertThat(s.max()).isEqualTo(1000.0);
        assertThat(s.p50()).isCloseTo(500, within(500 * 0.001));
        assertThat(s.p90()).isCloseTo(900, within(900 * 0.001));
        assertThat(s.p99()).isCloseTo(990, within(990 * 0.001));
    }

    @Test
    void aConstantLatencyReadsTheSameAtEveryPercentile() {
        var r = new LatencyRecorder();
        for (int i = 0; i < 10; i++) {
            r.record(562_400);
        }
        var s = r.toStats();
        assertThat(s.p50()).isEqualTo(0.5624);
        assertThat(s.p99()).isEqualTo(0.5624);
        assertThat(s.max()).isEqualTo(0.5624);
    }

    @Test
    void noSamplesMeansNoNumbers() {
        var s = new LatencyRecorder().toStats();
        assertThat(s.samples()).isZero();
        assertThat(s.p50()).isNull();
        assertThat(s.mean()).isNull();
    }
}
