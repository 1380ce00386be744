package dev.fqlab.sim.wifi.channel;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.fqlab.sim.core.RandomStream;
import net.jqwik.api.Example;

/** SNR steps (piecewise constant, means by hand) and the Gauss-Markov fade's statistics (Gudmundson's model). */
class SnrTraceTest {
    private static final long S = 1_000_000_000L;

    @Example
    void stepsAndTheirTimeAverage() {
        SnrTrace trace = new SnrTrace(new long[] {1 * S, 3 * S}, new double[] {-10, -4}, null, 0, S);
        assertThat(trace.offsetDb(0)).isZero();
        assertThat(trace.offsetDb(S - 1)).isZero();
        long before = trace.version();
        assertThat(trace.offsetDb(S)).isEqualTo(-10);
        assertThat(trace.version()).isGreaterThan(before);
        assertThat(trace.offsetDb(3 * S)).isEqualTo(-4);
        // 1 s at 0, 2 s at −10, 1 s at −4 over 4 s: −24 / 4 = −6
        assertThat(trace.meanOffsetDb(4 * S)).isCloseTo(-6, within(1e-12));
    }

    @Example
    void aStepAtZeroHoldsFromTheStart() {
        SnrTrace trace = new SnrTrace(new long[] {0}, new double[] {5}, null, 0, S);
        assertThat(trace.offsetDb(0)).isEqualTo(5);
        assertThat(trace.meanOffsetDb(2 * S)).isEqualTo(5);
    }

    /**
     * Over 20 000 s of samples (2 million) the fade has mean ≈ 0 and standard deviation ≈ σ, and the correlation at
     * lag τ is ≈ 1/e (exp(−Δ/τ) for a first-order Gauss-Markov process). τ = 1 s gives about 20 000 independent
     * stretches, so the sample mean's standard error is σ/√(n_eff) ≈ 4/141 = 0.03 dB.
     */
    @Example
    void fadeHasTheDeclaredSpreadAndCorrelation() {
        double sigma = 4;
        SnrTrace trace = new SnrTrace(new long[0], new double[0], RandomStream.of(7, "fade"), sigma, S);
        int n = 2_000_000;
        int lag = (int) (S / SnrTrace.FADE_STEP_NS); // 100 samples = 1 s = τ
        double[] x = new double[n];
        for (int i = 0; i < n; i++) {
            x[i] = trace.offsetDb(i * SnrTrace.FADE_STEP_NS);
        }
        double mean = 0;
        for (double v : x) {
            mean += v / n;
        }
        double var = 0;
        double cov = 0;
        for (int i = 0; i < n; i++) {
            var += (x[i] - mean) * (x[i] - mean) / n;
            if (i + lag < n) {
                cov += (x[i] - mean) * (x[i + lag] - mean) / (n - lag);
            }
        }
        assertThat(mean).isCloseTo(0, within(0.15));
        assertThat(Math.sqrt(var)).isCloseTo(sigma, within(0.1));
        assertThat(cov / var).isCloseTo(Math.exp(-1), within(0.03));
    }

    @Example
    void theFadeIsDeterministicAndHeldBetweenSamples() {
        SnrTrace a = new SnrTrace(new long[0], new double[0], RandomStream.of(3, "f"), 2, S);
        SnrTrace b = new SnrTrace(new long[0], new double[0], RandomStream.of(3, "f"), 2, S);
        // b is asked less often: each value depends only on the draws before it
        for (long t = 0; t < 5 * S; t += SnrTrace.FADE_STEP_NS / 4) {
            double va = a.offsetDb(t);
            if (t % (3 * SnrTrace.FADE_STEP_NS) == 0) {
                assertThat(b.offsetDb(t)).isEqualTo(va);
            }
        }
        SnrTrace c = new SnrTrace(new long[0], new double[0], RandomStream.of(3, "f"), 2, S);
        double first = c.offsetDb(0);
        assertThat(c.offsetDb(SnrTrace.FADE_STEP_NS - 1)).isEqualTo(first);
    }
}
