package dev.fqlab.sim.traffic.tcp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.fqlab.sim.core.Time;
import org.junit.jupiter.api.Test;

/**
 * CUBIC against RFC 9438: W_cubic(t) = C(t − K)³ + W_max with K = ∛(W_max(1 − β)/C), C = 0.4, β = 0.7 (§4.2),
 * the Reno-friendly region (§4.3) and fast convergence (§4.7). The window is driven by an ideal ACK clock: every
 * RTT each segment of the window is acknowledged once, the ACKs spread evenly over the RTT.
 */
class CubicTest {

    /** A CUBIC sender that just saw a loss at a window of {@code wMax} and reduced to β·W_max. */
    private static Cubic afterLossAt(double wMax) {
        return afterLossAt(wMax, 0);
    }

    /** The same, with a path whose minimum RTT is {@code minRttNs} (Linux aims at W(t + delay_min)). */
    private static Cubic afterLossAt(double wMax, long minRttNs) {
        Cubic cubic = new Cubic();
        if (minRttNs > 0) {
            cubic.onRttSample(0, minRttNs, 0, 0, 0, true);
        }
        cubic.setCwnd(wMax);
        cubic.onCongestion(0);
        cubic.setCwnd(cubic.ssthresh());
        return cubic;
    }

    /** Feeds ACKs from {@code fromNs} until {@code untilNs}; returns the time of the last ACK. */
    private static long ackClock(Cubic cubic, long fromNs, long untilNs, long rttNs) {
        long now = fromNs;
        while (now < untilNs) {
            int window = (int) cubic.cwnd();
            long gap = rttNs / window;
            for (int i = 0; i < window && now < untilNs; i++) {
                now += gap;
                cubic.onAck(1, now, rttNs, 0, 0);
            }
        }
        return now;
    }

    @Test
    void afterALossTheWindowIsBetaTimesWmaxAndKIsTheCubeRoot() {
        Cubic cubic = afterLossAt(100);
        // ssthresh = cwnd = β·W_max = 0.7 × 100 = 70
        assertThat(cubic.ssthresh()).isEqualTo(70.0, within(1e-9));
        // the first ACK of congestion avoidance starts the epoch: K = ∛(100 × 0.3 / 0.4) = ∛75 = 4.2172 s
        cubic.onAck(1, Time.ms(1), Time.ms(100), 0, 0);
        assertThat(cubic.k()).isCloseTo(4.2172, within(1e-4));
        assertThat(cubic.window(0)).isCloseTo(70, within(1e-9)); // W(0) = W_max − C·K³ = 100 − 30
        assertThat(cubic.window(cubic.k())).isCloseTo(100, within(1e-9));
    }

    @Test
    void theWindowFollowsTheCubicCurveWithAHundredMillisecondRtt() {
        long rtt = Time.ms(100);
        Cubic cubic = afterLossAt(100, rtt);
        long epoch = Time.ms(100);
        cubic.onAck(1, epoch, rtt, 0, 0);
        // K = 4.2172 s. Each ACK moves cwnd toward W(t + min RTT) (tcp_cubic.c: delay_min), so after a window's worth of ACKs cwnd ≈ W(t).
        // The Reno estimate stays below: W_est(t) = 70 + 0.5294 × t / 0.1 s is 92.3 at K, 114.6 at 2K.
        double k = Math.cbrt(75);
        // t = 2 s: W = 100 + 0.4 × (2 − 4.2172)³ = 100 − 0.4 × 10.90 = 95.64 (concave region)
        ackClock(cubic, epoch, epoch + Time.seconds(2), rtt);
        assertThat(cubic.cwnd()).isCloseTo(100 + 0.4 * Math.pow(2 - k, 3), within(1.0));
        // t = K: the plateau, W = W_max = 100
        ackClock(cubic, epoch + Time.seconds(2), epoch + Time.seconds(k), rtt);
        assertThat(cubic.cwnd()).isCloseTo(100, within(1.0));
        // t = 2K = 8.434 s: W = 100 + 0.4 × K³ = 100 + 30 = 130 (convex region)
        ackClock(cubic, epoch + Time.seconds(k), epoch + Time.seconds(2 * k), rtt);
        assertThat(cubic.cwnd()).isCloseTo(130, within(1.3));
        assertThat(cubic.wEst()).isLessThan(cubic.cwnd());
    }

    @Test
    void withAShortRttTheRenoFriendlyEstimateWins() {
        long rtt = Time.ms(10);
        Cubic cubic = afterLossAt(100);
        long epoch = Time.ms(10);
        cubic.onAck(1, epoch, rtt, 0, 0);
        // t = 0.3 s = 30 RTTs: W_cubic = 100 + 0.4 × (0.3 − 4.2172)³ = 100 − 24.04 = 75.96, while
        // W_est = 70 + α × 30 with α = 3(1 − 0.7)/(1 + 0.7) = 0.5294 → 85.88 (still below cwnd_prior = 100)
        ackClock(cubic, epoch, epoch + Time.ms(300), rtt);
        assertThat(cubic.window(0.3)).isCloseTo(75.96, within(0.01));
        assertThat(cubic.cwnd()).isCloseTo(85.88, within(0.5)); // RFC 9438 §4.3: 70 + 0.5294 × 30
    }

    @Test
    void fastConvergenceReleasesBandwidthWhenTheWindowShrinks() {
        Cubic cubic = afterLossAt(100);
        cubic.setCwnd(80);
        cubic.onCongestion(Time.seconds(1));
        // 80 < W_max 100: W_max = 80 × (1 + 0.7) / 2 = 68, ssthresh = 0.7 × 80 = 56
        assertThat(cubic.wMax()).isCloseTo(68, within(1e-9));
        assertThat(cubic.ssthresh()).isCloseTo(56, within(1e-9));
    }

    @Test
    void aTimeoutRestartsFromOneSegmentAndThenGrowsFromThePlateau() {
        Cubic cubic = afterLossAt(100);
        cubic.onTimeout(Time.seconds(1), 0);
        assertThat(cubic.cwnd()).isEqualTo(1);
        assertThat(cubic.ssthresh()).isCloseTo(49, within(1e-9)); // β × 70
        // slow start to ssthresh, then (§4.8) K = 0 and W_max = the window at that point
        long now = Time.seconds(1);
        while (cubic.inSlowStart()) {
            now += Time.ms(1);
            cubic.onAck(1, now, Time.ms(100), 0, 0);
        }
        now += Time.ms(1);
        cubic.onAck(1, now, Time.ms(100), 0, 0);
        assertThat(cubic.k()).isZero();
        assertThat(cubic.wMax()).isCloseTo(49, within(1.0));
    }
}
