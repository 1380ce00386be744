package dev.fqlab.sim.wifi.channel;

import dev.fqlab.sim.wifi.channel.NistErrorRateModel.ModulationCoding;
import dev.fqlab.sim.wifi.phy.PhyMode;
import java.util.Arrays;

/**
 * One direction of a station's channel as the MAC sees it: the success probability of an MPDU from the SNR at the
 * time, the mode and the MPDU's length through {@link NistErrorRateModel}, with the MIMO treatment of ns-3's
 * {@code InterferenceHelper} (src/wifi/model/interference-helper.cc, ns-3.48) for an AWGN error model:
 * <ul>
 *   <li>{@code CalculateSnr}: the SNR is total received power over the noise of the whole channel width (not split
 *       per stream), times the receive-diversity gain N_rx / N_ss when the receiver has more antennas than the
 *       PPDU has spatial streams (1 otherwise);</li>
 *   <li>{@code CalculatePayloadChunkSuccessRate}: the chunk's bits are divided by N_ss, "to achieve same chunk error
 *       rate as SISO for AWGN".</li>
 * </ul>
 * The chunk is the MPDU's own 8·L bits (ns-3 takes rate × duration of the MPDU's part of the PSDU, which adds the
 * SERVICE, tail and padding bits and, in an A-MPDU, the delimiter: at most a few percent more bits, well under
 * 0.1 dB). Not modelled: the PHY header's own success (L-SIG, HT-SIG at BPSK ½: certain wherever MCS 0 data gets
 * through) and ns-3's preamble-detection threshold; interference (collisions are the medium's business).
 *
 * <p>Cost: ln of a bit's success is cached per modulation, code rate and stream count and recomputed only when the
 * SNR changes ({@link SnrTrace#version()}); the last length's probability is cached too, so a run of equal-length
 * MPDUs costs no exp at all.
 */
public final class ChannelFrameErrors implements FrameErrors {
    private static final int MAX_STREAMS = 8;
    private static final int KEYS = ModulationCoding.values().length * MAX_STREAMS;

    private final SnrTrace trace;
    private final double baseSnrDb;
    private final int rxAntennas;
    private long version = -1;
    private double snrLinear;
    private final long[] entryVersion = new long[KEYS];
    private final double[] logSuccessPerBit = new double[KEYS];
    private final int[] lastBytes = new int[KEYS];
    private final double[] lastSuccess = new double[KEYS];

    /**
     * @param trace the channel's changes over time (shared by both directions)
     * @param baseSnrDb this direction's SNR before the trace's offset, dB
     * @param rxAntennas the receiver's antennas (ns-3 {@code WifiPhy::Antennas})
     */
    public ChannelFrameErrors(SnrTrace trace, double baseSnrDb, int rxAntennas) {
        this.trace = trace;
        this.baseSnrDb = baseSnrDb;
        this.rxAntennas = rxAntennas;
        Arrays.fill(entryVersion, -1);
    }

    /** This direction's SNR at {@code nowNs} before any diversity gain, dB. */
    public double snrDb(long nowNs) {
        return baseSnrDb + trace.offsetDb(nowNs);
    }

    @Override
    public double successProbability(PhyMode mode, int mpduBytes, long nowNs) {
        double offset = trace.offsetDb(nowNs);
        if (trace.version() != version) {
            version = trace.version();
            snrLinear = Math.pow(10, (baseSnrDb + offset) / 10);
        }
        ModulationCoding mc = ModulationCoding.of(mode);
        int streams = mode.spatialStreams();
        int key = mc.ordinal() * MAX_STREAMS + streams - 1;
        if (entryVersion[key] != version) {
            entryVersion[key] = version;
            double gain = rxAntennas > streams ? (double) rxAntennas / streams : 1;
            logSuccessPerBit[key] = NistErrorRateModel.logSuccessPerBit(mc, snrLinear * gain);
            lastBytes[key] = -1;
        }
        if (lastBytes[key] != mpduBytes) {
            lastBytes[key] = mpduBytes;
            lastSuccess[key] = Math.exp(8.0 * mpduBytes / streams * logSuccessPerBit[key]);
        }
        return lastSuccess[key];
    }
}
