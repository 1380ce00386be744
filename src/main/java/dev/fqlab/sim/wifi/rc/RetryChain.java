package dev.fqlab.sim.wifi.rc;

import dev.fqlab.sim.wifi.phy.PhyMode;

/**
 * One PPDU's multi-rate retry chain and what became of it: up to four series of {rate, tries, RTS/CTS}, as mac80211
 * hands them to the driver ({@code ieee80211_tx_info.control.rates[]}, {@code IEEE80211_TX_MAX_RATES} = 4, ath9k's
 * four rate series), whether the PPDU is a rate-control probe ({@code IEEE80211_TX_CTL_RATE_CTRL_PROBE}), and, as
 * the hardware works through it, the tries spent per series ({@code info->status.rates[i].count}). Owned by its
 * PPDU and reused: no allocation per PPDU.
 */
public final class RetryChain {
    /** {@code IEEE80211_TX_MAX_RATES}: ath9k's hardware has four rate series. */
    public static final int MAX_SERIES = 4;

    private final PhyMode[] modes = new PhyMode[MAX_SERIES];
    private final int[] rates = new int[MAX_SERIES];
    private final int[] tries = new int[MAX_SERIES];
    private final boolean[] rts = new boolean[MAX_SERIES];
    private final int[] used = new int[MAX_SERIES];
    private int series;
    private boolean probe;
    /** The series the hardware is on. */
    private int at;

    /** Empties the chain (before rate control fills it). */
    public void clear() {
        series = 0;
        probe = false;
        at = 0;
        for (int i = 0; i < MAX_SERIES; i++) {
            modes[i] = null;
            used[i] = 0;
        }
    }

    /**
     * Appends a series.
     *
     * @param rate the rate control's own index of the rate (for its statistics and the per-rate results)
     * @param tries how many times the hardware sends at this rate before it moves on ({@code count})
     * @param useRts whether this series is protected by RTS/CTS ({@code IEEE80211_TX_RC_USE_RTS_CTS})
     */
    public void add(int rate, PhyMode mode, int tries, boolean useRts) {
        if (series == MAX_SERIES) {
            throw new IllegalStateException("a retry chain has at most " + MAX_SERIES + " series");
        }
        if (tries < 1) {
            throw new IllegalArgumentException("tries " + tries);
        }
        modes[series] = mode;
        rates[series] = rate;
        this.tries[series] = tries;
        rts[series] = useRts;
        series++;
    }

    /** Marks the PPDU as a rate-control probe: it goes alone, not aggregated (ath9k {@code ath_lookup_rate}). */
    public void probe(boolean probe) {
        this.probe = probe;
    }

    public boolean probe() {
        return probe;
    }

    public int series() {
        return series;
    }

    public PhyMode mode(int series) {
        return modes[series];
    }

    public int rate(int series) {
        return rates[series];
    }

    public int tries(int series) {
        return tries[series];
    }

    public boolean rts(int series) {
        return rts[series];
    }

    // ---- the hardware working through the chain

    /** The series of the next (or current) attempt. */
    public int current() {
        return at;
    }

    public PhyMode currentMode() {
        return modes[at];
    }

    public int currentRate() {
        return rates[at];
    }

    public boolean currentRts() {
        return rts[at];
    }

    /**
     * An attempt at the current series ended without a BlockAck/Ack: counts it and moves to the next series once
     * this one's tries are spent.
     *
     * @return whether the hardware tries again (false: the chain is exhausted)
     */
    public boolean failed() {
        used[at]++;
        if (used[at] < tries[at]) {
            return true;
        }
        if (at + 1 < series) {
            at++;
            return true;
        }
        return false;
    }

    /** The attempt at the current series was answered: the chain ends here. */
    public void answered() {
        used[at]++;
    }

    /** Tries spent at {@code series} (the tx status {@code count}); 0 for the series after the last one tried. */
    public int used(int series) {
        return used[series];
    }

    /** The last series the hardware tried: tx status counts success there only. */
    public int last() {
        return at;
    }
}
