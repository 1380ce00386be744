package dev.fqlab.sim.traffic.tcp;

import static org.assertj.core.api.Assertions.assertThat;

import dev.fqlab.sim.core.Time;
import org.junit.jupiter.api.Test;

/** RFC 6298 §2 and §5.5 with Linux's bounds (200 ms, 120 s). */
class RttEstimatorTest {

    private static long ms(double ms) {
        return Time.ms(ms);
    }

    @Test
    void beforeAnySampleTheTimeoutIsOneSecond() {
        assertThat(new RttEstimator().rtoNs()).isEqualTo(ms(1000)); // §2.1
    }

    @Test
    void samplesFollowTheRfcFormulas() {
        RttEstimator rtt = new RttEstimator();
        rtt.sample(ms(400));
        // §2.2: SRTT = R = 400, RTTVAR = R/2 = 200, RTO = 400 + max(G, 4 × 200) = 1200 ms
        assertThat(rtt.srttNs()).isEqualTo(ms(400));
        assertThat(rtt.rttvarNs()).isEqualTo(ms(200));
        assertThat(rtt.rtoNs()).isEqualTo(ms(1200));
        rtt.sample(ms(200));
        // §2.3: RTTVAR = 3/4 × 200 + 1/4 × |400 − 200| = 200; SRTT = 7/8 × 400 + 1/8 × 200 = 375; RTO = 375 + 800
        assertThat(rtt.rttvarNs()).isEqualTo(ms(200));
        assertThat(rtt.srttNs()).isEqualTo(ms(375));
        assertThat(rtt.rtoNs()).isEqualTo(ms(1175));
    }

    @Test
    void shortPathsGetLinuxsTwoHundredMillisecondMinimum() {
        RttEstimator rtt = new RttEstimator();
        rtt.sample(ms(20));
        // 20 + 4 × 10 = 60 ms, raised to TCP_RTO_MIN (RFC 6298 §2.4 would say 1 s)
        assertThat(rtt.rtoNs()).isEqualTo(ms(200));
    }

    @Test
    void eachExpiryDoublesTheTimeoutUntilANewSample() {
        RttEstimator rtt = new RttEstimator();
        rtt.sample(ms(20));
        long[] expected = {200, 400, 800, 1600, 3200, 6400, 12_800, 25_600, 51_200, 102_400, 120_000, 120_000};
        for (long rto : expected) {
            assertThat(rtt.rtoNs()).isEqualTo(ms(rto));
            rtt.backOff(); // §5.5, capped at TCP_RTO_MAX = 120 s
        }
        rtt.sample(ms(20));
        assertThat(rtt.rtoNs()).isEqualTo(ms(200));
    }
}
