package dev.fqlab.sim.wifi.rc;

import dev.fqlab.sim.wifi.phy.PhyMode;

/**
 * A transmitter's rate control toward one peer, the shape of mac80211's {@code rate_control_ops}: {@code get_rate}
 * and the station's rate table give each PPDU its {@link RetryChain}; {@code tx_status} brings back, once the
 * hardware is done, how many MPDUs the PPDU held ({@code ampdu_len}), how many the peer acknowledged
 * ({@code ampdu_ack_len}) and the tries spent per series (in the chain). Nothing else reaches it.
 */
public interface RateControl {

    /** Fills {@code chain} (cleared first) for the next PPDU; the PPDU may still turn out empty. */
    void fillChain(RetryChain chain, long nowNs);

    /**
     * The PPDU filled by the last {@link #fillChain} goes on the air (it got at least one MPDU): what
     * {@code get_rate} does per frame that is sent (the sampling timer, the sample-rate queues).
     */
    void sent(RetryChain chain, long nowNs);

    /**
     * The hardware is done with the PPDU: {@code ieee80211_tx_status} with {@code ampdu_len} MPDUs of which the peer
     * acknowledged {@code ampduAckLen} (0 when no BlockAck/Ack came at any series).
     */
    void txStatus(RetryChain chain, int ampduLen, int ampduAckLen, long nowNs);

    /** The rate the current rate table starts with (mac80211's expected-airtime estimate uses it). */
    PhyMode primaryMode();

    /** How many rate indices {@link RetryChain#rate} may use (for per-rate counters). */
    int rateSlots();

    /** The rate at index {@code rate}, or null when the peer does not support it. */
    PhyMode mode(int rate);

    /** A short name of the rate at index {@code rate}, as rc_stats names it. */
    String rateName(int rate);

    /** The rate control's debugfs {@code rc_stats} text, or null when it has none (fixed rate). */
    default String rcStats() {
        return null;
    }
}
