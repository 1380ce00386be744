package dev.fqlab.sim.wifi.channel;

import dev.fqlab.sim.wifi.phy.PhyMode;

/**
 * ns-3's NistErrorRateModel (src/wifi/model/nist-error-rate-model.cc, ns-3-dev ns-3.48-85-g140646449; Pei and
 * Henderson, "Validation of OFDM error rate model in ns-3", Boeing 2010): the chance that a chunk of bits sent with
 * BCC at one modulation and code rate arrives without error, in AWGN.
 *
 * <ol>
 *   <li>Uncoded bit error rate of the constellation at SNR {@code γ} (linear): BPSK ½·erfc(√γ); QPSK ½·erfc(√(γ/2));
 *       M-QAM (16, 64, 256) (√M − 1)/(√M·log2√M) · erfc(√(γ / (2(M − 1)/3))) ({@code GetBpskBer},
 *       {@code GetQpskBer}, {@code GetQamBer}).</li>
 *   <li>Coded error probability per bit, the union bound of the punctured K = 7 convolutional code with the
 *       Bhattacharyya parameter D = √(4p(1 − p)) ({@code CalculatePe}): rate ½ ½·Σ c_d D^d over d = 10, 12 … 26 with
 *       the distance spectrum 36, 211, 1404, 11633, 77433, 502690, 3322763, 21292910, 134365911; rate 2/3 ¼·Σ over
 *       d = 6 … 15 (3, 70, 285, 1276, 6160, 27128, 117019, 498860, 2103891, 8784123); rate ¾ ⅙·Σ over d = 5 … 14
 *       (42, 201, 1492, 10469, 62935, 379644, 2253373, 13073811, 75152755, 428005675); rate 5/6 1/10·Σ over
 *       d = 4 … 13 (92, 528, 8694, 79453, 792114, 7375573, 67884974, 610875423, 5427275376, 47664215639; Haccoun and
 *       Bégin 1989, Table V). The factor is 1/(2b) with b the code rate's numerator (R = b / (b + 1)).</li>
 *   <li>Chunk success rate: (1 − min(Pe, 1))^nbits, 1 when the uncoded BER is 0 ({@code GetFec*Ber}).</li>
 * </ol>
 *
 * <p>ns-3 gives the 256-QAM rates (VHT MCS 8 and 9) the same formulas; fqlab does too. BCC only: ns-3 models LDPC
 * with its TableBasedErrorRateModel, which fqlab does not implement, and fqlab's stations have no LDPC setting.
 */
public final class NistErrorRateModel {

    private static final double SQRT_PI = Math.sqrt(Math.PI);

    private NistErrorRateModel() {
    }

    /**
     * The modulation and code rates of the 802.11 OFDM PHYs (802.11-2016 Tables 17-4, 19-27 ff., 21-30 ff.):
     * constellation size M and the code rate's numerator b (R = b / (b + 1)).
     */
    public enum ModulationCoding {
        BPSK_1_2(2, 1), BPSK_3_4(2, 3), QPSK_1_2(4, 1), QPSK_3_4(4, 3), QAM16_1_2(16, 1), QAM16_3_4(16, 3),
        QAM64_2_3(64, 2), QAM64_3_4(64, 3), QAM64_5_6(64, 5), QAM256_3_4(256, 3), QAM256_5_6(256, 5);

        /** MCS 0–9 (HT: MCS % 8). */
        private static final ModulationCoding[] BY_MCS = {BPSK_1_2, QPSK_1_2, QPSK_3_4, QAM16_1_2, QAM16_3_4,
            QAM64_2_3, QAM64_3_4, QAM64_5_6, QAM256_3_4, QAM256_5_6};
        /** 802.11a 6, 9, 12, 18, 24, 36, 48, 54 Mbit/s (Table 17-4). */
        private static final ModulationCoding[] BY_LEGACY = {BPSK_1_2, BPSK_3_4, QPSK_1_2, QPSK_3_4, QAM16_1_2,
            QAM16_3_4, QAM64_2_3, QAM64_3_4};
        private static final double[] LEGACY_MBPS = {6, 9, 12, 18, 24, 36, 48, 54};

        final int constellation;
        final int b;

        ModulationCoding(int constellation, int b) {
            this.constellation = constellation;
            this.b = b;
        }

        public int constellation() {
            return constellation;
        }

        /** The code rate's numerator b: R = b / (b + 1). */
        public int codeRateNumerator() {
            return b;
        }

        public static ModulationCoding of(PhyMode mode) {
            return switch (mode.format()) {
                case HT -> BY_MCS[mode.mcs() % 8];
                case VHT -> BY_MCS[mode.mcs()];
                case NON_HT -> BY_LEGACY[legacyIndex(mode.dataRateMbps())];
            };
        }

        private static int legacyIndex(double rateMbps) {
            for (int i = 0; i < LEGACY_MBPS.length; i++) {
                if (LEGACY_MBPS[i] == rateMbps) {
                    return i;
                }
            }
            throw new IllegalArgumentException("not an 802.11a rate: " + rateMbps);
        }
    }

    /** Step 1: the uncoded bit error rate at linear SNR {@code snr}. */
    public static double uncodedBer(ModulationCoding mc, double snr) {
        return switch (mc.constellation) {
            case 2 -> 0.5 * erfc(Math.sqrt(snr));
            case 4 -> 0.5 * erfc(Math.sqrt(snr / 2.0));
            default -> {
                int m = mc.constellation;
                double z = Math.sqrt(snr / (2.0 * (m - 1) / 3)); // (2(M − 1))/3 is whole for M = 16, 64, 256
                int bitsPerSymbol = (int) Math.round(Math.sqrt(m)); // ns-3's name for √M
                yield (bitsPerSymbol - 1) / (bitsPerSymbol * log2(bitsPerSymbol)) * erfc(z);
            }
        };
    }

    /** Step 2: {@code CalculatePe}, the coded bit error probability for uncoded BER {@code p}. */
    public static double codedErrorProbability(double p, int b) {
        double d = Math.sqrt(4.0 * p * (1.0 - p));
        return switch (b) {
            case 1 -> 0.5 * series(d, 10, 2, 36.0, 211.0, 1404.0, 11633.0, 77433.0, 502690.0, 3322763.0,
                    21292910.0, 134365911.0);
            case 2 -> 1.0 / (2.0 * b) * series(d, 6, 1, 3.0, 70.0, 285.0, 1276.0, 6160.0, 27128.0, 117019.0,
                    498860.0, 2103891.0, 8784123.0);
            case 3 -> 1.0 / (2.0 * b) * series(d, 5, 1, 42.0, 201.0, 1492.0, 10469.0, 62935.0, 379644.0,
                    2253373.0, 13073811.0, 75152755.0, 428005675.0);
            case 5 -> 1.0 / (2.0 * b) * series(d, 4, 1, 92.0, 528.0, 8694.0, 79453.0, 792114.0, 7375573.0,
                    67884974.0, 610875423.0, 5427275376.0, 47664215639.0);
            default -> throw new IllegalArgumentException("code rate b = " + b);
        };
    }

    /** Σ c_i · d^(first + i·step). */
    private static double series(double d, int first, int step, double... coefficients) {
        double sum = 0;
        for (int i = 0; i < coefficients.length; i++) {
            sum += coefficients[i] * Math.pow(d, first + i * step);
        }
        return sum;
    }

    /**
     * ln of one bit's success, ln(1 − min(Pe, 1)); 0 when the uncoded BER is 0 (ns-3 then returns success 1).
     * A chunk of n bits succeeds with exp(n × this): what fqlab caches per SNR and mode.
     */
    public static double logSuccessPerBit(ModulationCoding mc, double snr) {
        double ber = uncodedBer(mc, snr);
        if (ber == 0.0) {
            return 0.0;
        }
        double pe = Math.min(codedErrorProbability(ber, mc.b), 1.0);
        return Math.log1p(-pe);
    }

    /** Step 3: ns-3's {@code GetChunkSuccessRate} for {@code nbits} bits at linear SNR {@code snr}. */
    public static double chunkSuccessRate(ModulationCoding mc, double snr, double nbits) {
        return Math.exp(nbits * logSuccessPerBit(mc, snr));
    }

    private static double log2(double x) {
        return Math.log(x) / Math.log(2);
    }

    /**
     * The complementary error function (Java has none; ns-3 uses the C library's). For x below 3 through
     * erf(x) = (2/√π)·e^(−x²)·Σ 2ⁿx^(2n+1)/(1·3·…·(2n+1)) (Abramowitz and Stegun 7.1.6: all terms positive, no
     * cancellation), above by the continued fraction erfc(x) = (e^(−x²)/√π) · 1/(x + ½/(x + 1/(x + (3/2)/(x + …))))
     * (A&amp;S 7.1.14) evaluated from 120 levels deep; both to about 1e-15 relative here.
     */
    public static double erfc(double x) {
        if (x < 0) {
            return 2 - erfc(-x);
        }
        if (x < 3) {
            double term = x;
            double sum = x;
            double x2 = x * x;
            for (int n = 1; n < 200 && term > sum * 1e-17; n++) {
                term *= 2 * x2 / (2 * n + 1);
                sum += term;
            }
            return 1 - 2 / SQRT_PI * Math.exp(-x2) * sum;
        }
        double fraction = x;
        for (int n = 120; n >= 1; n--) {
            fraction = x + (n / 2.0) / fraction;
        }
        return Math.exp(-x * x) / SQRT_PI / fraction;
    }
}
