package dev.fqlab.sim.wifi.phy;

import dev.fqlab.sim.scenario.AccessCategory;

/**
 * EDCA timing on a 5 GHz OFDM channel (802.11a/n/ac, IEEE 802.11-2016 10.22.2): the interframe spaces and timeouts,
 * and the two EDCA parameter sets of a BSS — the one the AP advertises, which the stations use, and the AP's own.
 *
 * <ul>
 *   <li>aSlotTime 9 µs, aSIFSTime 16 µs, aRxPHYStartDelay 25 µs, aCWmin 15, aCWmax 1023: the OFDM PHY
 *       characteristics for 20 MHz channel spacing (17.4.4, Table 17-21), which HT (19) and VHT (21) keep at 5 GHz;
 *       the control responses are non-HT PPDUs, whose reception starts after the OFDM aRxPHYStartDelay.</li>
 *   <li>DIFS = aSIFSTime + 2 × aSlotTime = 34 µs; AIFS[AC] = AIFSN[AC] × aSlotTime + aSIFSTime (10.3.2.3):
 *       stations BE 43 µs, BK 79 µs, VI and VO 34 µs; the AP's VI and VO 25 µs.</li>
 *   <li>EIFS = aSIFSTime + AckTxTime + DIFS (10.3.2.3.7), AckTxTime being an Ack at the lowest mandatory rate
 *       (6 Mbit/s: 44 µs, {@link ControlFrames#ackAtLowestRateNs}): 16 + 44 + 34 = 94 µs. A station uses it instead
 *       of DIFS after a reception that did not yield a frame with a correct FCS (a collision, an errored PPDU); an
 *       EDCAF waits EIFS − DIFS + AIFS[AC] (10.22.2.4), {@link #EIFS_MINUS_DIFS_NS} = 60 µs more than after a good
 *       frame.</li>
 *   <li>AckTimeout = aSIFSTime + aSlotTime + aRxPHYStartDelay = 50 µs from the end of the PPDU (the Ack procedure,
 *       10.3.2.9): when no response has started by then the transmitter concludes the exchange failed and invokes
 *       its backoff; CTSTimeout after an RTS has the same value (the CTS procedure).</li>
 *   <li>The stations' parameters per access category, Table 9-137 (default EDCA Parameter Set element values,
 *       dot11OCBActivated false), for the OFDM, HT and VHT PHYs — what hostapd advertises by default
 *       ({@code wmm_ac_*} in {@code src/ap/ap_config.c}, {@code hostapd_config_defaults}) and what Linux's
 *       {@code ieee80211_set_wmm_default} (net/mac80211/util.c) sets before association:
 *       <pre>
 *       AC   CWmin                 CWmax                 AIFSN  TXOP limit
 *       BK   aCWmin = 15           aCWmax = 1023         7      0
 *       BE   aCWmin = 15           aCWmax = 1023         3      0
 *       VI   (aCWmin+1)/2 − 1 = 7  aCWmin = 15           2      3.008 ms
 *       VO   (aCWmin+1)/4 − 1 = 3  (aCWmin+1)/2 − 1 = 7  2      1.504 ms
 *       </pre></li>
 *   <li>The AP's own parameters ({@link #accessPoint}): an AP may use other values than it advertises (10.22.2.2),
 *       AIFSN ≥ 1 for an AP against ≥ 2 for a station. hostapd's default {@code tx_queue_data0..3} (the same
 *       {@code hostapd_config_defaults}, set through nl80211 with the burst time converted as
 *       {@code (burst × 100 + 16) / 32} units of 32 µs), the values of the dot11QAPEDCATable:
 *       <pre>
 *       AC   CWmin  CWmax                    AIFSN  TXOP limit
 *       BK   15     1023                     7      0
 *       BE   15     4 × (aCWmin + 1) − 1 = 63 3      0
 *       VI   7      15                       1      3.0 ms → 94 × 32 µs = 3.008 ms
 *       VO   3      7                        1      1.5 ms → 47 × 32 µs = 1.504 ms
 *       </pre>
 *       Linux itself does not tell the two apart: {@code ieee80211_set_wmm_default} gives every interface type the
 *       station values, and the AP's own come from hostapd (the only AP/client distinction in util.c is
 *       {@code ieee80211_regulatory_limit_wmm_params}, which raises both to a regulatory rule's minimums).</li>
 *   <li>A TXOP limit of 0 means one MSDU or A-MPDU per TXOP (10.22.2.8); otherwise the TXOP holder may send
 *       further frame exchanges SIFS apart while they fit in the limit. ath9k caps an aggregate at 4 ms
 *       (kernel-spec §4.1, §5.1).</li>
 *   <li>Backoff (10.3.3, random backoff time; 10.22.2): a uniform number of slots in [0, CW]; CW starts at
 *       CWmin and becomes min(2·(CW + 1) − 1, CWmax) after each failed attempt. kernel-spec §9.1's mean
 *       backoff 7.5 × 9 µs is {@link #meanBackoffNs}(BE, 0).</li>
 * </ul>
 */
public final class Edca {

    public static final long SLOT_NS = 9_000;
    public static final long SIFS_NS = 16_000;
    /** aRxPHYStartDelay of the OFDM PHY, 20 MHz (Table 17-21). */
    public static final long RX_PHY_START_DELAY_NS = 25_000;
    /** DIFS = aSIFSTime + 2 × aSlotTime. */
    public static final long DIFS_NS = SIFS_NS + 2 * SLOT_NS;
    /** AckTimeout (and CTSTimeout) = aSIFSTime + aSlotTime + aRxPHYStartDelay = 50 µs. */
    public static final long ACK_TIMEOUT_NS = SIFS_NS + SLOT_NS + RX_PHY_START_DELAY_NS;
    /** EIFS = aSIFSTime + Ack at the lowest mandatory rate + DIFS = 94 µs. */
    public static final long EIFS_NS = SIFS_NS + ControlFrames.ackAtLowestRateNs() + DIFS_NS;
    /** What EIFS adds to an EDCAF's AIFS[AC] (EIFS − DIFS + AIFS[AC]): 60 µs. */
    public static final long EIFS_MINUS_DIFS_NS = EIFS_NS - DIFS_NS;
    /** aCWmin and aCWmax of the OFDM PHY. */
    public static final int A_CW_MIN = 15;
    public static final int A_CW_MAX = 1023;

    /** One AC's EDCA parameters. */
    public record Parameters(AccessCategory ac, int aifsn, int cwMin, int cwMax, long txopLimitNs) {
        /** AIFS[AC] = AIFSN × slot + SIFS. */
        public long aifsNs() {
            return aifsn * SLOT_NS + SIFS_NS;
        }
    }

    private Edca() {
    }

    /** The parameters the AP advertises and the stations use (Table 9-137). */
    public static Parameters station(AccessCategory ac) {
        return new Parameters(ac, aifsn(ac), cwMin(ac), cwMax(ac), txopLimitNs(ac));
    }

    /** The AP's own parameters (hostapd's defaults, the dot11QAPEDCATable). */
    public static Parameters accessPoint(AccessCategory ac) {
        return switch (ac) {
            case BK -> new Parameters(ac, 7, A_CW_MIN, A_CW_MAX, 0);
            case BE -> new Parameters(ac, 3, A_CW_MIN, 4 * (A_CW_MIN + 1) - 1, 0);
            case VI -> new Parameters(ac, 1, (A_CW_MIN + 1) / 2 - 1, A_CW_MIN, txopLimitNs(ac));
            case VO -> new Parameters(ac, 1, (A_CW_MIN + 1) / 4 - 1, (A_CW_MIN + 1) / 2 - 1, txopLimitNs(ac));
        };
    }

    public static int aifsn(AccessCategory ac) {
        return switch (ac) {
            case BK -> 7;
            case BE -> 3;
            case VI, VO -> 2;
        };
    }

    public static int cwMin(AccessCategory ac) {
        return switch (ac) {
            case BK, BE -> A_CW_MIN;
            case VI -> (A_CW_MIN + 1) / 2 - 1;
            case VO -> (A_CW_MIN + 1) / 4 - 1;
        };
    }

    public static int cwMax(AccessCategory ac) {
        return switch (ac) {
            case BK, BE -> A_CW_MAX;
            case VI -> A_CW_MIN;
            case VO -> (A_CW_MIN + 1) / 2 - 1;
        };
    }

    /** The TXOP limit in nanoseconds; 0 = one MSDU or A-MPDU per TXOP. */
    public static long txopLimitNs(AccessCategory ac) {
        return switch (ac) {
            case BK, BE -> 0;
            case VI -> 3_008_000;
            case VO -> 1_504_000;
        };
    }

    /** AIFS[AC] = AIFSN × slot + SIFS. */
    public static long aifsNs(AccessCategory ac) {
        return aifsn(ac) * SLOT_NS + SIFS_NS;
    }

    /**
     * The contention window after {@code retries} failed attempts (0 = the first attempt): CWmin, doubled (plus one)
     * per retry, up to CWmax.
     */
    public static int contentionWindow(AccessCategory ac, int retries) {
        if (retries < 0) {
            throw new IllegalArgumentException("negative retry count " + retries);
        }
        long cw = cwMin(ac);
        for (int i = 0; i < retries && cw < cwMax(ac); i++) {
            cw = 2 * (cw + 1) - 1;
        }
        return (int) Math.min(cw, cwMax(ac));
    }

    /** The mean backoff, CW/2 slots, after {@code retries} failed attempts: BE first attempt 7.5 × 9 µs = 67.5 µs. */
    public static long meanBackoffNs(AccessCategory ac, int retries) {
        return contentionWindow(ac, retries) * SLOT_NS / 2;
    }
}
