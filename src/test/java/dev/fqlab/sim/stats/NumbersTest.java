package dev.fqlab.sim.stats;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class NumbersTest {

    @Test
    void roundsToSixSignificantDigits() {
        assertThat(Numbers.round6(1234567.89)).isEqualTo(1234570.0);
        assertThat(Numbers.round6(2.0 / 3)).isEqualTo(0.666667);
        assertThat(Numbers.round6(0.000123456789)).isEqualTo(0.000123457);
        assertThat(Numbers.round6(-98.7654321)).isEqualTo(-98.7654);
        assertThat(Numbers.round6(4.85564123)).isEqualTo(4.85564);
        assertThat(Numbers.round6(1e-30 * 1.23456789)).isEqualTo(1.23457e-30);
        assertThat(Numbers.round6(3.0)).isEqualTo(3.0);
        assertThat(Numbers.round6(-0.0)).isEqualTo(0.0);
        assertThat(Numbers.round6OrNull(Double.NaN)).isNull();
    }

    @Test
    void jainsIndexIsOneForEqualSharesAndOneOverNForOneTaker() {
        assertThat(Jain.index(new double[] {5, 5, 5})).isEqualTo(1.0);
        assertThat(Jain.index(new double[] {9, 0, 0})).isEqualTo(1.0 / 3);
        // (1 + 2 + 3)² / (3 × (1 + 4 + 9)) = 36 / 42
        assertThat(Jain.index(new double[] {1, 2, 3})).isEqualTo(36.0 / 42);
        assertThat(Jain.index(new double[0])).isNaN();
    }
}
