package dev.fqlab.sim.wifi.rc;

import static dev.fqlab.sim.wifi.rc.MinstrelGroups.GROUPS;
import static dev.fqlab.sim.wifi.rc.MinstrelGroups.MCS_GROUP_RATES;
import static dev.fqlab.sim.wifi.rc.MinstrelGroups.OFDM_GROUP;

import dev.fqlab.sim.scenario.PhyStandard;
import dev.fqlab.sim.wifi.phy.PhyMode;

/**
 * The rates a peer supports, per Minstrel group ({@code mi->supported[]}), as {@code minstrel_ht_update_caps} derives
 * them from its capabilities, with fqlab's scenario in place of the peer's HT/VHT capability elements:
 * <ul>
 *   <li>802.11n: HT groups with up to {@code streams} streams; 40 MHz groups only on a 40 MHz link; SGI groups when
 *       the link uses the short guard interval ({@code HT_CAP_SGI_20/40}); long-GI and 20 MHz groups always. Every
 *       MCS of the streams below the top one ({@code rx_mask} 0xff), MCS 0 to {@code maxMcs % 8} on the top one.</li>
 *   <li>802.11ac: VHT groups only ({@code minstrel_vht_only}), up to {@code streams} streams, 20/40/80 MHz up to
 *       the link's width (minstrel_ht has no 160 MHz groups: a 160 MHz link uses 80 MHz), MCS 0 to {@code maxMcs}
 *       (the VHT MCS map's 0–7/0–8/0–9) minus what {@code minstrel_get_valid_vht_rates} excludes (MCS 9 at 20 MHz but
 *       with 3 streams, MCS 6 at 80 MHz with 3 streams).</li>
 *   <li>802.11a: the OFDM group (minstrel_ht has served non-HT peers since Linux 5.11), 6 Mbit/s up to the
 *       station's rate.</li>
 * </ul>
 */
public final class RateSet {
    private final int[] supported = new int[GROUPS];
    private final PhyMode[][] modes = new PhyMode[GROUPS][MCS_GROUP_RATES];
    private final boolean htSupported;

    private RateSet(boolean htSupported) {
        this.htSupported = htSupported;
    }

    /**
     * @param maxMcs HT: the highest MCS (0–31); VHT: the highest MCS (0–9) on every stream count
     * @param streams the peer's spatial streams
     */
    public static RateSet of(PhyStandard standard, int maxMcs, int streams, int widthMhz, boolean shortGi) {
        RateSet set = new RateSet(standard != PhyStandard.A);
        int bwMax = widthMhz >= 80 ? 2 : widthMhz == 40 ? 1 : 0;
        for (int g = 0; g < GROUPS; g++) {
            MinstrelGroups.Kind kind = MinstrelGroups.KIND[g];
            int nss = MinstrelGroups.STREAMS[g];
            int bw = MinstrelGroups.BW[g];
            boolean sgi = MinstrelGroups.SGI[g];
            if (nss > streams || bw > bwMax || (sgi && !shortGi)) {
                continue;
            }
            int width = bw == 2 ? 80 : bw == 1 ? 40 : 20;
            if (kind == MinstrelGroups.Kind.HT && standard == PhyStandard.N) {
                int mask = nss < streams ? 0xff : (1 << (maxMcs % 8 + 1)) - 1;
                for (int i = 0; i < 8; i++) {
                    if ((mask & (1 << i)) != 0) {
                        set.add(g, i, PhyMode.ht((nss - 1) * 8 + i, width, sgi));
                    }
                }
            } else if (kind == MinstrelGroups.Kind.VHT && standard == PhyStandard.AC) {
                int mask = validVhtRates(bw, nss, maxMcs);
                for (int i = 0; i < MCS_GROUP_RATES; i++) {
                    if ((mask & (1 << i)) != 0) {
                        set.add(g, i, PhyMode.vht(i, nss, width, sgi));
                    }
                }
            }
        }
        return set;
    }

    /** An 802.11a peer: the OFDM rates from 6 Mbit/s up to {@code maxRateMbps}. */
    public static RateSet legacy(double maxRateMbps) {
        RateSet set = new RateSet(false);
        for (int i = 0; i < MinstrelGroups.OFDM_BITRATES.length; i++) {
            double mbps = MinstrelGroups.OFDM_BITRATES[i] / 10.0;
            if (mbps <= maxRateMbps) {
                set.add(OFDM_GROUP, i, PhyMode.legacy(mbps));
            }
        }
        return set;
    }

    /** {@code minstrel_get_valid_vht_rates(bw, nss, mcs_map)} with a map that allows MCS 0 to {@code maxMcs}. */
    static int validVhtRates(int bw, int nss, int maxMcs) {
        int mask = 0;
        if (bw == 0) {
            if (nss != 3 && nss != 6) {
                mask = 1 << 9;
            }
        } else if (bw == 2) {
            if (nss == 3 || nss == 7) {
                mask = 1 << 6;
            } else if (nss == 6) {
                mask = 1 << 9;
            }
        }
        mask |= 0x3ff & ~((1 << (maxMcs + 1)) - 1);
        return 0x3ff & ~mask;
    }

    private void add(int group, int idx, PhyMode mode) {
        supported[group] |= 1 << idx;
        modes[group][idx] = mode;
    }

    int supported(int group) {
        return supported[group];
    }

    PhyMode mode(int group, int idx) {
        return modes[group][idx];
    }

    boolean htSupported() {
        return htSupported;
    }
}
