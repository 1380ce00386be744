package dev.fqlab.sim.wifi.phy;

import static org.assertj.core.api.Assertions.assertThat;

import dev.fqlab.sim.scenario.PhyStandard;
import org.junit.jupiter.api.Test;

/** Which standard/width/MCS/stream combinations exist (802.11-2016 17, 19.5, 21.5), and what the messages say. */
class PhyValidationTest {

    @Test
    void widthsPerStandard() {
        assertThat(PhyValidation.width(PhyStandard.A, 20)).isNull();
        assertThat(PhyValidation.width(PhyStandard.A, 40)).contains("20");
        assertThat(PhyValidation.width(PhyStandard.N, 20)).isNull();
        assertThat(PhyValidation.width(PhyStandard.N, 40)).isNull();
        assertThat(PhyValidation.width(PhyStandard.N, 80)).contains("20 or 40");
        for (int width : new int[] {20, 40, 80, 160}) {
            assertThat(PhyValidation.width(PhyStandard.AC, width)).isNull();
        }
        assertThat(PhyValidation.width(PhyStandard.AC, 320)).contains("20, 40, 80 or 160");
        assertThat(PhyValidation.width(PhyStandard.AC, 0)).isNotNull();
    }

    @Test
    void legacyRates() {
        for (double rate : new double[] {6, 9, 12, 18, 24, 36, 48, 54}) {
            assertThat(PhyValidation.legacyRate(rate)).isNull();
        }
        for (double rate : new double[] {1, 2, 5.5, 11, 0, 54.0000001, 72.2, -6}) {
            assertThat(PhyValidation.legacyRate(rate)).as("%s", rate).contains("6, 9, 12, 18, 24, 36, 48, 54");
        }
    }

    @Test
    void htMcs() {
        for (int mcs = 0; mcs <= 31; mcs++) {
            assertThat(PhyValidation.mcs(PhyStandard.N, mcs, null, 20)).isNull();
            assertThat(PhyValidation.mcs(PhyStandard.N, mcs, mcs / 8 + 1, 40)).isNull();
        }
        assertThat(PhyValidation.mcs(PhyStandard.N, 32, null, 40)).contains("0 to 31");
        assertThat(PhyValidation.mcs(PhyStandard.N, -1, null, 20)).contains("0 to 31");
        assertThat(PhyValidation.mcs(PhyStandard.N, null, null, 20)).isNotNull();
    }

    @Test
    void htStreamsFollowTheMcs() {
        assertThat(PhyValidation.spatialStreams(PhyStandard.N, 15, 2)).isNull();
        assertThat(PhyValidation.spatialStreams(PhyStandard.N, 15, null)).isNull();
        assertThat(PhyValidation.spatialStreams(PhyStandard.N, 15, 1)).contains("2 or absent", "MCS 15");
        assertThat(PhyValidation.spatialStreams(PhyStandard.N, 7, 2)).contains("1 or absent", "1 spatial stream ");
        assertThat(PhyValidation.spatialStreams(PhyStandard.N, 31, 4)).isNull();
        assertThat(PhyValidation.spatialStreams(PhyStandard.N, 7, 5)).contains("1 to 4");
        // the MCS itself is unknown (invalid): only the range is checked
        assertThat(PhyValidation.spatialStreams(PhyStandard.N, 40, 3)).isNull();
        assertThat(PhyValidation.spatialStreams(PhyStandard.N, null, 3)).isNull();
    }

    @Test
    void vhtMcsAndStreams() {
        assertThat(PhyValidation.mcs(PhyStandard.AC, 10, 1, 80)).contains("0 to 9");
        assertThat(PhyValidation.mcs(PhyStandard.AC, 9, 1, 80)).isNull();
        assertThat(PhyValidation.spatialStreams(PhyStandard.AC, 9, 0)).contains("1 to 4");
        assertThat(PhyValidation.spatialStreams(PhyStandard.AC, 9, 5)).contains("1 to 4");
        assertThat(PhyValidation.spatialStreams(PhyStandard.AC, 9, 4)).isNull();
    }

    @Test
    void vhtCombinationsTheStandardLeavesOut() {
        // 20 MHz MCS 9: 52 × 8 × 5/6 × N_SS bits is whole only for 3 streams
        assertThat(PhyValidation.mcs(PhyStandard.AC, 9, 1, 20)).contains("no MCS 9", "20 MHz", "1 spatial stream");
        assertThat(PhyValidation.mcs(PhyStandard.AC, 9, null, 20)).contains("no MCS 9"); // null streams = 1
        assertThat(PhyValidation.mcs(PhyStandard.AC, 9, 2, 20)).contains("no MCS 9");
        assertThat(PhyValidation.mcs(PhyStandard.AC, 9, 3, 20)).isNull();
        assertThat(PhyValidation.mcs(PhyStandard.AC, 9, 4, 20)).contains("no MCS 9");
        assertThat(PhyValidation.mcs(PhyStandard.AC, 6, 3, 80)).contains("no MCS 6", "use MCS 0–5 or 7–9");
        assertThat(PhyValidation.mcs(PhyStandard.AC, 6, 2, 80)).isNull();
        assertThat(PhyValidation.mcs(PhyStandard.AC, 9, 3, 160)).contains("no MCS 9", "160 MHz", "3 spatial streams");
        assertThat(PhyValidation.mcs(PhyStandard.AC, 9, 4, 160)).isNull();
        // with an invalid width or stream count the combination is not judged (those fields are reported instead)
        assertThat(PhyValidation.mcs(PhyStandard.AC, 9, 1, 30)).isNull();
        assertThat(PhyValidation.mcs(PhyStandard.AC, 9, 7, 20)).isNull();
    }

    @Test
    void legacyStationsHaveNoMcsOrStreams() {
        assertThat(PhyValidation.mcs(PhyStandard.A, null, null, 20)).isNull();
        assertThat(PhyValidation.mcs(PhyStandard.A, 3, null, 20)).contains("absent", "legacyRateMbps");
        assertThat(PhyValidation.spatialStreams(PhyStandard.A, null, 1)).contains("absent");
        assertThat(PhyValidation.spatialStreams(PhyStandard.A, null, null)).isNull();
    }
}
