package dev.fqlab.validation;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

/** The scorecard's Bianchi oracle against arithmetic worked by hand. */
class DcfTest {

    @Test
    void oneStationNeverCollidesAndWaitsSevenAndAHalfSlotsOnAverage() {
        // 802.11a 54 Mbit/s, N_DBPS 216: a 1538-byte MPDU is 20 + 4 × ⌈(16 + 12304 + 6) / 216⌉ = 252 µs, the Ack at
        // 24 Mbit/s 28 µs; T_s = 252 + SIFS 16 + 28 + AIFS 43 = 339 µs; backoff CWmin/2 = 7.5 slots of 9 µs.
        double expected = 1472 * 8 / (339 + 7.5 * 9);

        assertThat(Dcf.ofdmUs(54, 1538)).isEqualTo(252);
        assertThat(Dcf.basicAccessMbps(54, 1)).isCloseTo(expected, within(1e-6));
        assertThat(expected).isCloseTo(28.969, within(0.001));
    }

    @Test
    void moreStationsCollideMoreAndCarryLess() {
        // Bianchi's Fig. 6 shape for a small CWmin: the saturation throughput falls as n grows beyond a few.
        assertThat(Dcf.basicAccessMbps(54, 50)).isLessThan(Dcf.basicAccessMbps(54, 10));
        // RTS/CTS costs a fixed overhead per frame but makes collisions short: it loses at n = 1 and gains at n = 50.
        assertThat(Dcf.rtsCtsMbps(54, 1)).isLessThan(Dcf.basicAccessMbps(54, 1));
        assertThat(Dcf.rtsCtsMbps(6, 50)).isGreaterThan(Dcf.basicAccessMbps(6, 50));
    }
}
