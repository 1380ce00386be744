package dev.fqlab.sim.result;

/**
 * One PHY rate's use toward or from a station over the whole run (results.md {@code stations[].rates}, stations with
 * {@code rateControl} {@code minstrel_ht}): {@code direction} "down" (the AP's rate control) or "up" (the station's),
 * the rate as rc_stats names it, MPDU attempts (MPDUs × tries: {@code ampdu_len} per attempt), MPDUs acknowledged at
 * this rate, and the air time of its attempts in nanoseconds (protection, PPDU and response).
 */
public record RateResult(String direction, String rate, long attempts, long successes, long airtimeNs) {
}
