package dev.fqlab.sim.wifi.channel;

import dev.fqlab.sim.core.RandomStream;
import dev.fqlab.sim.core.Time;
import dev.fqlab.sim.scenario.ChannelSpec;
import dev.fqlab.sim.scenario.SnrStep;
import dev.fqlab.sim.scenario.StationSpec;
import dev.fqlab.sim.scenario.WifiLinkSpec;
import dev.fqlab.sim.wifi.phy.PhyMode;
import java.util.Comparator;
import java.util.List;

/**
 * The channel between the AP and one station, both directions (scenario.md {@code stations[].snrDb},
 * {@code distanceM} and the fields beside them), or its absence: then both directions lose MPDUs at the station's
 * fixed {@code frameErrorRate}.
 *
 * <p><b>Two directions.</b> With {@code snrDb} the downlink has {@code snrDb} and the uplink {@code uplinkSnrDb}
 * (default the same: a reciprocal channel with equal transmit powers and noise figures). With {@code distanceM}
 * both see the same path loss and noise floor ({@link LinkBudget}) and differ by the transmit powers,
 * {@code apTxPowerDbm} down and {@code txPowerDbm} up. Steps and fade move both alike ({@link SnrTrace}). The
 * receive-diversity gain uses the receiver's antennas: the station's {@code antennas} down, the link's
 * {@code apAntennas} (default the station's) up.
 */
public final class StationChannel {
    /** minstrel_ht's AVG_PKT_SIZE (net/mac80211/rc80211_minstrel_ht.h), bytes: the length SlowStationCodel assumes. */
    public static final int AVERAGE_MPDU_BYTES = 1200;

    private final FrameErrors downlink;
    private final FrameErrors uplink;
    private final SnrTrace trace;
    private final double downBaseDb;
    private final double upBaseDb;
    private final double startOffsetDb;

    private StationChannel(FrameErrors downlink, FrameErrors uplink, SnrTrace trace, double downBaseDb,
                           double upBaseDb) {
        this.downlink = downlink;
        this.uplink = uplink;
        this.trace = trace;
        this.downBaseDb = downBaseDb;
        this.upBaseDb = upBaseDb;
        this.startOffsetDb = trace == null ? Double.NaN : trace.offsetDb(0);
    }

    /**
     * @param seed the scenario's seed (the fade draws from its own stream {@code channel.fade.<station>}, so no
     *     other stream shifts)
     */
    public static StationChannel of(WifiLinkSpec link, StationSpec station, long seed) {
        ChannelSpec c = station.channel();
        if (c == null || !c.given()) {
            FrameErrors fixed = new FixedFrameErrors(station.frameErrorRate());
            return new StationChannel(fixed, fixed, null, Double.NaN, Double.NaN);
        }
        double down;
        double up;
        List<SnrStep> steps = c.snrSteps() == null ? List.of() : c.snrSteps();
        if (c.snrDb() != null) {
            down = c.snrDb();
            up = c.uplinkSnrDb() != null ? c.uplinkSnrDb() : down;
        } else {
            int frequency = link.centerFrequencyMhz() != null ? link.centerFrequencyMhz()
                    : WifiLinkSpec.DEFAULT_CENTER_FREQUENCY_MHZ;
            double lossAndNoise = LinkBudget.pathLossDb(c.distanceM(), c.pathLossExponent(), frequency)
                    + LinkBudget.noiseFloorDbm(link.channelWidthMhz(), c.noiseFigureDb());
            down = c.apTxPowerDbm() - lossAndNoise;
            up = c.txPowerDbm() - lossAndNoise;
        }
        SnrTrace trace = trace(steps, down, c, RandomStream.of(seed, "channel.fade." + station.name()));
        int stationAntennas = c.antennas();
        int apAntennas = link.apAntennas() != null ? link.apAntennas() : stationAntennas;
        return new StationChannel(new ChannelFrameErrors(trace, down, stationAntennas),
                new ChannelFrameErrors(trace, up, apAntennas), trace, down, up);
    }

    private static SnrTrace trace(List<SnrStep> steps, double downDb, ChannelSpec c, RandomStream fade) {
        List<SnrStep> ordered = steps.stream().sorted(Comparator.comparingDouble(SnrStep::atS)).toList();
        long[] at = new long[ordered.size()];
        double[] offset = new double[ordered.size()];
        for (int i = 0; i < at.length; i++) {
            at[i] = Time.seconds(ordered.get(i).atS());
            offset[i] = ordered.get(i).snrDb() - downDb;
        }
        double sigma = c.fadeSigmaDb() == null ? 0 : c.fadeSigmaDb();
        long correlationNs = Time.seconds(c.fadeCorrelationS() == null ? 1 : c.fadeCorrelationS());
        return new SnrTrace(at, offset, sigma > 0 ? fade : null, sigma, correlationNs);
    }

    /** Whether the station has a channel (else a fixed frame error rate). */
    public boolean modelled() {
        return trace != null;
    }

    /** The AP's MPDUs to the station. */
    public FrameErrors downlink() {
        return downlink;
    }

    /** The station's MPDUs to the AP. */
    public FrameErrors uplink() {
        return uplink;
    }

    /** The downlink SNR at time 0, dB; NaN without a channel. */
    public double initialDownlinkSnrDb() {
        return downBaseDb + startOffsetDb;
    }

    /** The uplink SNR at time 0, dB; NaN without a channel. */
    public double initialUplinkSnrDb() {
        return upBaseDb + startOffsetDb;
    }

    /** The downlink SNR at {@code nowNs} (not before the last time asked), dB; NaN without a channel. */
    public double downlinkSnrDb(long nowNs) {
        return trace == null ? Double.NaN : downBaseDb + trace.offsetDb(nowNs);
    }

    /** The uplink SNR at {@code nowNs}, dB; NaN without a channel. */
    public double uplinkSnrDb(long nowNs) {
        return trace == null ? Double.NaN : upBaseDb + trace.offsetDb(nowNs);
    }

    /** The time average over [0, endNs] of the downlink SNR in dB (the uplink's is this + up − down). */
    public double meanDownlinkSnrDb(long endNs) {
        return trace == null ? Double.NaN : downBaseDb + trace.meanOffsetDb(endNs);
    }

    public double meanUplinkSnrDb(long endNs) {
        return trace == null ? Double.NaN : upBaseDb + trace.meanOffsetDb(endNs);
    }

    /**
     * The downlink success probability at time 0 of an MPDU of {@link #AVERAGE_MPDU_BYTES} at {@code mode}: what
     * mac80211's slow-station CoDel sees as minstrel's success probability; 1 − frameErrorRate without a channel.
     */
    public double initialSuccessProbability(PhyMode mode) {
        return downlink.successProbability(mode, AVERAGE_MPDU_BYTES, 0);
    }
}
