package dev.fqlab.sim.wifi;

import dev.fqlab.sim.scenario.AccessCategory;

/**
 * Access categories and TIDs. Arrays are indexed by {@link AccessCategory#ordinal()} (BE, BK, VI, VO); traffic of
 * an AC uses one TID (802.1D user priority): BE 0, BK 1, VI 5, VO 6. mac80211's debugfs numbers ACs the other way
 * round (0 VO, 1 VI, 2 BE, 3 BK).
 */
public final class Tids {
    /** The TID each AC's traffic uses. */
    static final int[] TID_OF_AC = {0, 1, 5, 6};
    /** EDCA priority for internal collisions: BK lowest, VO highest. */
    private static final int[] PRIORITY = {1, 0, 2, 3};
    /** debugfs AC number of each TID 0–7 (and 8–15, which repeat them). */
    private static final int[] DEBUGFS_AC_OF_TID = {2, 3, 3, 2, 1, 1, 0, 0};
    private static final AccessCategory[] AC_OF_TID = {AccessCategory.BE, AccessCategory.BK, AccessCategory.BK,
        AccessCategory.BE, AccessCategory.VI, AccessCategory.VI, AccessCategory.VO, AccessCategory.VO};

    private Tids() {
    }

    public static int tid(AccessCategory ac) {
        return TID_OF_AC[ac.ordinal()];
    }

    static int priority(int ac) {
        return PRIORITY[ac];
    }

    public static AccessCategory acOfTid(int tid) {
        return AC_OF_TID[tid % 8];
    }

    /** The AC number mac80211's per-station {@code aqm} file prints for a TID. */
    public static int debugfsAc(int tid) {
        return DEBUGFS_AC_OF_TID[tid % 8];
    }
}
