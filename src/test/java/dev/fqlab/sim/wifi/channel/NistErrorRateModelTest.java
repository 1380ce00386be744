package dev.fqlab.sim.wifi.channel;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.fqlab.sim.wifi.channel.NistErrorRateModel.ModulationCoding;
import dev.fqlab.sim.wifi.phy.PhyMode;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.DoubleRange;
import net.jqwik.api.constraints.IntRange;

/**
 * fqlab's NistErrorRateModel against ns-3's numbers:
 * <ul>
 *   <li>ns-3's own test vectors: src/wifi/test/wifi-error-rate-models-test.cc (ns-3-dev ns-3.48-85-g140646449),
 *       {@code WifiErrorRateModelsTestCaseNist::DoRun} (lines 179–385: the eight 802.11a rates at 2000 bytes, with
 *       ns-3's tolerances) and {@code WifiErrorRateModelsTestCaseMimo::DoRun} (lines 420–480: HT MCS 0 at 4 dB for
 *       2 ms, chunk success 0.905685; 2x2:2 the same as SISO; 1x2:1 better);</li>
 *   <li>the acceptance curves: the SNR at which PER = 10 %, 50 %, 90 % for HT MCS 0, 7 and 15 at 1500 bytes, printed
 *       by ns-3's nist-error-rate-model.cc itself, compiled unmodified with the stub headers of src/test/ns3-nist
 *       ({@code run.sh}), with InterferenceHelper's rule of nbits / N_ss for MCS 15 (6000 bits per stream);</li>
 *   <li>erfc against Abramowitz and Stegun, Table 7.1 and 7.1.23's asymptotic values.</li>
 * </ul>
 */
class NistErrorRateModelTest {

    private static double success(double rateMbps, double snrDb, int bytes) {
        ModulationCoding mc = ModulationCoding.of(PhyMode.legacy(rateMbps));
        return NistErrorRateModel.chunkSuccessRate(mc, Math.pow(10, snrDb / 10), 8.0 * bytes);
    }

    @Example
    void erfcMatchesPublishedValues() {
        // A&S Table 7.1 (erf to 10+ digits) and well-known erfc values
        assertThat(NistErrorRateModel.erfc(0)).isCloseTo(1, within(1e-15));
        assertThat(NistErrorRateModel.erfc(0.5)).isCloseTo(0.4795001221869535, within(1e-14));
        assertThat(NistErrorRateModel.erfc(1)).isCloseTo(0.15729920705028513, within(1e-14));
        assertThat(NistErrorRateModel.erfc(2)).isCloseTo(0.004677734981047266, within(1e-15));
        assertThat(NistErrorRateModel.erfc(2.9999)).isCloseTo(2.2101e-5, within(1e-8));
        assertThat(NistErrorRateModel.erfc(3) / 2.209049699858544e-5).isCloseTo(1, within(1e-12));
        assertThat(NistErrorRateModel.erfc(5) / 1.5374597944280349e-12).isCloseTo(1, within(1e-12));
        assertThat(NistErrorRateModel.erfc(-1)).isCloseTo(2 - 0.15729920705028513, within(1e-14));
        assertThat(NistErrorRateModel.erfc(30)).isZero(); // e^-900 underflows: ns-3 then reports success 1
    }

    /** ns-3's WifiErrorRateModelsTestCaseNist, every assertion: {rate Mbit/s, SNR dB, success, tolerance}. */
    private static final double[][] NS3_NIST_VECTORS = {
        {6, 2.5, 2.04e-10, 1e-10}, {6, 3, 0.020, 0.001}, {6, 4, 0.885, 0.001}, {6, 5, 0.997, 0.001},
        {9, 6, 0.097, 0.001}, {9, 7, 0.918, 0.001}, {9, 8, 0.998, 0.001}, {9, 9, 0.999, 0.001},
        {12, 6, 0.0174, 0.001}, {12, 7, 0.881, 0.001}, {12, 8, 0.997, 0.001}, {12, 9, 0.999, 0.001},
        {18, 8.5, 2.85e-6, 1e-6}, {18, 9.5, 0.623, 0.001}, {18, 10.5, 0.985, 0.001}, {18, 11.5, 0.999, 0.001},
        {24, 12, 2.22e-7, 1e-7}, {24, 13, 0.495, 0.001}, {24, 14, 0.974, 0.001}, {24, 15, 0.999, 0.001},
        {36, 15.5, 0.012, 0.001}, {36, 16.5, 0.818, 0.001}, {36, 17.5, 0.993, 0.001}, {36, 18.5, 0.999, 0.001},
        {48, 20, 1.3e-4, 1e-4}, {48, 21, 0.649, 0.001}, {48, 22, 0.983, 0.001}, {48, 23, 0.999, 0.001},
        {54, 21, 5.44e-8, 1e-8}, {54, 22, 0.410, 0.001}, {54, 23, 0.958, 0.001}, {54, 24, 0.999, 0.001},
    };

    @Example
    void ns3NistTestVectorsAt2000Bytes() {
        for (double[] v : NS3_NIST_VECTORS) {
            assertThat(success(v[0], v[1], 2000)).as("%s Mbit/s at %s dB", v[0], v[1]).isCloseTo(v[2], within(v[3]));
        }
    }

    @Example
    void ns3MimoTestVectors() {
        // 2 ms of HT MCS 0 (6.5 Mbit/s) = 13000 bits = 1625 bytes; of MCS 8 (13 Mbit/s) = 3250 bytes on 2 streams
        ChannelFrameErrors siso = new ChannelFrameErrors(SnrTrace.constant(), 4.0, 1);
        double sisoSuccess = siso.successProbability(PhyMode.ht(0, 20, false), 1625, 0);
        assertThat(sisoSuccess).isCloseTo(0.905685, within(1e-6));
        ChannelFrameErrors twoByTwo = new ChannelFrameErrors(SnrTrace.constant(), 4.0, 2);
        assertThat(twoByTwo.successProbability(PhyMode.ht(8, 20, false), 3250, 0)).isCloseTo(0.905685, within(1e-6));
        // 1x2:1: +3 dB of receive diversity (ns-3: 10·log10(2/1)), so a better chunk success
        double diversity = twoByTwo.successProbability(PhyMode.ht(0, 20, false), 1625, 0);
        assertThat(diversity).isGreaterThan(sisoSuccess);
        ChannelFrameErrors plus3Db = new ChannelFrameErrors(SnrTrace.constant(), 4.0 + 10 * Math.log10(2), 1);
        assertThat(diversity).isCloseTo(plus3Db.successProbability(PhyMode.ht(0, 20, false), 1625, 0), within(1e-12));
    }

    /** {HT MCS, SNR at PER 10 %, 50 %, 90 %} from ns-3's compiled model (src/test/ns3-nist/run.sh), 1500 bytes. */
    private static final double[][] NS3_CURVES = {
        {0, 3.9606, 3.4222, 3.0707},
        {7, 23.7859, 23.1511, 22.7375},
        {15, 23.5565, 22.9119, 22.5026},
    };

    @Example
    void perCurvesWithinOneDbOfNs3() {
        double[] pers = {0.1, 0.5, 0.9};
        for (double[] curve : NS3_CURVES) {
            int mcs = (int) curve[0];
            PhyMode mode = PhyMode.ht(mcs, 20, false);
            for (int i = 0; i < pers.length; i++) {
                double ours = snrAtPer(mode, pers[i]);
                assertThat(ours).as("MCS %d PER %s", mcs, pers[i]).isCloseTo(curve[i + 1], within(1.0));
                // the same formulas: far closer than the acceptance's 1 dB
                assertThat(ours).as("MCS %d PER %s", mcs, pers[i]).isCloseTo(curve[i + 1], within(0.01));
            }
        }
    }

    /** Bisection on fqlab's model: the receiver has one antenna per stream (no diversity gain). */
    private static double snrAtPer(PhyMode mode, double per) {
        double lo = -10;
        double hi = 60;
        for (int i = 0; i < 60; i++) {
            double mid = (lo + hi) / 2;
            ChannelFrameErrors errors = new ChannelFrameErrors(SnrTrace.constant(), mid, mode.spatialStreams());
            if (1 - errors.successProbability(mode, 1500, 0) > per) {
                lo = mid;
            } else {
                hi = mid;
            }
        }
        return (lo + hi) / 2;
    }

    @Property(tries = 200)
    void successNeverFallsWithSnrNorRisesWithLength(@ForAll @IntRange(min = 0, max = 31) int mcs,
                                                    @ForAll @DoubleRange(min = -5, max = 40) double snrDb,
                                                    @ForAll @IntRange(min = 14, max = 7000) int bytes) {
        PhyMode mode = PhyMode.ht(mcs, 20, false);
        double here = new ChannelFrameErrors(SnrTrace.constant(), snrDb, 4).successProbability(mode, bytes, 0);
        double better = new ChannelFrameErrors(SnrTrace.constant(), snrDb + 0.5, 4).successProbability(mode, bytes, 0);
        double longer = new ChannelFrameErrors(SnrTrace.constant(), snrDb, 4).successProbability(mode, bytes + 100, 0);
        assertThat(here).isBetween(0.0, 1.0);
        assertThat(better).isGreaterThanOrEqualTo(here);
        assertThat(longer).isLessThanOrEqualTo(here);
    }

    @Property(tries = 100)
    void theCacheGivesWhatAFreshComputationGives(@ForAll @IntRange(min = 0, max = 15) int mcs,
                                                 @ForAll @DoubleRange(min = 0, max = 30) double snrDb,
                                                 @ForAll @IntRange(min = 100, max = 4000) int bytes) {
        ChannelFrameErrors cached = new ChannelFrameErrors(SnrTrace.constant(), snrDb, 2);
        PhyMode mode = PhyMode.ht(mcs, 20, false);
        cached.successProbability(PhyMode.ht(7, 20, false), 1500, 0);
        cached.successProbability(mode, bytes + 1, 0);
        double again = cached.successProbability(mode, bytes, 0);
        double fresh = new ChannelFrameErrors(SnrTrace.constant(), snrDb, 2).successProbability(mode, bytes, 0);
        assertThat(again).isEqualTo(fresh);
    }
}
