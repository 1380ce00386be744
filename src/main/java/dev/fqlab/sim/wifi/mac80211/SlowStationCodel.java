package dev.fqlab.sim.wifi.mac80211;

import dev.fqlab.sim.kernel.KernelProfile;
import dev.fqlab.sim.scenario.CodelSettings;
import dev.fqlab.sim.scenario.DequeueStrategy;
import dev.fqlab.sim.scenario.StackSpec;
import dev.fqlab.sim.wifi.phy.PhyMode;

/**
 * mac80211's per-station CoDel parameters, net/mac80211/sta_info.c {@code sta_update_codel_params} (commit
 * 484a54c2e597; reverted by 4876376988081d in v6.16 and 6.12.35: {@link KernelProfile#slowStationCodel()}).
 *
 * <p>Whenever rate control updates a station's rates ({@code rate_control_set_rates} calls
 * {@code ieee80211_sta_set_expected_throughput} with {@code sta_get_expected_throughput}), a station with
 * {@code thr != 0 && thr < STA_SLOW_THRESHOLD × local->num_sta} gets target 50 ms, interval 300 ms and no ECN for the
 * CoDel of all its TXQs; any other station target 20 ms, interval 100 ms, ECN. {@code num_sta} counts associated
 * stations, busy or not, so every station a scenario names.
 *
 * <p>What fqlab models:
 * <ul>
 *   <li>Only drivers that use mac80211's rate control ask: {@code aggregate} (ath9k, minstrel_ht). The firmware
 *       drivers ({@code per-wake}, {@code drain-all}, {@code budget}, {@code pull}: ath10k style) never call it, so
 *       their stations keep the parameters set at station allocation, the same as a fast station's.</li>
 *   <li>A fast station's parameters are the scenario's {@code txqs} CoDel settings (20 ms / 100 ms / ECN unless
 *       changed), a slow station's 50 ms / 300 ms without ECN, with the scenario's arithmetic.</li>
 *   <li>The expected throughput is {@link #expectedThroughput}: minstrel_ht's figure for the station's one fixed
 *       rate.</li>
 * </ul>
 */
public final class SlowStationCodel {
    /** {@code STA_SLOW_THRESHOLD} (net/mac80211/sta_info.h): 6000, in the expected throughput's kbit/s. */
    public static final long STA_SLOW_THRESHOLD = 6000;
    private SlowStationCodel() {
    }

    /** Whether {@code profile}'s mac80211 sets per-station parameters for the stack's driver. */
    public static boolean applies(KernelProfile profile, StackSpec stack) {
        return profile.slowStationCodel() && stack.txqs().enabled()
                && stack.driver().dequeue() == DequeueStrategy.AGGREGATE;
    }

    /**
     * {@code sta_update_codel_params}: the CoDel parameters of a station whose expected throughput is
     * {@code thrKbps}, with {@code associated} stations, where fast stations get {@code fast}.
     */
    public static CodelSettings parameters(CodelSettings fast, long thrKbps, int associated) {
        if (thrKbps != 0 && thrKbps < STA_SLOW_THRESHOLD * associated) {
            return new CodelSettings(50, 300, false, fast.ceThresholdMs(), fast.arithmetic());
        }
        return fast;
    }

    /**
     * minstrel_ht's expected throughput for a station that always uses one rate
     * (net/mac80211/rc80211_minstrel_ht.c {@code minstrel_ht_get_expected_throughput}): packets of
     * {@code AVG_PKT_SIZE} per second at the max-throughput rate, times the success probability — counted as 0 below
     * 10 % and capped at 90 % ("collision related packet error rate fluctuation") — converted as the kernel does,
     * {@code × AVG_PKT_SIZE × 8 / 1024}, so in units of 1024 bit/s. With a fixed rate the packets per second are
     * the rate's data bits; minstrel's per-PPDU overhead, shared among the measured average A-MPDU length, is left
     * out (about 1 % at 10 subframes). HT20 MCS 0 (6.5 Mbit/s) without losses: 0.9 × 6 500 000 / 1024 = 5712.
     *
     * @param successProbability the per-MPDU delivery probability: 1 − frameErrorRate, or the station's channel's at
     *     time 0 (StationChannel#initialSuccessProbability)
     */
    public static long expectedThroughput(PhyMode phy, double successProbability) {
        if (successProbability < 0.1) {
            return 0;
        }
        double prob = Math.min(successProbability, 0.9);
        // packets/s = rate / (AVG_PKT_SIZE × 8); × AVG_PKT_SIZE × 8 / 1024 leaves rate / 1024
        return (long) Math.floor(prob * phy.dataRateMbps() * 1e6 / 1024);
    }
}
