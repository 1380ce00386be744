package dev.fqlab.sim.wifi.rc;

import static dev.fqlab.sim.wifi.rc.MinstrelGroups.CCK_GROUP;
import static dev.fqlab.sim.wifi.rc.MinstrelGroups.GROUPS;
import static dev.fqlab.sim.wifi.rc.MinstrelGroups.HT_GROUP_0;
import static dev.fqlab.sim.wifi.rc.MinstrelGroups.MCS_GROUP_RATES;
import static dev.fqlab.sim.wifi.rc.MinstrelGroups.OFDM_GROUP;
import static dev.fqlab.sim.wifi.rc.MinstrelGroups.VHT_GROUP_0;

import dev.fqlab.sim.core.RandomStream;
import dev.fqlab.sim.wifi.phy.PhyMode;

/**
 * mac80211's Minstrel-HT, net/mac80211/rc80211_minstrel_ht.c and .h of Linux 6.18 (read in backports-6.18.39): the
 * sampling scheme of the Linux 5.12 rewrite (sample-rate queues of type INC, JUMP and SLOW, one probe per
 * {@code MINSTREL_SAMPLE_INTERVAL} = 20 ms), statistics every {@code update_interval} = 50 ms, success probability
 * through {@code minstrel_filter_avg_add} (a second-order low-pass in 12-bit fixed point), the average A-MPDU length
 * through {@code minstrel_ewma} (weight 96/128), throughput {@code minstrel_ht_get_tp_avg} (per-A-MPDU overhead,
 * probability capped at 90 %, nothing below 10 %), {@code max_tp_rate[0..3]} and {@code max_prob_rate}, retry counts
 * {@code minstrel_calc_retransmit} (segment size 6000 µs, CW 15–1023, 9 µs slots, {@code max_retry} = ath9k's
 * {@code max_rate_tries} 10) and the rate table {@code minstrel_ht_update_rates}: max_tp[0], max_tp[1], max_tp[2],
 * max_prob for ath9k's four series ({@code hw->max_rates} = 4), RTS/CTS on the fallback series.
 *
 * <p>Rate indices are the kernel's {@code MI_RATE(group, idx)} = {@code group << 4 | idx}. Kernel functions keep
 * their names (camel case); jiffies become nanoseconds ({@code time_after(jiffies, t)} is {@code now > t}).
 * {@code get_rate} runs once per PPDU (the kernel calls it per frame; ath9k takes the first frame's rates for the
 * aggregate). The band is 5 GHz (no CCK), the station is neither in SMPS nor using STBC/LDPC, and
 * {@code minstrel_vht_only} holds (a VHT station uses VHT groups only). The sample table, random in the kernel
 * ({@code get_random_bytes}), comes from this station's own random stream.
 */
public final class MinstrelHt implements RateControl {
    // ---- rc80211_minstrel_ht.h
    static final int MINSTREL_SCALE = 12;
    static final int MAX_THR_RATES = 4;
    static final int SAMPLE_COLUMNS = 10;
    static final int EWMA_LEVEL = 96;
    static final int EWMA_DIV = 128;
    static final int MINSTREL_AVG_COEFF2 = 0x00001499;
    static final int MINSTREL_AVG_COEFF3 = -0x0000092e;
    static final int MINSTREL_AVG_COEFF1 = frac(1, 1) - MINSTREL_AVG_COEFF2 - MINSTREL_AVG_COEFF3;
    static final int MINSTREL_SAMPLE_RATES = 5;
    /** {@code MINSTREL_SAMPLE_INTERVAL} = HZ / 50. */
    static final long SAMPLE_INTERVAL_NS = 20_000_000L;
    // ---- minstrel_ht_alloc
    /** {@code mp->update_interval} = HZ / 20. */
    static final long UPDATE_INTERVAL_NS = 50_000_000L;
    static final int CW_MIN = 15;
    static final int CW_MAX = 1023;
    /** {@code mp->segment_size}: "maximum time that the hw is allowed to stay in one MRR segment", µs. */
    static final int SEGMENT_SIZE = 6000;
    /** ath9k's {@code hw->max_rate_tries} (drivers/net/wireless/ath/ath9k/init.c). */
    static final int MAX_RETRY = 10;
    /** ath9k's {@code hw->max_rates}. */
    static final int MAX_RATES = 4;

    static final int SAMPLE_TYPE_INC = 0;
    static final int SAMPLE_TYPE_JUMP = 1;
    static final int SAMPLE_TYPE_SLOW = 2;
    private static final int[] SAMPLE_SEQ = {
        SAMPLE_TYPE_INC, SAMPLE_TYPE_JUMP, SAMPLE_TYPE_INC, SAMPLE_TYPE_JUMP, SAMPLE_TYPE_INC, SAMPLE_TYPE_SLOW};

    private static final int SLOTS = GROUPS << 4;

    // ---- the station (struct minstrel_ht_sta)
    private final int[] supported = new int[GROUPS];
    private final boolean htSupported;
    private final PhyMode[] modes = new PhyMode[SLOTS];
    private int ampduLen;
    private int ampduPackets;
    private int avgAmpduLen;
    private final int[] maxTpRate = new int[MAX_THR_RATES];
    private int maxProbRate;
    private long lastStatsUpdate;
    final int overhead;
    final int overheadRtscts;
    final int overheadLegacy;
    final int overheadLegacyRtscts;
    private long totalPackets;
    private long samplePackets;
    private int sampleSeq;
    private long sampleTime;
    private final int[] sampleGroup = new int[3];
    /**
     * The groups with a supported rate, ascending, and for each group the position in that list of the first one
     * after it (cyclically): the sample-rate searches visit only these, in the kernel's order (a group without
     * rates is one it skips at once).
     */
    private final int[] supportedGroups;
    private final int[] firstSupportedAfter = new int[GROUPS];
    private final int[][] sampleRates = new int[3][MINSTREL_SAMPLE_RATES];
    private final int[][] curSampleRates = new int[3][MINSTREL_SAMPLE_RATES];

    // ---- per group (struct minstrel_mcs_group_data)
    private final int[] groupIndex = new int[GROUPS];
    private final int[] groupColumn = new int[GROUPS];
    private final int[][] maxGroupTpRate = new int[GROUPS][MAX_THR_RATES];
    private final int[] maxGroupProbRate = new int[GROUPS];

    // ---- per rate (struct minstrel_rate_stats), indexed by MI_RATE
    private final int[] attempts = new int[SLOTS];
    private final int[] lastAttempts = new int[SLOTS];
    private final int[] success = new int[SLOTS];
    private final int[] lastSuccess = new int[SLOTS];
    private final long[] attHist = new long[SLOTS];
    private final long[] succHist = new long[SLOTS];
    private final int[] probAvg = new int[SLOTS];
    private final int[] probAvg1 = new int[SLOTS];
    private final int[] retryCount = new int[SLOTS];
    private final int[] retryCountRtscts = new int[SLOTS];
    private final boolean[] retryUpdated = new boolean[SLOTS];

    // ---- the rate table handed to the driver (struct ieee80211_sta_rates)
    private final int[] tableRate = new int[MAX_RATES];
    private final int[] tableCount = new int[MAX_RATES];
    private final boolean[] tableRts = new boolean[MAX_RATES];

    /** {@code sample_table[SAMPLE_COLUMNS][MCS_GROUP_RATES]}. */
    private final int[][] sampleTable = new int[SAMPLE_COLUMNS][MCS_GROUP_RATES];

    // scratch arrays of minstrel_ht_update_stats, kept to avoid allocation
    private final int[] tmpMcsTpRate = new int[MAX_THR_RATES];
    private final int[] tmpGroupTpRate = new int[MAX_THR_RATES];
    private final int[] tmpLegacyTpRate = new int[MAX_THR_RATES];
    private int tmpMaxProbRate;
    private int slowRateOfs;

    /**
     * {@code minstrel_ht_update_caps} for a peer on a 5 GHz channel.
     *
     * @param rates which rates the peer supports, per group ({@code mi->supported[]}), built by {@link RateSet}
     * @param random the stream {@code init_sample_table} draws its random bytes from
     */
    MinstrelHt(RateSet rates, RandomStream random, long nowNs) {
        initSampleTable(random);
        this.htSupported = rates.htSupported();
        for (int g = 0; g < GROUPS; g++) {
            supported[g] = rates.supported(g);
            for (int i = 0; i < MCS_GROUP_RATES; i++) {
                if ((supported[g] & (1 << i)) != 0) {
                    modes[rate(g, i)] = rates.mode(g, i);
                }
            }
        }
        this.supportedGroups = java.util.stream.IntStream.range(0, GROUPS).filter(g -> supported[g] != 0).toArray();
        for (int g = 0; g < GROUPS; g++) {
            int k = 0;
            while (k < supportedGroups.length && supportedGroups[k] <= g) {
                k++;
            }
            firstSupportedAfter[g] = k < supportedGroups.length ? k : 0;
        }
        // ack_dur = ieee80211_frame_duration(band, 10, 60, 1, 1); overhead = frame_duration(band, 0, 60) + ack_dur
        int ackDur = frameDuration(10, 60);
        this.overhead = frameDuration(0, 60) + ackDur;
        this.overheadRtscts = overhead + 2 * ackDur;
        // the legacy ACK at the lowest basic rate, 6 Mbit/s on 5 GHz
        this.overheadLegacy = frameDuration(10, 60);
        this.overheadLegacyRtscts = overheadLegacy + 2 * overheadLegacy;
        this.avgAmpduLen = frac(1, 1);
        this.lastStatsUpdate = nowNs;
        updateStats(nowNs);
        updateRates();
    }

    // ---- fixed point

    /** {@code MINSTREL_FRAC(val, div)}. */
    static int frac(int val, int div) {
        return (val << MINSTREL_SCALE) / div;
    }

    /** {@code MINSTREL_TRUNC(val)}. */
    static int trunc(long val) {
        return (int) (val >> MINSTREL_SCALE);
    }

    /** {@code MI_RATE(group, idx)}. */
    static int rate(int group, int idx) {
        return group << 4 | idx;
    }

    static int group(int rate) {
        return rate >> 4;
    }

    static int idx(int rate) {
        return rate & 0xf;
    }

    /**
     * {@code ieee80211_frame_duration} (net/mac80211/util.c) for the 5 GHz band, µs: SIFS and signal extension 16,
     * T_PREAMBLE 16, T_SIGNAL 4 and 4 µs per symbol of {@code 16 + 8 × (len + 4) + 6} bits at {@code rate} × 100
     * kbit/s.
     */
    static int frameDuration(int len, int rate) {
        return 16 + 16 + 4 + 4 * ceilDiv((16 + 8 * (len + 4) + 6) * 10, 4 * rate);
    }

    private static int ceilDiv(int a, int b) {
        return (a + b - 1) / b;
    }

    /** {@code minstrel_ewma(old, new, weight)}: C division truncates toward zero, as Java's does. */
    static int ewma(int old, int value, int weight) {
        int diff = value - old;
        int incr = (EWMA_DIV - weight) * diff / EWMA_DIV;
        return old + incr;
    }

    /**
     * {@code minstrel_filter_avg_add(&prob_avg, &prob_avg_1, in)}: returns the new {@code prob_avg}; {@code state}
     * holds {prob_avg, prob_avg_1} and is updated.
     */
    static int filterAvgAdd(int[] state, int in) {
        int out1 = state[0];
        int out2 = state[1];
        int val;
        if (in == 0) {
            in += 1;
        }
        if (out1 == 0) {
            val = out1 = in;
        } else {
            val = MINSTREL_AVG_COEFF1 * in;
            val += MINSTREL_AVG_COEFF2 * out1;
            val += MINSTREL_AVG_COEFF3 * out2;
            val >>= MINSTREL_SCALE;
            if (val > 1 << MINSTREL_SCALE) {
                val = 1 << MINSTREL_SCALE;
            }
            if (val < 0) {
                val = 1;
            }
        }
        state[1] = out1;
        state[0] = val;
        return val;
    }

    private final int[] filterState = new int[2];

    // ---- statistics

    static int duration(int rate) {
        return MinstrelGroups.duration(group(rate), idx(rate));
    }

    /** {@code minstrel_ht_avg_ampdu_len}. */
    int avgAmpduLen() {
        if (avgAmpduLen != 0) {
            return trunc(avgAmpduLen);
        }
        if (MinstrelGroups.legacy(group(maxTpRate[0]))) {
            return 1;
        }
        int duration = duration(maxTpRate[0]);
        if (duration > 400 * 1000) {
            return 2;
        }
        if (duration > 250 * 1000) {
            return 4;
        }
        if (duration > 150 * 1000) {
            return 8;
        }
        return 16;
    }

    /**
     * {@code minstrel_ht_get_tp_avg}: {@code MINSTREL_TRUNC(100 * ((prob_avg * 1000000) / nsecs))} with
     * {@code nsecs = 1000 * overhead / ampdu_len + duration}. {@code nsecs} is {@code unsigned int}, so the product
     * is divided as an unsigned 32-bit value (it passes 2^31 from 53.7 % up): long arithmetic here.
     */
    int tpAvg(int group, int rate, int prob) {
        if (prob < frac(10, 100)) {
            return 0;
        }
        int oh = overhead;
        int ampdu = 1;
        if (MinstrelGroups.legacy(group)) {
            oh = overheadLegacy;
        } else {
            ampdu = avgAmpduLen();
        }
        long nsecs = 1000L * oh / ampdu;
        nsecs += MinstrelGroups.duration(group, rate);
        if (prob > frac(90, 100)) {
            prob = frac(90, 100);
        }
        return trunc(100 * ((prob * 1_000_000L) / nsecs));
    }

    private int tpOf(int rate) {
        return tpAvg(group(rate), idx(rate), probAvg[rate]);
    }

    /** {@code minstrel_ht_sort_best_tp_rates}. */
    private void sortBestTpRates(int index, int[] tpList) {
        int curProb = probAvg[index];
        int curTpAvg = tpAvg(group(index), idx(index), curProb);
        int j = MAX_THR_RATES;
        do {
            int tmp = tpList[j - 1];
            int tmpProb = probAvg[tmp];
            int tmpTpAvg = tpAvg(group(tmp), idx(tmp), tmpProb);
            if (curTpAvg < tmpTpAvg || (curTpAvg == tmpTpAvg && curProb <= tmpProb)) {
                break;
            }
            j--;
        } while (j > 0);
        if (j < MAX_THR_RATES - 1) {
            System.arraycopy(tpList, j, tpList, j + 1, MAX_THR_RATES - (j + 1));
        }
        if (j < MAX_THR_RATES) {
            tpList[j] = index;
        }
    }

    /** {@code minstrel_ht_set_best_prob_rate(mi, &tmp_max_prob_rate, index)}. */
    private void setBestProbRate(int index) {
        int minDur = Math.max(duration(maxTpRate[0]), duration(maxTpRate[1]));
        // make the rate at least 18% slower than max tp rates
        if (duration(index) <= minDur * 19 / 16) {
            return;
        }
        int curGroup = group(index);
        int curIdx = idx(index);
        int tmp = tmpMaxProbRate;
        int tmpProb = probAvg[tmp];
        int tmpTpAvg = tpAvg(group(tmp), idx(tmp), tmpProb);
        int maxTpGroup = group(maxTpRate[0]);
        if (MinstrelGroups.legacy(curGroup) && !MinstrelGroups.legacy(maxTpGroup)) {
            return;
        }
        int maxGpr = maxGroupProbRate[curGroup];
        int maxGprProb = probAvg[maxGpr];
        if (probAvg[index] > frac(75, 100)) {
            int curTpAvg = tpAvg(curGroup, curIdx, probAvg[index]);
            if (curTpAvg > tmpTpAvg) {
                tmpMaxProbRate = index;
            }
            int maxGprTpAvg = tpAvg(group(maxGpr), idx(maxGpr), maxGprProb);
            if (curTpAvg > maxGprTpAvg) {
                maxGroupProbRate[curGroup] = index;
            }
        } else {
            if (probAvg[index] > tmpProb) {
                tmpMaxProbRate = index;
            }
            if (probAvg[index] > maxGprProb) {
                maxGroupProbRate[curGroup] = index;
            }
        }
    }

    /** {@code minstrel_ht_assign_best_tp_rates}: legacy rates only when the fastest legacy rate beats every MCS. */
    private void assignBestTpRates() {
        int cckTp = tpOf(tmpLegacyTpRate[0]);
        int mcsTp = tpOf(tmpMcsTpRate[0]);
        if (cckTp > mcsTp) {
            for (int i = 0; i < MAX_THR_RATES; i++) {
                sortBestTpRates(tmpLegacyTpRate[i], tmpMcsTpRate);
            }
        }
    }

    /** {@code minstrel_ht_calc_rate_stats}. */
    private void calcRateStats(int r) {
        if (attempts[r] > 0) {
            int curProb = (int) (((long) (success[r] + lastSuccess[r]) << MINSTREL_SCALE)
                    / (attempts[r] + lastAttempts[r]));
            filterState[0] = probAvg[r];
            filterState[1] = probAvg1[r];
            filterAvgAdd(filterState, curProb);
            probAvg[r] = filterState[0];
            probAvg1[r] = filterState[1];
            attHist[r] += attempts[r];
            succHist[r] += success[r];
        }
        lastSuccess[r] = success[r];
        lastAttempts[r] = attempts[r];
        success[r] = 0;
        attempts[r] = 0;
    }

    /** {@code minstrel_ht_update_stats}. */
    void updateStats(long nowNs) {
        if (ampduPackets > 0) {
            avgAmpduLen = ewma(avgAmpduLen, (int) (((long) ampduLen << MINSTREL_SCALE) / ampduPackets), EWMA_LEVEL);
            ampduLen = 0;
            ampduPackets = 0;
        }
        int group = supported[CCK_GROUP] != 0 ? CCK_GROUP : supported[OFDM_GROUP] != 0 ? OFDM_GROUP : 0;
        java.util.Arrays.fill(tmpLegacyTpRate, rate(group, 0));
        if (supported[VHT_GROUP_0] != 0) {
            group = VHT_GROUP_0;
        } else if (htSupported) {
            group = HT_GROUP_0;
        } else if (supported[CCK_GROUP] != 0) {
            group = CCK_GROUP;
        } else {
            group = OFDM_GROUP;
        }
        tmpMaxProbRate = rate(group, 0);
        java.util.Arrays.fill(tmpMcsTpRate, rate(group, 0));

        // Find best rate sets within all MCS groups
        for (group = 0; group < GROUPS; group++) {
            int[] tpRate = tmpMcsTpRate;
            int lastProb = 0;
            if (supported[group] == 0) {
                continue;
            }
            java.util.Arrays.fill(tmpGroupTpRate, rate(group, 0));
            if (group == CCK_GROUP && htSupported) {
                tpRate = tmpLegacyTpRate;
            }
            for (int i = MCS_GROUP_RATES - 1; i >= 0; i--) {
                if ((supported[group] & (1 << i)) == 0) {
                    continue;
                }
                int index = rate(group, i);
                retryUpdated[index] = false;
                calcRateStats(index);
                if (attHist[index] != 0) {
                    lastProb = Math.max(lastProb, probAvg[index]);
                } else {
                    probAvg[index] = Math.max(lastProb, probAvg[index]);
                }
                if (tpAvg(group, i, probAvg[index]) == 0) {
                    continue;
                }
                sortBestTpRates(index, tpRate);
                sortBestTpRates(index, tmpGroupTpRate);
            }
            System.arraycopy(tmpGroupTpRate, 0, maxGroupTpRate[group], 0, MAX_THR_RATES);
        }
        assignBestTpRates();
        System.arraycopy(tmpMcsTpRate, 0, maxTpRate, 0, MAX_THR_RATES);

        for (group = 0; group < GROUPS; group++) {
            if (supported[group] == 0) {
                continue;
            }
            maxGroupProbRate[group] = rate(group, 0);
            for (int i = 0; i < MCS_GROUP_RATES; i++) {
                if ((supported[group] & (1 << i)) == 0) {
                    continue;
                }
                setBestProbRate(rate(group, i));
            }
        }
        maxProbRate = tmpMaxProbRate;
        refillSampleRates();
        lastStatsUpdate = nowNs;
        sampleTime = nowNs;
    }

    // ---- sampling (Linux 5.12+)

    /** {@code init_sample_table}. */
    private void initSampleTable(RandomStream random) {
        for (int[] column : sampleTable) {
            java.util.Arrays.fill(column, 0xff);
        }
        for (int col = 0; col < SAMPLE_COLUMNS; col++) {
            for (int i = 0; i < MCS_GROUP_RATES; i++) {
                int rnd = (int) random.nextLong(256); // get_random_bytes: one u8 per rate
                int newIdx = (i + rnd) % MCS_GROUP_RATES;
                while (sampleTable[col][newIdx] != 0xff) {
                    newIdx = (newIdx + 1) % MCS_GROUP_RATES;
                }
                sampleTable[col][newIdx] = i;
            }
        }
    }

    /** {@code minstrel_ht_find_sample_rate}. */
    private boolean findSampleRate(int type, int idx) {
        for (int i = 0; i < MINSTREL_SAMPLE_RATES; i++) {
            int cur = sampleRates[type][i];
            if (cur == idx) {
                return true;
            }
            if (cur == 0) {
                break;
            }
        }
        return false;
    }

    /** {@code minstrel_ht_move_sample_rates}. */
    private int moveSampleRates(int type, int fastRateDur, int slowRateDur) {
        int[] rates = sampleRates[type];
        int j = 0;
        for (int i = 0; i < MINSTREL_SAMPLE_RATES; i++) {
            int cur = rates[i];
            if (cur == 0) {
                continue;
            }
            int duration = duration(cur);
            boolean valid = switch (type) {
                case SAMPLE_TYPE_SLOW -> duration > fastRateDur && duration < slowRateDur;
                case SAMPLE_TYPE_INC, SAMPLE_TYPE_JUMP -> duration < fastRateDur;
                default -> false;
            };
            if (!valid) {
                rates[i] = 0;
                continue;
            }
            if (i == j) {
                continue; // the kernel keeps it in place without counting it: j stays
            }
            rates[j++] = cur;
            rates[i] = 0;
        }
        return j;
    }

    /** {@code minstrel_ht_group_min_rate_offset}. */
    private int groupMinRateOffset(int group, int maxDuration) {
        int sup = supported[group];
        for (int i = 0; i < MCS_GROUP_RATES && sup != 0; i++, sup >>= 1) {
            if ((sup & 1) == 0) {
                continue;
            }
            if (duration(rate(group, i)) >= maxDuration) {
                continue;
            }
            return i;
        }
        return -1;
    }

    /**
     * {@code minstrel_ht_next_inc_rate}: every group once, from the one after the last, over the supported groups
     * only (the others have no rate below any duration); without a rate the search ends where it started.
     */
    private int nextIncRate(int fastRateDur) {
        int type = SAMPLE_TYPE_INC;
        int start = sampleGroup[type];
        int group = start;
        int index = 0;
        boolean found = false;
        int n = supportedGroups.length;
        for (int j = 0, k = firstSupportedAfter[start]; j < n; j++, k = k + 1 == n ? 0 : k + 1) {
            group = supportedGroups[k];
            index = groupMinRateOffset(group, fastRateDur);
            if (index < 0) {
                continue;
            }
            index = rate(group, index & 0xf);
            if (!findSampleRate(type, index)) {
                found = true;
                break;
            }
        }
        if (!found) {
            index = 0;
            group = start;
        }
        sampleGroup[type] = group;
        return index;
    }

    /** {@code minstrel_ht_next_group_sample_rate}. */
    private int nextGroupSampleRate(int group, int sup, int offset) {
        for (int i = 0; i < MCS_GROUP_RATES; i++) {
            int idx = sampleTable[groupColumn[group]][groupIndex[group]];
            if (++groupIndex[group] >= MCS_GROUP_RATES) {
                groupIndex[group] = 0;
                if (++groupColumn[group] >= SAMPLE_COLUMNS) {
                    groupColumn[group] = 0;
                }
            }
            if (idx < offset) {
                continue;
            }
            if ((sup & (1 << idx)) == 0) {
                continue;
            }
            return rate(group, idx);
        }
        return -1;
    }

    /** {@code minstrel_ht_next_jump_rate}; {@link #slowRateOfs} is its {@code *slow_rate_ofs}. */
    private int nextJumpRate(int fastRateDur, int slowRateDur) {
        int maxDuration = slowRateDur;
        if (slowRateOfs >= MINSTREL_SAMPLE_RATES) {
            maxDuration = fastRateDur;
        }
        int[] slowRates = sampleRates[SAMPLE_TYPE_SLOW];
        int start = sampleGroup[SAMPLE_TYPE_JUMP];
        int group = start;
        int index = 0;
        boolean found = false;
        int n = supportedGroups.length;
        // every group once from the one after the last, as the kernel does, skipping those without rates at once
        for (int j = 0, k = firstSupportedAfter[start]; j < n; j++, k = k + 1 == n ? 0 : k + 1) {
            group = supportedGroups[k];
            int sup = supported[group];
            int offset = groupMinRateOffset(group, maxDuration);
            if (offset < 0) {
                continue;
            }
            index = nextGroupSampleRate(group, sup, offset);
            if (index < 0) {
                continue;
            }
            int duration = duration(index);
            int type = duration < fastRateDur ? SAMPLE_TYPE_JUMP : SAMPLE_TYPE_SLOW;
            if (findSampleRate(type, index)) {
                continue;
            }
            if (type == SAMPLE_TYPE_JUMP) {
                found = true;
                break;
            }
            if (slowRateOfs >= MINSTREL_SAMPLE_RATES) {
                continue;
            }
            if (duration >= slowRateDur) {
                continue;
            }
            // skip slow rates with high success probability
            if (probAvg[index] > frac(95, 100)) {
                continue;
            }
            slowRates[slowRateOfs++] = index;
            if (slowRateOfs >= MINSTREL_SAMPLE_RATES) {
                maxDuration = fastRateDur;
            }
        }
        if (!found) {
            index = 0;
            group = start;
        }
        sampleGroup[SAMPLE_TYPE_JUMP] = group;
        return index;
    }

    /** {@code minstrel_ht_refill_sample_rates}. */
    private void refillSampleRates() {
        int probDur = duration(maxProbRate);
        int tpDur = duration(maxTpRate[0]);
        int tp2Dur = duration(maxTpRate[1]);
        int fastRateDur = Math.min(Math.min(tpDur, tp2Dur), probDur);
        int slowRateDur = Math.max(Math.max(tpDur, tp2Dur), probDur);

        int[] rates = sampleRates[SAMPLE_TYPE_INC];
        int i = moveSampleRates(SAMPLE_TYPE_INC, fastRateDur, slowRateDur);
        while (i < MINSTREL_SAMPLE_RATES) {
            rates[i] = nextIncRate(tpDur);
            if (rates[i] == 0) {
                break;
            }
            i++;
        }

        rates = sampleRates[SAMPLE_TYPE_JUMP];
        i = moveSampleRates(SAMPLE_TYPE_JUMP, fastRateDur, slowRateDur);
        slowRateOfs = moveSampleRates(SAMPLE_TYPE_SLOW, fastRateDur, slowRateDur);
        while (i < MINSTREL_SAMPLE_RATES) {
            rates[i] = nextJumpRate(fastRateDur, slowRateDur);
            if (rates[i] == 0) {
                break;
            }
            i++;
        }
        for (int type = 0; type < 3; type++) {
            System.arraycopy(sampleRates[type], 0, curSampleRates[type], 0, MINSTREL_SAMPLE_RATES);
        }
    }

    /** The sample type {@code minstrel_ht_get_sample_rate} would use now ({@code hw->max_rates} &gt; 1). */
    private int sampleType() {
        return SAMPLE_SEQ[sampleSeq];
    }

    /** {@code __minstrel_ht_get_sample_rate} without taking the rate: what {@link #sent} will take. */
    private int peekSampleRate() {
        for (int cur : sampleRates[sampleType()]) {
            if (cur != 0) {
                return cur;
            }
        }
        return 0;
    }

    /** {@code minstrel_ht_get_sample_rate}: advances the sequence and takes the rate out of its queue. */
    private int takeSampleRate() {
        int[] rates = sampleRates[sampleType()];
        sampleSeq = (sampleSeq + 1) % SAMPLE_SEQ.length;
        for (int i = 0; i < MINSTREL_SAMPLE_RATES; i++) {
            if (rates[i] != 0) {
                int cur = rates[i];
                rates[i] = 0;
                return cur;
            }
        }
        return 0;
    }

    // ---- tx status and the rate table

    @Override
    public void txStatus(RetryChain chain, int ampduLenNow, int ampduAckLen, long nowNs) {
        totalPackets += ampduLenNow;
        if (chain.probe()) {
            samplePackets += ampduLenNow;
        }
        ampduPackets++;
        ampduLen += ampduLenNow;
        int last = chain.last();
        for (int i = 0; i <= last; i++) {
            int r = chain.rate(i);
            if (i == last) {
                success[r] += ampduAckLen;
            }
            attempts[r] += chain.used(i) * ampduLenNow;
        }
        boolean update = false;
        // check for sudden death of spatial multiplexing (max_rates > 1)
        int prob = maxProbRate;
        if (attempts[prob] > 30 && success[prob] < attempts[prob] / 4) {
            downgradeProbRate();
            update = true;
        }
        if (nowNs > lastStatsUpdate + UPDATE_INTERVAL_NS) {
            update = true;
            updateStats(nowNs);
        }
        if (update) {
            updateRates();
        }
    }

    /** {@code minstrel_downgrade_prob_rate}. */
    private void downgradeProbRate() {
        int origGroup = group(maxProbRate);
        int group = origGroup;
        while (group > 0) {
            group--;
            if (supported[group] == 0) {
                continue;
            }
            if (MinstrelGroups.STREAMS[group] > MinstrelGroups.STREAMS[origGroup]) {
                continue;
            }
            maxProbRate = maxGroupProbRate[group];
        }
    }

    /** {@code minstrel_calc_retransmit}. */
    void calcRetransmit(int index) {
        if (probAvg[index] < frac(1, 10)) {
            retryCount[index] = 1;
            retryCountRtscts[index] = 1;
            return;
        }
        retryCount[index] = 2;
        retryCountRtscts[index] = 2;
        retryUpdated[index] = true;
        int tSlot = 9;
        int cw = CW_MIN;
        int txTimeData = (int) ((long) duration(index) * avgAmpduLen() / 1000);
        // contention time for the first 2 tries
        int ctime = (tSlot * cw) >> 1;
        cw = Math.min((cw << 1) | 1, CW_MAX);
        ctime += (tSlot * cw) >> 1;
        cw = Math.min((cw << 1) | 1, CW_MAX);
        boolean legacy = MinstrelGroups.legacy(group(index));
        int oh = legacy ? overheadLegacy : overhead;
        int ohRtscts = legacy ? overheadLegacyRtscts : overheadRtscts;
        // total TX time for data and contention after the first 2 tries
        int txTime = ctime + 2 * (oh + txTimeData);
        int txTimeRtscts = ctime + 2 * (ohRtscts + txTimeData);
        // see how many more tries fit inside the segment size
        do {
            ctime = (tSlot * cw) >> 1;
            cw = Math.min((cw << 1) | 1, CW_MAX);
            txTime += ctime + oh + txTimeData;
            txTimeRtscts += ctime + ohRtscts + txTimeData;
            if (txTimeRtscts < SEGMENT_SIZE) {
                retryCountRtscts[index]++;
            }
        } while (txTime < SEGMENT_SIZE && ++retryCount[index] < MAX_RETRY);
    }

    /** {@code minstrel_ht_set_rate}: the count a series gets, and RTS/CTS on the fallback series. */
    private void setRate(int offset, int index) {
        if (!retryUpdated[index]) {
            calcRetransmit(index);
        }
        int count;
        int countRts;
        if (probAvg[index] < frac(20, 100) || retryCount[index] == 0) {
            count = 2;
            countRts = 2;
        } else {
            count = retryCount[index];
            countRts = retryCountRtscts[index];
        }
        // for fallback rates, to increase chances of getting through
        boolean rts = offset > 0;
        if (rts) {
            count = countRts;
        }
        tableRate[offset] = index;
        tableCount[offset] = count;
        tableRts[offset] = rts;
    }

    /** {@code minstrel_ht_update_rates}: max_tp_rate[0..max_rates-2], then max_prob_rate. */
    void updateRates() {
        int i = 0;
        setRate(i++, maxTpRate[0]);
        for (; i < MAX_RATES - 1; i++) {
            setRate(i, maxTpRate[i]);
        }
        setRate(i, maxProbRate);
    }

    // ---- RateControl

    /**
     * {@code minstrel_ht_get_rate} and {@code rate_control_fill_sta_table}: the rate table, with a sample rate
     * (one try, no RTS) in the first series when the sampling timer has run out and a sample rate is queued.
     */
    @Override
    public void fillChain(RetryChain chain, long nowNs) {
        chain.clear();
        int sample = nowNs >= sampleTime ? peekSampleRate() : 0;
        int first = 0;
        if (sample != 0) {
            chain.probe(true);
            chain.add(sample, modes[sample], 1, false);
            first = 1;
        }
        for (int i = first; i < MAX_RATES; i++) {
            chain.add(tableRate[i], modes[tableRate[i]], tableCount[i], tableRts[i]);
        }
    }

    /** {@code minstrel_ht_get_rate}'s side effects for a PPDU that goes out: the sampling timer and queue. */
    @Override
    public void sent(RetryChain chain, long nowNs) {
        if (nowNs < sampleTime) {
            return; // time_is_after_jiffies(mi->sample_time)
        }
        sampleTime = nowNs + SAMPLE_INTERVAL_NS;
        takeSampleRate();
    }

    @Override
    public PhyMode primaryMode() {
        return modes[tableRate[0]];
    }

    @Override
    public int rateSlots() {
        return SLOTS;
    }

    @Override
    public PhyMode mode(int rate) {
        return rate >= 0 && rate < SLOTS ? modes[rate] : null;
    }

    @Override
    public String rateName(int rate) {
        return MinstrelStats.rateName(group(rate), idx(rate));
    }

    @Override
    public String rcStats() {
        return MinstrelStats.render(this);
    }

    // ---- read access for rc_stats and tests

    int supported(int group) {
        return supported[group];
    }

    int maxTpRate(int i) {
        return maxTpRate[i];
    }

    int maxProbRate() {
        return maxProbRate;
    }

    boolean isSampleRate(int index) {
        for (int[] rates : curSampleRates) {
            for (int r : rates) {
                if (r == index) {
                    return true;
                }
            }
        }
        return false;
    }

    int probAvg(int rate) {
        return probAvg[rate];
    }

    int retryCount(int rate) {
        return retryCount[rate];
    }

    int lastSuccess(int rate) {
        return lastSuccess[rate];
    }

    int lastAttempts(int rate) {
        return lastAttempts[rate];
    }

    long succHist(int rate) {
        return succHist[rate];
    }

    long attHist(int rate) {
        return attHist[rate];
    }

    long totalPackets() {
        return totalPackets;
    }

    long samplePackets() {
        return samplePackets;
    }

    int avgAmpduLenFixed() {
        return avgAmpduLen;
    }

    int tableRate(int i) {
        return tableRate[i];
    }

    int tableCount(int i) {
        return tableCount[i];
    }

    /** Test hook: sets a rate's probability (12-bit fixed point) as if measured. */
    void setProbAvg(int rate, int prob) {
        probAvg[rate] = prob;
    }

    void setAvgAmpduLen(int fixedPoint) {
        avgAmpduLen = fixedPoint;
    }
}
