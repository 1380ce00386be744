package dev.fqlab.sim.result;

/**
 * A station's radio channel over the run (results.md {@code stations[].channel}; only for stations with
 * {@code snrDb} or {@code distanceM}). SNRs are the channel's, before any receive-diversity gain; means are time
 * averages in dB over the whole run.
 *
 * @param snrDb the downlink SNR at time 0
 * @param meanSnrDb the downlink SNR's time average
 * @param uplinkSnrDb the uplink SNR at time 0
 * @param meanUplinkSnrDb the uplink SNR's time average
 * @param mpdus MPDU receptions drawn over the run, both directions (collided PPDUs are not drawn)
 * @param mpduErrors of those, the MPDUs the error model lost
 * @param mpduErrorRate mpduErrors / mpdus (0 without any)
 */
public record StationChannelResult(double snrDb, double meanSnrDb, double uplinkSnrDb, double meanUplinkSnrDb,
                                   long mpdus, long mpduErrors, double mpduErrorRate) {
}
