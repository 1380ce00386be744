package dev.fqlab.sim.scenario;

import static dev.fqlab.sim.scenario.schema.Field.array;
import static dev.fqlab.sim.scenario.schema.Field.integer;
import static dev.fqlab.sim.scenario.schema.Field.number;

import dev.fqlab.sim.scenario.schema.IntRange;
import dev.fqlab.sim.scenario.schema.NumberRange;
import dev.fqlab.sim.scenario.schema.RecordSchema;
import dev.fqlab.sim.scenario.schema.Report;
import dev.fqlab.sim.scenario.schema.Scope;
import dev.fqlab.sim.scenario.schema.When;
import java.util.List;

/**
 * A station's radio channel (scenario.md {@code stations[]}, written flat in the station): a given SNR
 * ({@code snrDb}, with {@code uplinkSnrDb}) or a distance ({@code distanceM}) with ns-3's log-distance path loss and
 * noise floor, optional SNR steps and a slow fade. Absent both, the station has no channel: its MPDUs are lost with
 * the fixed {@code frameErrorRate} and every field here is absent. The defaults are ns-3's (sim.wifi.channel
 * {@code LinkBudget} names each).
 */
public record ChannelSpec(Double snrDb, Double distanceM, Double uplinkSnrDb, List<SnrStep> snrSteps,
                          Double fadeSigmaDb, Double fadeCorrelationS, Double apTxPowerDbm, Double txPowerDbm,
                          Double noiseFigureDb, Double pathLossExponent, Integer antennas) {

    static final NumberRange SNR_RANGE = NumberRange.closed(-20, 100);
    /** ns-3 WifiPhy::TxPowerStart/TxPowerEnd (40 mW), dBm. */
    static final double TX_POWER_DBM = 16.0206;
    /** ns-3 WifiPhy::RxNoiseFigure, dB. */
    static final double NOISE_FIGURE_DB = 7;
    /** ns-3 LogDistancePropagationLossModel::Exponent. */
    static final double EXPONENT = 3;

    public static final RecordSchema<ChannelSpec> SCHEMA = RecordSchema.of(ChannelSpec.class, "Channel",
            "A station's radio channel, flat in the station: snrDb or distanceM turn it on.",
            number("snrDb").optional().range(SNR_RANGE).unit("dB")
                    .help("The downlink SNR at the station: received power over the noise of the channel width, as "
                            + "ns-3's InterferenceHelper computes it (before any receive-diversity gain). With it (or "
                            + "distanceM) MPDU losses come from ns-3's NIST error model instead of frameErrorRate."),
            number("distanceM").optional().when(ChannelSpec::distanceApplies, "stations without snrDb")
                    .range(NumberRange.openClosed(0, 100_000)).unit("m")
                    .help("Distance to the AP: the SNR follows from ns-3's log-distance path loss (reference loss "
                            + "Friis at 1 m and the link's centerFrequencyMhz, pathLossExponent), the transmit powers "
                            + "and the noise floor −174 dBm/Hz + 10·log10(channel width) + noiseFigureDb."),
            number("uplinkSnrDb").when(ChannelSpec::withSnr, "stations with snrDb")
                    .defaultValue(s -> s.number("snrDb"), "snrDb (a reciprocal channel, equal transmit powers)")
                    .range(SNR_RANGE).unit("dB").help("The SNR of the station's frames at the AP."),
            array("snrSteps", SnrStep.SCHEMA, "step").optional().when(ChannelSpec::withSnr, "stations with snrDb")
                    .help("Steps of the downlink SNR over time, applied in order of atS (a later entry wins at the "
                            + "same time); the uplink SNR moves by the same amount."),
            number("fadeSigmaDb").when(ChannelSpec::withChannel, "stations with snrDb or distanceM")
                    .defaultValue(0).range(NumberRange.closed(0, 30)).unit("dB")
                    .help("Slow fade: the standard deviation of log-normal shadowing added to both directions' SNR, "
                            + "a Gauss-Markov process with an exponential autocorrelation (Gudmundson 1991) held for "
                            + "10 ms at a time; 0 = no fade."),
            number("fadeCorrelationS").when(ChannelSpec::withChannel, "stations with snrDb or distanceM")
                    .defaultValue(1).range(NumberRange.closed(0.01, 3600)).unit("s")
                    .help("The fade's correlation time: its autocorrelation falls to 1/e after this long."),
            number("apTxPowerDbm").when(ChannelSpec::withDistance, "stations with distanceM")
                    .defaultValue(TX_POWER_DBM).range(NumberRange.closed(-10, 40)).unit("dBm")
                    .help("The AP's transmit power toward the station (default ns-3's WifiPhy TxPowerStart/End, "
                            + "40 mW)."),
            number("txPowerDbm").when(ChannelSpec::withDistance, "stations with distanceM")
                    .defaultValue(TX_POWER_DBM).range(NumberRange.closed(-10, 40)).unit("dBm")
                    .help("The station's transmit power (default ns-3's WifiPhy TxPowerStart/End, 40 mW)."),
            number("noiseFigureDb").when(ChannelSpec::withDistance, "stations with distanceM")
                    .defaultValue(NOISE_FIGURE_DB).range(NumberRange.closed(0, 30)).unit("dB")
                    .help("Receiver noise figure of the AP and the station (default ns-3's WifiPhy RxNoiseFigure)."),
            number("pathLossExponent").when(ChannelSpec::withDistance, "stations with distanceM")
                    .defaultValue(EXPONENT).range(NumberRange.closed(1, 8))
                    .help("The log-distance exponent n (default ns-3's LogDistancePropagationLossModel, 3)."),
            integer("antennas").when(ChannelSpec::withChannel, "stations with snrDb or distanceM")
                    .defaultValue(ChannelSpec::defaultAntennas, "spatialStreams (802.11a: 1)")
                    .range(IntRange.of(1, 4)).check(ChannelSpec::enoughAntennas)
                    .help("The station's receive antennas: ns-3 adds the diversity gain antennas / streams to the "
                            + "SNR of a PPDU with fewer spatial streams (AWGN)."))
            .rule(ChannelSpec::noFixedRateWithChannel);

    /** Whether the station has a channel (snrDb or distanceM). */
    public boolean given() {
        return snrDb != null || distanceM != null;
    }

    /** No channel: all absent. */
    public static ChannelSpec none() {
        return new ChannelSpec(null, null, null, null, null, null, null, null, null, null, null);
    }

    private static When distanceApplies(Scope station) {
        return station.has("snrDb") ? When.rejected("must be absent with snrDb: give snrDb or distanceM, not both")
                : When.APPLIES;
    }

    private static When withSnr(Scope station) {
        return station.has("snrDb") ? When.APPLIES
                : When.rejected("applies with snrDb only (with distanceM the SNRs follow from the distance)");
    }

    private static When withDistance(Scope station) {
        return station.has("distanceM") && !station.has("snrDb") ? When.APPLIES
                : When.rejected("applies with distanceM only");
    }

    private static When withChannel(Scope station) {
        return station.has("snrDb") || station.has("distanceM") ? When.APPLIES
                : When.rejected("applies to stations with a channel only (give snrDb or distanceM)");
    }

    private static Object defaultAntennas(Scope station) {
        Long streams = station.integer("spatialStreams");
        return WifiLinkSpec.standard(station) == PhyStandard.A ? Long.valueOf(1) : streams;
    }

    private static String enoughAntennas(Scope station, Long antennas) {
        Long streams = station.integer("spatialStreams");
        return streams != null && antennas < streams
                ? "must be ≥ spatialStreams (" + streams + "): a receiver needs an antenna per stream (got "
                        + antennas + ")" : null;
    }

    private static void noFixedRateWithChannel(Scope station, Report report) {
        Double fer = station.number("frameErrorRate");
        if ((station.has("snrDb") || station.has("distanceM")) && fer != null && fer > 0) {
            report.fail("frameErrorRate", "must be 0 with snrDb or distanceM: the channel's error model decides "
                    + "the losses (got " + fer + ")");
        }
    }
}
