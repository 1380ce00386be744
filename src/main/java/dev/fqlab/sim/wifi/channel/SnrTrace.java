package dev.fqlab.sim.wifi.channel;

import dev.fqlab.sim.core.RandomStream;

/**
 * How a station's channel changes over time, as an offset in dB added to both directions' SNR (a reciprocal channel:
 * the same steps and the same shadowing up and down): the scenario's SNR steps (piecewise constant) plus an optional
 * slow fade. The fade is log-normal shadowing with an exponential autocorrelation (Gudmundson, "Correlation model for
 * shadow fading in mobile radio systems", Electronics Letters 27(23), 1991): a first-order Gauss-Markov process
 * sampled every {@link #FADE_STEP_NS}, x(k+1) = ρ·x(k) + σ·√(1 − ρ²)·w(k) with ρ = exp(−step / τ), w standard
 * normal (Box–Muller from the trace's own RandomStream), x(0) drawn from the stationary N(0, σ²). The offset is
 * constant between changes, so the error model recomputes only when {@link #version()} moves. Time only moves
 * forward; the process is drawn lazily but each value depends only on the draws before it, so it is deterministic.
 */
public final class SnrTrace {
    /** The fade is held for 10 ms between samples: far shorter than a slow fade's correlation time. */
    public static final long FADE_STEP_NS = 10_000_000L;

    private final long[] stepAtNs;
    private final double[] stepOffsetDb;
    private final RandomStream fade;
    private final double rho;
    private final double innovationDb;
    private int nextStep;
    private long nextFadeNs;
    private double stepDb;
    private double fadeDb;
    private double offsetDb;
    private long changeAtNs;
    private long version;
    private long segmentStartNs;
    private double integralDbNs;

    /**
     * @param stepAtNs times at which the offset steps, ascending
     * @param stepOffsetDb the offset from each step on
     * @param fade the fade's own stream, or null for no fade
     * @param sigmaDb the fade's standard deviation
     * @param correlationNs the fade's correlation time τ (its autocorrelation falls to 1/e)
     */
    public SnrTrace(long[] stepAtNs, double[] stepOffsetDb, RandomStream fade, double sigmaDb, long correlationNs) {
        this.stepAtNs = stepAtNs.clone();
        this.stepOffsetDb = stepOffsetDb.clone();
        this.fade = sigmaDb > 0 ? fade : null;
        this.rho = this.fade == null ? 0 : Math.exp(-(double) FADE_STEP_NS / correlationNs);
        this.innovationDb = sigmaDb * Math.sqrt(1 - rho * rho);
        if (this.fade != null) {
            fadeDb = sigmaDb * gaussian();
            nextFadeNs = FADE_STEP_NS;
        } else {
            nextFadeNs = Long.MAX_VALUE;
        }
        while (nextStep < this.stepAtNs.length && this.stepAtNs[nextStep] <= 0) {
            stepDb = this.stepOffsetDb[nextStep++];
        }
        offsetDb = stepDb + fadeDb;
        changeAtNs = nextChange();
    }

    /** A constant channel. */
    public static SnrTrace constant() {
        return new SnrTrace(new long[0], new double[0], null, 0, 1);
    }

    /** The offset at {@code nowNs} (not before the last time asked), dB. */
    public double offsetDb(long nowNs) {
        if (nowNs >= changeAtNs) {
            advance(nowNs);
        }
        return offsetDb;
    }

    /** Counts the changes so far: equal versions mean an equal offset. */
    public long version() {
        return version;
    }

    /** The time average of the offset over [0, endNs], dB (advances the trace to {@code endNs}). */
    public double meanOffsetDb(long endNs) {
        offsetDb(endNs);
        if (endNs <= 0) {
            return offsetDb;
        }
        return (integralDbNs + offsetDb * (endNs - segmentStartNs)) / endNs;
    }

    private void advance(long nowNs) {
        while (nowNs >= changeAtNs) {
            long t = changeAtNs;
            integralDbNs += offsetDb * (t - segmentStartNs);
            segmentStartNs = t;
            while (nextStep < stepAtNs.length && stepAtNs[nextStep] <= t) {
                stepDb = stepOffsetDb[nextStep++];
            }
            if (nextFadeNs <= t) {
                fadeDb = rho * fadeDb + innovationDb * gaussian();
                nextFadeNs += FADE_STEP_NS;
            }
            offsetDb = stepDb + fadeDb;
            changeAtNs = nextChange();
        }
        version++;
    }

    private long nextChange() {
        long step = nextStep < stepAtNs.length ? stepAtNs[nextStep] : Long.MAX_VALUE;
        return Math.min(step, nextFadeNs);
    }

    /** Box–Muller: one standard normal from two uniforms (the cosine branch). */
    private double gaussian() {
        double u1 = 1 - fade.nextDouble(); // (0, 1]
        double u2 = fade.nextDouble();
        return Math.sqrt(-2 * Math.log(u1)) * Math.cos(2 * Math.PI * u2);
    }
}
