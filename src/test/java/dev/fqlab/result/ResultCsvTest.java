package dev.fqlab.result;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class ResultCsvTest {

    @Test
    void numbersArePlainDecimalsAndMissingValuesEmpty() {
        assertThat(ResultCsv.format(21.8)).isEqualTo("21.8");
        assertThat(ResultCsv.format(100.0)).isEqualTo("100");
        assertThat(ResultCsv.format(1.0E-4)).isEqualTo("0.0001");
        assertThat(ResultCsv.format(1.5E7)).isEqualTo("15000000");
        assertThat(ResultCsv.format(42L)).isEqualTo("42");
        assertThat(ResultCsv.format(null)).isEmpty();
        assertThat(ResultCsv.format(Double.NaN)).isEmpty();
    }
}
