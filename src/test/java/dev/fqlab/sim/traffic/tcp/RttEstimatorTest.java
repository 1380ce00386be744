package dev.fqlab.sim.traffic.tcp;

import static org.assertj.core.api.Assertions.assertThat;

import dev.fqlab.sim.core.Time;
import org.junit.jupiter.api.Test;

/**
 * Linux v6.6 {@code tcp_rtt_estimator} and {@code __tcp_set_rto} worked by hand in the kernel's fixed point
 * (srtt_us = 8 × SRTT, mdev_us = 4 × mean deviation, rttvar_us ≥ tcp_rto_min = 200 000 µs; RTO = (srtt_us >> 3) +
 * rttvar_us rounded up to a jiffy, HZ = 1000), and the backoff of {@code tcp_retransmit_timer}.
 */
class RttEstimatorTest {

    private static long ms(double ms) {
        return Time.ms(ms);
    }

    @Test
    void beforeAnySampleTheTimeoutIsOneSecond() {
        assertThat(new RttEstimator().rtoNs()).isEqualTo(ms(1000)); // TCP_TIMEOUT_INIT
    }

    @Test
    void aSampleSequenceWorkedByHand() {
        RttEstimator rtt = new RttEstimator();
        // first sample 400 ms, snd_nxt 20: srtt_us = 8 × 400 000 = 3 200 000, mdev_us = 2 × 400 000 = 800 000,
        // rttvar_us = max(800 000, 200 000) = 800 000, rtt_seq = 20; RTO = 400 000 + 800 000 µs = 1200 ms
        rtt.sample(ms(400), 10, 20);
        assertThat(rtt.srttUs8()).isEqualTo(3_200_000);
        assertThat(rtt.mdevUs()).isEqualTo(800_000);
        assertThat(rtt.rttvarNs()).isEqualTo(ms(800));
        assertThat(rtt.rtoNs()).isEqualTo(ms(1200));
        // 200 ms, snd_una 15 (not past rtt_seq): m = 200 000 − 400 000 = −200 000, srtt_us = 3 000 000 (375 ms);
        // |m| − mdev/4 = 200 000 − 200 000 = 0, so mdev_us stays 800 000; RTO = 375 000 + 800 000 µs = 1175 ms
        rtt.sample(ms(200), 15, 20);
        assertThat(rtt.srttUs8()).isEqualTo(3_000_000);
        assertThat(rtt.mdevUs()).isEqualTo(800_000);
        assertThat(rtt.rtoNs()).isEqualTo(ms(1175));
        // 100 ms, snd_una 25 (past rtt_seq 20), snd_nxt 40: m = 100 000 − 375 000 = −275 000, srtt_us = 2 725 000;
        // |m| − 200 000 = 75 000 > 0 so it counts 1/8: 9 375; mdev_us = 809 375 > mdev_max → rttvar_us = 809 375;
        // the round ends (rtt_seq = 40, mdev_max = 200 000). RTO = 340 625 + 809 375 µs = 1150 ms exactly.
        // (RFC 6298 would give SRTT 340.625 + 4 × 218.75 = 1215.625 ms.)
        rtt.sample(ms(100), 25, 40);
        assertThat(rtt.srttUs8()).isEqualTo(2_725_000);
        assertThat(rtt.mdevUs()).isEqualTo(809_375);
        assertThat(rtt.rttvarNs()).isEqualTo(ms(809.375));
        assertThat(rtt.rtoNs()).isEqualTo(ms(1150));
        // 100 ms, snd_una 41: m = 100 000 − 340 625 = −240 625, srtt_us = 2 484 375 (310.546 875 ms);
        // 240 625 − 809 375 / 4 (202 343) = 38 282, / 8 = 4 785; mdev_us = 814 160 = rttvar_us;
        // RTO = 310 546 + 814 160 = 1 124 706 µs, rounded up to 1125 jiffies
        rtt.sample(ms(100), 41, 60);
        assertThat(rtt.srttUs8()).isEqualTo(2_484_375);
        assertThat(rtt.mdevUs()).isEqualTo(814_160);
        assertThat(rtt.rtoNs()).isEqualTo(ms(1125));
    }

    @Test
    void aSteadyPathHasSrttPlusTheTwoHundredMillisecondFloor() {
        RttEstimator rtt = new RttEstimator();
        long una = 0;
        for (int i = 0; i < 50; i++) {
            // 20 ms every time: mdev decays toward 0 but rttvar_us never goes below tcp_rto_min
            rtt.sample(ms(20), una, una + 10);
            una += 10;
            assertThat(rtt.rtoNs()).isEqualTo(ms(220)); // 20 + 200, not max(20 + 4 × RTTVAR, 200)
        }
    }

    @Test
    void rttvarDecaysByAQuarterOfTheGapPerRoundTrip() {
        RttEstimator rtt = new RttEstimator();
        rtt.sample(ms(400), 0, 10); // rttvar_us = mdev_max_us = 800 000, rtt_seq = 10
        // more samples of 400 ms: mdev_us falls by a quarter each time (800 000 → 600 000 → 450 000 → 337 500)
        rtt.sample(ms(400), 11, 20); // round ends with mdev_max = rttvar: no decay; mdev_max restarts at 200 000
        assertThat(rtt.rttvarNs()).isEqualTo(ms(800));
        rtt.sample(ms(400), 21, 30); // mdev_max = 450 000; round ends: rttvar −= (800 000 − 450 000) >> 2 = 87 500
        assertThat(rtt.rttvarNs()).isEqualTo(ms(712.5));
        assertThat(rtt.rtoNs()).isEqualTo(ms(1113)); // 400 000 + 712 500 µs, rounded up to a jiffy
        rtt.sample(ms(400), 31, 40); // mdev_max = 337 500: rttvar −= (712 500 − 337 500) >> 2 = 93 750
        assertThat(rtt.rttvarNs()).isEqualTo(ms(618.75));
    }

    @Test
    void eachExpiryDoublesTheTimeoutUntilANewSample() {
        RttEstimator rtt = new RttEstimator();
        rtt.sample(ms(20), 0, 10);
        long[] expected = {220, 440, 880, 1760, 3520, 7040, 14_080, 28_160, 56_320, 112_640, 120_000, 120_000};
        for (long rto : expected) {
            assertThat(rtt.rtoNs()).isEqualTo(ms(rto));
            rtt.backOff(); // icsk_rto = min(icsk_rto << 1, TCP_RTO_MAX)
        }
        rtt.sample(ms(20), 11, 20);
        assertThat(rtt.rtoNs()).isEqualTo(ms(220));
    }
}
