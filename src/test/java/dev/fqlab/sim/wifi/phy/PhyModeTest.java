package dev.fqlab.sim.wifi.phy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import dev.fqlab.sim.WifiScenarios;
import dev.fqlab.sim.scenario.PhyStandard;
import dev.fqlab.sim.scenario.WifiLinkSpec;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Rates against the tables of IEEE 802.11-2016 (17.3.2.3, 19.5, 21.5) and PPDU durations worked out by hand in the
 * comments from the TXTIME formulas (17.4.3, 19.4.3 with Equation 19-32, 21.4.3), never from the code under test.
 *
 * <p>Preambles used below: non-HT 20 µs; HT-mixed 32 µs + 4 µs × N_HTLTF (1 stream 36, 2 streams 40, 3 or 4
 * streams 48); VHT 36 µs + 4 µs × N_VHTLTF (1 stream 40, 2 streams 44, 4 streams 52). Data symbols: 4 µs each;
 * with the short GI 4 µs × ⌈0.9 × N_SYM⌉.
 */
class PhyModeTest {

    // ---- rates from the standard's tables (value with 800 ns GI, value with 400 ns GI)

    @Test
    void legacyRatesAreThe80211aRates() {
        for (double rate : new double[] {6, 9, 12, 18, 24, 36, 48, 54}) {
            PhyMode mode = PhyMode.legacy(rate);
            assertThat(mode.dataRateMbps()).isEqualTo(rate);
            assertThat(mode.aggregates()).isFalse();
            assertThat(mode.spatialStreams()).isEqualTo(1);
            assertThat(mode.format()).isEqualTo(PhyMode.Format.NON_HT);
        }
        // N_DBPS = 48 subcarriers × bits × R: 54 Mbit/s is 64-QAM 3/4 = 48 × 6 × 3/4 = 216 bits per 4 µs
        assertThat(PhyMode.legacy(54).dataBitsPerSymbol()).isEqualTo(216);
        assertThat(PhyMode.legacy(6).dataBitsPerSymbol()).isEqualTo(24);
    }

    @Test
    void htRatesComeOutAsInTheTables() {
        // HT20 MCS 7: 52 × 6 × 5/6 = 260 bits → 65.0 and 72.2 (260 / 3.6)
        assertRates(PhyMode.ht(7, 20, false), PhyMode.ht(7, 20, true), 260, 65.0, 72.2);
        // HT20 MCS 0: 52 × 1 × 1/2 = 26 bits → 6.5 and 7.2
        assertRates(PhyMode.ht(0, 20, false), PhyMode.ht(0, 20, true), 26, 6.5, 7.2);
        // HT20 MCS 15 (2 streams): 520 bits → 130 and 144.4
        assertRates(PhyMode.ht(15, 20, false), PhyMode.ht(15, 20, true), 520, 130, 144.4);
        // HT40 MCS 15: 108 × 6 × 5/6 × 2 = 1080 bits → 270 and 300
        assertRates(PhyMode.ht(15, 40, false), PhyMode.ht(15, 40, true), 1080, 270, 300);
        // HT40 MCS 31 (4 streams): 2160 bits → 540 and 600
        assertRates(PhyMode.ht(31, 40, false), PhyMode.ht(31, 40, true), 2160, 540, 600);
        // HT40 MCS 20 (3 streams 16-QAM 3/4): 108 × 4 × 3/4 × 3 = 972 bits → 243 and 270
        assertRates(PhyMode.ht(20, 40, false), PhyMode.ht(20, 40, true), 972, 243, 270);
        assertThat(PhyMode.ht(20, 40, false).spatialStreams()).isEqualTo(3);
        assertThat(PhyMode.ht(31, 20, false).spatialStreams()).isEqualTo(4);
        assertThat(PhyMode.ht(7, 20, false).aggregates()).isTrue();
    }

    @Test
    void vhtRatesComeOutAsInTheTables() {
        // VHT80 MCS 9, 1 stream: 234 × 8 × 5/6 = 1560 bits → 390 and 433.3
        assertRates(PhyMode.vht(9, 1, 80, false), PhyMode.vht(9, 1, 80, true), 1560, 390, 433.3);
        // VHT80 MCS 9, 4 streams: 6240 bits → 1560 and 1733.3
        assertRates(PhyMode.vht(9, 4, 80, false), PhyMode.vht(9, 4, 80, true), 6240, 1560, 1733.3);
        // VHT160 MCS 9, 2 streams: 468 × 8 × 5/6 × 2 = 6240 bits → 1560 and 1733.3
        assertRates(PhyMode.vht(9, 2, 160, false), PhyMode.vht(9, 2, 160, true), 6240, 1560, 1733.3);
        // VHT20 MCS 8, 1 stream: 52 × 8 × 3/4 = 312 bits → 78 and 86.7
        assertRates(PhyMode.vht(8, 1, 20, false), PhyMode.vht(8, 1, 20, true), 312, 78, 86.7);
        // VHT20 MCS 9, 3 streams (exists, unlike 1, 2, 4 streams): 52 × 8 × 5/6 × 3 = 1040 → 260 and 288.9
        assertRates(PhyMode.vht(9, 3, 20, false), PhyMode.vht(9, 3, 20, true), 1040, 260, 288.9);
        // VHT40 MCS 9, 1 stream: 108 × 8 × 5/6 = 720 → 180 and 200
        assertRates(PhyMode.vht(9, 1, 40, false), PhyMode.vht(9, 1, 40, true), 720, 180, 200);
        // VHT160 MCS 7, 4 streams: 468 × 6 × 5/6 × 4 = 9360 → 2340 and 2600
        assertRates(PhyMode.vht(7, 4, 160, false), PhyMode.vht(7, 4, 160, true), 9360, 2340, 2600);
        // VHT80 MCS 0, 1 stream: 117 bits → 29.25 and 32.5
        assertRates(PhyMode.vht(0, 1, 80, false), PhyMode.vht(0, 1, 80, true), 117, 29.25, 32.5);
    }

    /** LGI rate exact; SGI rate = N_DBPS / 3.6 µs, which the tables print rounded to 0.1. */
    private static void assertRates(PhyMode lgi, PhyMode sgi, int dataBits, double lgiRate, double sgiRate) {
        assertThat(lgi.dataBitsPerSymbol()).isEqualTo(dataBits);
        assertThat(sgi.dataBitsPerSymbol()).isEqualTo(dataBits);
        assertThat(lgi.dataRateMbps()).isEqualTo(lgiRate);
        assertThat(sgi.dataRateMbps()).isCloseTo(dataBits * 10.0 / 36, within(1e-9));
        assertThat(Math.round(sgi.dataRateMbps() * 10) / 10.0).isEqualTo(sgiRate);
    }

    // ---- BCC encoders

    @Test
    void htUsesTwoEncodersAbove300Mbps() {
        // 19.5's tables: N_ES 2 for 40 MHz MCS 21–23 (324, 364.5, 405 Mbit/s) and 28–31; 1 up to 300 Mbit/s
        assertThat(PhyMode.ht(20, 40, false).bccEncoders()).isEqualTo(1); // 243
        assertThat(PhyMode.ht(21, 40, false).bccEncoders()).isEqualTo(2); // 324
        assertThat(PhyMode.ht(23, 40, true).bccEncoders()).isEqualTo(2);
        assertThat(PhyMode.ht(27, 40, false).bccEncoders()).isEqualTo(1); // 16-QAM 1/2 × 4: 216
        assertThat(PhyMode.ht(28, 40, false).bccEncoders()).isEqualTo(2); // 16-QAM 3/4 × 4: 324
        assertThat(PhyMode.ht(15, 40, true).bccEncoders()).isEqualTo(1); // 300 (SGI) is not above 300
        assertThat(PhyMode.ht(31, 20, true).bccEncoders()).isEqualTo(1); // 260 / 288.9
    }

    /**
     * N_ES of every VHT combination up to 4 streams, transcribed from 802.11-2016 Tables 21-30 to 21-61 (one row
     * per width and stream count, MCS 0–9; "-" = the combination does not exist).
     */
    private static final Map<String, String> VHT_ENCODERS = Map.ofEntries(
            Map.entry("20/1", "1 1 1 1 1 1 1 1 1 -"), Map.entry("20/2", "1 1 1 1 1 1 1 1 1 -"),
            Map.entry("20/3", "1 1 1 1 1 1 1 1 1 1"), Map.entry("20/4", "1 1 1 1 1 1 1 1 1 -"),
            Map.entry("40/1", "1 1 1 1 1 1 1 1 1 1"), Map.entry("40/2", "1 1 1 1 1 1 1 1 1 1"),
            Map.entry("40/3", "1 1 1 1 1 1 1 1 1 1"), Map.entry("40/4", "1 1 1 1 1 1 1 1 2 2"),
            Map.entry("80/1", "1 1 1 1 1 1 1 1 1 1"), Map.entry("80/2", "1 1 1 1 1 1 1 2 2 2"),
            Map.entry("80/3", "1 1 1 1 1 2 - 2 2 3"), Map.entry("80/4", "1 1 1 1 2 2 2 3 3 3"),
            Map.entry("160/1", "1 1 1 1 1 1 1 2 2 2"), Map.entry("160/2", "1 1 1 1 2 2 2 3 3 3"),
            Map.entry("160/3", "1 1 1 2 2 3 3 4 4 -"), Map.entry("160/4", "1 1 2 2 3 4 4 6 6 6"));

    @Test
    void vhtEncodersMatchTheStandardsTablesForEveryCombination() {
        int checked = 0;
        for (Map.Entry<String, String> row : VHT_ENCODERS.entrySet()) {
            int width = Integer.parseInt(row.getKey().split("/")[0]);
            int nss = Integer.parseInt(row.getKey().split("/")[1]);
            String[] values = row.getValue().split(" ");
            for (int mcs = 0; mcs <= 9; mcs++) {
                String problem = PhyValidation.mcs(PhyStandard.AC, mcs, nss, width);
                if (values[mcs].equals("-")) {
                    assertThat(problem).as("VHT%d MCS %d %d streams", width, mcs, nss).isNotNull();
                } else {
                    assertThat(problem).as("VHT%d MCS %d %d streams", width, mcs, nss).isNull();
                    assertThat(PhyMode.vht(mcs, nss, width, false).bccEncoders())
                            .as("N_ES of VHT%d MCS %d %d streams", width, mcs, nss)
                            .isEqualTo(Integer.parseInt(values[mcs]));
                    checked++;
                }
            }
        }
        assertThat(checked).isEqualTo(16 * 10 - 5);
    }

    @Test
    void vht160FourStreamsMcs7TakesSixEncodersNotFive() {
        // 9360 data bits: ⌈9360 / 2160⌉ = 5 encoders would get 1872 bits each, not a whole number of 5-bit
        // puncturing blocks of rate 5/6; 6 encoders get 1560 = 312 × 5.
        assertThat(PhyMode.vht(7, 4, 160, false).bccEncoders()).isEqualTo(6);
        assertThat(PhyMode.vht(8, 4, 160, false).bccEncoders()).isEqualTo(6);
        assertThat(PhyMode.vht(6, 4, 160, false).bccEncoders()).isEqualTo(4);
    }

    // ---- PPDU durations, by hand

    @Test
    void legacyPpdus() {
        // 54 Mbit/s, 1500-byte PSDU: 16 + 8·1500 + 6 = 12022 bits / 216 = 55.66 → 56 symbols = 224 µs; + 20 = 244 µs
        assertThat(PhyMode.legacy(54).ppduNs(1500)).isEqualTo(244_000);
        // 54 Mbit/s, the 1538-byte MPDU of a 1500-byte IP packet: 12326 / 216 = 57.06 → 58 → 232 + 20 = 252 µs
        assertThat(PhyMode.legacy(54).ppduNs(1538)).isEqualTo(252_000);
        // 6 Mbit/s, 1538 bytes: 12326 / 24 = 513.6 → 514 → 2056 + 20 = 2076 µs
        assertThat(PhyMode.legacy(6).ppduNs(1538)).isEqualTo(2_076_000);
        // the short guard interval of the link does not apply to 802.11a (PhyMode.legacy has none)
        assertThat(PhyMode.legacy(54).shortGuardInterval()).isFalse();
    }

    @Test
    void htSingleMpdu() {
        // HT20 MCS 7, one 1538-byte MPDU: 16 + 12304 + 6 = 12326 / 260 = 47.4 → 48 symbols
        // LGI: 36 + 48 × 4 = 228 µs; SGI: ⌈0.9 × 48 = 43.2⌉ = 44 → 36 + 176 = 212 µs
        assertThat(PhyMode.ht(7, 20, false).ppduNs(1538)).isEqualTo(228_000);
        assertThat(PhyMode.ht(7, 20, true).ppduNs(1538)).isEqualTo(212_000);
    }

    @Test
    void htLargestAmpdu() {
        // HT20 MCS 7, 65535-byte A-MPDU: 16 + 524280 + 6 = 524302 / 260 = 2016.5 → 2017 symbols
        // LGI: 36 + 8068 = 8104 µs; SGI: ⌈0.9 × 2017 = 1815.3⌉ = 1816 → 36 + 7264 = 7300 µs
        assertThat(PhyMode.ht(7, 20, false).ppduNs(65535)).isEqualTo(8_104_000);
        assertThat(PhyMode.ht(7, 20, true).ppduNs(65535)).isEqualTo(7_300_000);
    }

    @Test
    void htThirtyTwoSubframeAggregates() {
        int ampdu = 32 * 1544; // 49408 bytes: 32 subframes of a 1500-byte IP packet
        // HT40 MCS 15: 16 + 395264 + 6 = 395286 / 1080 = 366.006 → 367 symbols; preamble 40 µs (2 HT-LTFs)
        // LGI: 40 + 1468 = 1508 µs; SGI: ⌈330.3⌉ = 331 → 40 + 1324 = 1364 µs
        assertThat(PhyMode.ht(15, 40, false).ppduNs(ampdu)).isEqualTo(1_508_000);
        assertThat(PhyMode.ht(15, 40, true).ppduNs(ampdu)).isEqualTo(1_364_000);
        // HT20 MCS 15 SGI: 395286 / 520 = 760.2 → 761; ⌈684.9⌉ = 685 → 40 + 2740 = 2780 µs
        assertThat(PhyMode.ht(15, 20, true).ppduNs(ampdu)).isEqualTo(2_780_000);
        // HT20 MCS 0, 2 subframes (3088 bytes): 16 + 24704 + 6 = 24726 / 26 = 951 exactly → 36 + 3804 = 3840 µs
        assertThat(PhyMode.ht(0, 20, false).ppduNs(2 * 1544)).isEqualTo(3_840_000);
    }

    @Test
    void shortGuardIntervalRoundsUpToWhole4UsPeriods() {
        // HT20 MCS 7 SGI, 322 bytes: 16 + 2576 + 6 = 2598 ≤ 2600 → 10 symbols; 0.9 × 10 = 9 exactly → 36 + 36 = 72 µs
        assertThat(PhyMode.ht(7, 20, true).ppduNs(322)).isEqualTo(72_000);
        // 323 bytes: 2606 → 11 symbols; ⌈9.9⌉ = 10 → 36 + 40 = 76 µs
        assertThat(PhyMode.ht(7, 20, true).ppduNs(323)).isEqualTo(76_000);
    }

    @Test
    void twoEncodersAddSixTailBits() {
        // HT40 MCS 23 (3 streams, 1620 bits, N_ES 2), 1617 bytes: 16 + 12936 + 12 = 12964 / 1620 = 8.0025 → 9
        // symbols; preamble 32 + 4 × 4 HT-LTFs = 48 µs → 48 + 36 = 84 µs (one encoder: 12958 → 8 → 80 µs)
        assertThat(PhyMode.ht(23, 40, false).ppduNs(1617)).isEqualTo(84_000);
        assertThat(PhyMode.ht(23, 40, false).preambleNs()).isEqualTo(48_000);
    }

    @Test
    void vhtPpdus() {
        // VHT80 MCS 9 1 stream, one 1538-byte MPDU in a 1544-byte A-MPDU: 16 + 12352 + 6 = 12374 / 1560 = 7.93 → 8
        // symbols; preamble 36 + 4 = 40 µs. LGI 40 + 32 = 72 µs; SGI ⌈7.2⌉ = 8 → also 72 µs
        assertThat(PhyMode.vht(9, 1, 80, false).ppduNs(1544)).isEqualTo(72_000);
        assertThat(PhyMode.vht(9, 1, 80, true).ppduNs(1544)).isEqualTo(72_000);
        // VHT80 MCS 9 4 streams (N_ES 3), 1048575-byte A-MPDU: 16 + 8388600 + 18 = 8388634 / 6240 = 1344.3 → 1345
        // symbols; preamble 36 + 16 = 52 µs. LGI 52 + 5380 = 5432 µs; SGI ⌈1210.5⌉ = 1211 → 52 + 4844 = 4896 µs
        assertThat(PhyMode.vht(9, 4, 80, false).ppduNs(1_048_575)).isEqualTo(5_432_000);
        assertThat(PhyMode.vht(9, 4, 80, true).ppduNs(1_048_575)).isEqualTo(4_896_000);
        // VHT160 MCS 9 2 streams (N_ES 3), 65535 bytes: 16 + 524280 + 18 = 524314 / 6240 = 84.03 → 85 symbols;
        // preamble 36 + 8 = 44 µs. LGI 44 + 340 = 384 µs; SGI ⌈76.5⌉ = 77 → 44 + 308 = 352 µs
        assertThat(PhyMode.vht(9, 2, 160, false).ppduNs(65535)).isEqualTo(384_000);
        assertThat(PhyMode.vht(9, 2, 160, true).ppduNs(65535)).isEqualTo(352_000);
    }

    @Test
    void preambles() {
        assertThat(PhyMode.legacy(24).preambleNs()).isEqualTo(20_000);
        // HT-mixed: L-STF 8 + L-LTF 8 + L-SIG 4 + HT-SIG 8 + HT-STF 4 + 4 × N_HTLTF (1, 2, 4, 4)
        assertThat(List.of(7, 15, 23, 31)).extracting(mcs -> PhyMode.ht(mcs, 20, false).preambleNs())
                .containsExactly(36_000L, 40_000L, 48_000L, 48_000L);
        // VHT: L-STF 8 + L-LTF 8 + L-SIG 4 + VHT-SIG-A 8 + VHT-STF 4 + 4 × N_VHTLTF + VHT-SIG-B 4
        assertThat(List.of(1, 2, 3, 4)).extracting(nss -> PhyMode.vht(0, nss, 80, false).preambleNs())
                .containsExactly(40_000L, 44_000L, 52_000L, 52_000L);
    }

    // ---- the longest PSDU within a duration: the 4 ms aggregate limit of kernel-spec §5.1

    @Test
    void fourMillisecondPsduLimits() {
        long fourMs = 4_000_000;
        // HT20 MCS 7 LGI: (4000 − 36) / 4 = 991 symbols × 260 = 257660 bits − 22 = 257638 / 8 = 32204 bytes
        // (ath_max_framelen: the same)
        PhyMode mcs7 = PhyMode.ht(7, 20, false);
        assertThat(mcs7.maxPsduBytes(fourMs)).isEqualTo(32204);
        assertThat(mcs7.ppduNs(32204)).isEqualTo(4_000_000); // 257654 bits → 991 symbols
        assertThat(mcs7.ppduNs(32205)).isEqualTo(4_004_000); // 257662 bits → 992 symbols
        // HT20 MCS 7 SGI: 991 periods of 4 µs hold N symbols while ⌈0.9 N⌉ ≤ 991: N ≤ 9910 / 9 → 1101;
        // 1101 × 260 − 22 = 286238 / 8 = 35779 bytes (ath9k: ⌊(5 × 3964 − 4) / 18⌋ = 1100 symbols → 35747)
        assertThat(PhyMode.ht(7, 20, true).maxPsduBytes(fourMs)).isEqualTo(35779);
        assertThat(PhyMode.ht(7, 20, true).ppduNs(35779)).isEqualTo(4_000_000);
        assertThat(PhyMode.ht(7, 20, true).ppduNs(35780)).isEqualTo(4_004_000);
        // HT20 MCS 0: 991 × 26 − 22 = 25744 / 8 = 3218 bytes: two 1544-byte subframes fit, three do not (§9.1's slow
        // station sends 2 × 1500 B aggregates)
        assertThat(PhyMode.ht(0, 20, false).maxPsduBytes(fourMs)).isEqualTo(3218);
        // HT20 MCS 15 LGI: (4000 − 40) / 4 = 990 × 520 − 22 = 514778 / 8 = 64347 bytes (ath9k: the same)
        assertThat(PhyMode.ht(15, 20, false).maxPsduBytes(fourMs)).isEqualTo(64347);
        // HT20 MCS 15 SGI: 990 periods → 1100 symbols × 520 − 22 = 571978 / 8 = 71497 → capped at HT's 65535
        // (ath9k caps at 65532)
        assertThat(PhyMode.ht(15, 20, true).maxPsduBytes(fourMs)).isEqualTo(65535);
        // HT20 MCS 16 (3 streams BPSK, 78 bits): (4000 − 48) / 4 = 988 × 78 − 22 = 77042 / 8 = 9630 bytes
        // (ath9k counts 3 HT-LTFs, not 4: 989 symbols → 9640)
        assertThat(PhyMode.ht(16, 20, false).maxPsduBytes(fourMs)).isEqualTo(9630);
        // VHT80 MCS 9 1 stream: (4000 − 40) / 4 = 990 × 1560 − 22 = 1544378 / 8 = 193047 bytes (VHT allows 4692480)
        assertThat(PhyMode.vht(9, 1, 80, false).maxPsduBytes(fourMs)).isEqualTo(193047);
        // 802.11a 54 Mbit/s: (4000 − 20) / 4 = 995 × 216 − 22 = 214898 / 8 = 26862 → capped at 4095
        assertThat(PhyMode.legacy(54).maxPsduBytes(fourMs)).isEqualTo(4095);
    }

    @Test
    void maxPsduBytesAtTinyDurations() {
        PhyMode mcs7 = PhyMode.ht(7, 20, false);
        assertThat(mcs7.maxPsduBytes(35_999)).isZero();
        assertThat(mcs7.maxPsduBytes(36_000)).isZero(); // the preamble alone
        assertThat(mcs7.maxPsduBytes(40_000)).isEqualTo(29); // one symbol: 260 − 22 = 238 bits → 29 bytes
        assertThat(PhyMode.ht(0, 20, false).maxPsduBytes(40_000)).isZero(); // 26 − 22 = 4 bits
        assertThat(mcs7.maxPsduBytes(-1)).isZero();
    }

    @Test
    void maxPsduBytesIsTheLongestPsduThatFits() {
        List<PhyMode> modes = List.of(PhyMode.legacy(6), PhyMode.legacy(54), PhyMode.ht(0, 20, true),
                PhyMode.ht(13, 40, true), PhyMode.ht(22, 40, false), PhyMode.ht(31, 20, true),
                PhyMode.vht(4, 3, 80, true), PhyMode.vht(9, 4, 160, false), PhyMode.vht(7, 4, 160, true));
        for (PhyMode mode : modes) {
            for (long us = 40; us <= 5484; us += 37) {
                long limit = us * 1000;
                int max = mode.maxPsduBytes(limit);
                if (max > 0) {
                    assertThat(mode.ppduNs(max)).as("%s %d µs", mode, us).isLessThanOrEqualTo(limit);
                }
                if (max < mode.psduLimitBytes()) {
                    assertThat(mode.ppduNs(max + 1)).as("%s %d µs", mode, us).isGreaterThan(limit);
                }
            }
        }
    }

    @Test
    void durationsGrowWithLengthAndShortGiIsNeverSlower() {
        PhyMode lgi = PhyMode.vht(5, 2, 40, false);
        PhyMode sgi = PhyMode.vht(5, 2, 40, true);
        long previous = 0;
        for (int bytes = 0; bytes <= 70_000; bytes += 97) {
            long time = lgi.ppduNs(bytes);
            assertThat(time).isGreaterThanOrEqualTo(previous);
            assertThat(sgi.ppduNs(bytes)).isLessThanOrEqualTo(time);
            assertThat((time - lgi.preambleNs()) % PhyMode.SYMBOL_NS).isZero();
            previous = time;
        }
    }

    // ---- construction

    @Test
    void invalidModesAreRefusedWithTheValidationMessage() {
        assertThatThrownBy(() -> PhyMode.legacy(11)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("6, 9, 12, 18, 24, 36, 48, 54");
        assertThatThrownBy(() -> PhyMode.ht(32, 20, false)).hasMessageContaining("0 to 31");
        assertThatThrownBy(() -> PhyMode.ht(7, 80, false)).hasMessageContaining("20 or 40");
        assertThatThrownBy(() -> PhyMode.vht(10, 1, 80, false)).hasMessageContaining("0 to 9");
        assertThatThrownBy(() -> PhyMode.vht(9, 1, 20, false)).hasMessageContaining("no MCS 9");
        assertThatThrownBy(() -> PhyMode.vht(6, 3, 80, false)).hasMessageContaining("no MCS 6");
        assertThatThrownBy(() -> PhyMode.vht(9, 3, 160, false)).hasMessageContaining("no MCS 9");
        assertThatThrownBy(() -> PhyMode.vht(0, 5, 80, false)).hasMessageContaining("1 to 4");
        assertThatThrownBy(() -> PhyMode.vht(0, 1, 30, false)).hasMessageContaining("20, 40, 80 or 160");
        assertThatThrownBy(() -> PhyMode.ht(0, 20, false).ppduNs(-1)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void ofTakesTheStationsRateAndTheLinksWidthAndGuardInterval() {
        WifiLinkSpec n40 = WifiScenarios.link(PhyStandard.N, 40, true, WifiScenarios.ampdu(true));
        assertThat(PhyMode.of(n40, WifiScenarios.ht("a", 15))).isEqualTo(PhyMode.ht(15, 40, true));

        WifiLinkSpec ac80 = WifiScenarios.link(PhyStandard.AC, 80, false, WifiScenarios.ampdu(true));
        assertThat(PhyMode.of(ac80, WifiScenarios.vht("b", 9, 2))).isEqualTo(PhyMode.vht(9, 2, 80, false));
        assertThat(PhyMode.of(ac80, WifiScenarios.station("c").set("mcs", 9).build()))
                .isEqualTo(PhyMode.vht(9, 1, 80, false));

        WifiLinkSpec a = WifiLinkSpec.SCHEMA.builder().set("standard", PhyStandard.A)
                .set("ampdu", WifiScenarios.ampdu(false)).set("legacyRateMbps", 24).build();
        assertThat(PhyMode.of(a, WifiScenarios.legacy("d", 6.0))).isEqualTo(PhyMode.legacy(6));
        assertThat(PhyMode.of(a, WifiScenarios.legacy("e", null))).isEqualTo(PhyMode.legacy(24));
        assertThatThrownBy(() -> PhyMode.of(n40, WifiScenarios.station("f").build()))
                .hasMessageContaining("no MCS");
    }

    @Test
    void valueSemanticsAndReadableNames() {
        assertThat(PhyMode.ht(15, 40, true)).isEqualTo(PhyMode.ht(15, 40, true))
                .hasSameHashCodeAs(PhyMode.ht(15, 40, true)).isNotEqualTo(PhyMode.ht(15, 40, false));
        assertThat(PhyMode.ht(15, 40, true)).hasToString("HT MCS 15 (2 streams) 40 MHz SGI, 300 Mbit/s");
        assertThat(PhyMode.vht(9, 1, 80, true)).hasToString("VHT MCS 9 (1 stream) 80 MHz SGI, 433.3 Mbit/s");
        assertThat(PhyMode.legacy(54)).hasToString("802.11a 54 Mbit/s");
        assertThat(PhyMode.ht(7, 20, false).mcs()).isEqualTo(7);
        assertThat(PhyMode.legacy(6).mcs()).isEqualTo(-1);
        assertThat(PhyMode.vht(3, 2, 160, false).channelWidthMhz()).isEqualTo(160);
        assertThat(PhyMode.ht(0, 20, false).psduLimitBytes()).isEqualTo(65535);
        assertThat(PhyMode.vht(0, 1, 20, false).psduLimitBytes()).isEqualTo(4_692_480);
        assertThat(PhyMode.legacy(6).psduLimitBytes()).isEqualTo(4095);
    }
}
