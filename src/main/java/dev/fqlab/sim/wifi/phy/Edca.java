package dev.fqlab.sim.wifi.phy;

import dev.fqlab.sim.scenario.AccessCategory;

/**
 * EDCA timing on a 5 GHz OFDM channel (802.11a/n/ac) with the default EDCA parameter set.
 *
 * <ul>
 *   <li>aSlotTime 9 µs, aSIFSTime 16 µs, aCWmin 15, aCWmax 1023: the OFDM PHY characteristics (IEEE 802.11-2016
 *       17.4.4), which HT (19) and VHT (21) keep at 5 GHz.</li>
 *   <li>AIFS[AC] = AIFSN[AC] × aSlotTime + aSIFSTime (10.3.2.3, IFS): BE 43 µs, BK 79 µs, VI and VO 34 µs (DIFS
 *       would be 34 µs).</li>
 *   <li>Per access category, Table 9-137 (default EDCA Parameter Set element values, dot11OCBActivated false),
 *       for the OFDM, HT and VHT PHYs:
 *       <pre>
 *       AC   CWmin                 CWmax                 AIFSN  TXOP limit
 *       BK   aCWmin = 15           aCWmax = 1023         7      0
 *       BE   aCWmin = 15           aCWmax = 1023         3      0
 *       VI   (aCWmin+1)/2 − 1 = 7  aCWmin = 15           2      3.008 ms
 *       VO   (aCWmin+1)/4 − 1 = 3  (aCWmin+1)/2 − 1 = 7  2      1.504 ms
 *       </pre>
 *       A TXOP limit of 0 means one MSDU or A-MPDU per TXOP (10.22.2); ath9k then caps an aggregate at
 *       4 ms (kernel-spec §4.1, §5.1).</li>
 *   <li>Backoff (10.3.3, random backoff time; 10.22.2): a uniform number of slots in [0, CW]; CW starts at
 *       CWmin and becomes min(2·(CW + 1) − 1, CWmax) after each failed attempt. kernel-spec §9.1's mean
 *       backoff 7.5 × 9 µs is {@link #meanBackoffNs}(BE, 0).</li>
 * </ul>
 * The model uses these values for every transmitter, the AP included (an AP may use other values for itself:
 * hostapd's default AP queue parameters do, e.g. BE CWmax 63).
 */
public final class Edca {

    public static final long SLOT_NS = 9_000;
    public static final long SIFS_NS = 16_000;
    /** aCWmin and aCWmax of the OFDM PHY. */
    public static final int A_CW_MIN = 15;
    public static final int A_CW_MAX = 1023;

    private Edca() {
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
