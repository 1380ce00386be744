package dev.fqlab.result;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
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

    @Test
    void ordinaryFieldsAreWrittenAsTheyAre() {
        for (String field : List.of("flow.udp1.throughputMbps", "seed-003-bytes", "quantum300", "n", "f_1.a-b", "0",
                "-0.5", "-1.0E-300", "1E+5", "12345678901234567890", "ü✓ text", "")) {
            assertThat(Csv.escape(field)).as(field).isEqualTo(field);
        }
        // RFC 4180 quoting as before
        assertThat(Csv.escape("{\"type\":\"fq_codel\",\"quantum\":300}"))
                .isEqualTo("\"{\"\"type\"\":\"\"fq_codel\"\",\"\"quantum\"\":300}\"");
        assertThat(Csv.escape("two\nlines")).isEqualTo("\"two\nlines\"");
    }

    @Test
    void textThatASpreadsheetWouldEvaluateIsQuotedAsText() {
        // OWASP "CSV Injection": a cell starting with = + - @ tab or carriage return is a formula in Excel,
        // LibreOffice and Google Sheets; a leading ' inside quotes makes it text.
        assertThat(Csv.escape("=1+1")).isEqualTo("\"'=1+1\"");
        assertThat(Csv.escape("=HYPERLINK(\"http://x\",\"y\")")).isEqualTo("\"'=HYPERLINK(\"\"http://x\"\",\"\"y\"\")\"");
        assertThat(Csv.escape("+1+1")).isEqualTo("\"'+1+1\"");
        assertThat(Csv.escape("-2+3")).isEqualTo("\"'-2+3\"");
        assertThat(Csv.escape("-x")).isEqualTo("\"'-x\"");
        assertThat(Csv.escape("@SUM(A1:A2)")).isEqualTo("\"'@SUM(A1:A2)\"");
        assertThat(Csv.escape("\t=1")).isEqualTo("\"'\t=1\"");
        assertThat(Csv.escape("\r=1")).isEqualTo("\"'\r=1\"");
        // A ';' separates cells where spreadsheets use it as the separator: quoted, so "x;=1" stays one cell.
        assertThat(Csv.escape("x;=1+1")).isEqualTo("\"x;=1+1\"");
    }

    @Test
    void aLineJoinsEscapedFields() {
        StringBuilder csv = new StringBuilder();
        Csv.line(csv, List.of("label", "=1+1", "-1", "ok"));
        assertThat(csv).hasToString("label,\"'=1+1\",-1,ok\r\n");
    }
}
