package dev.fqlab.result;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class ResultCsvTest {

    @Test
    void numbersArePlainDecimalsAndMissingValuesEmpty() {
        assertThat(Csv.format(21.8)).isEqualTo("21.8");
        assertThat(Csv.format(100.0)).isEqualTo("100");
        assertThat(Csv.format(1.0E-4)).isEqualTo("0.0001");
        assertThat(Csv.format(1.5E7)).isEqualTo("15000000");
        assertThat(Csv.format(42L)).isEqualTo("42");
        assertThat(Csv.format(null)).isEmpty();
        assertThat(Csv.format(Double.NaN)).isEmpty();
    }
}
