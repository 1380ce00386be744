package dev.fqlab.sim.wifi.rc;

import static dev.fqlab.sim.wifi.rc.MinstrelGroups.CCK_GROUP;
import static dev.fqlab.sim.wifi.rc.MinstrelGroups.GROUPS;
import static dev.fqlab.sim.wifi.rc.MinstrelGroups.MCS_GROUP_RATES;
import static dev.fqlab.sim.wifi.rc.MinstrelGroups.OFDM_GROUP;

import java.util.Locale;

/**
 * Minstrel-HT's debugfs {@code rc_stats} file, net/mac80211/rc80211_minstrel_ht_debugfs.c (Linux 6.18,
 * {@code minstrel_ht_stats_open}, {@code minstrel_ht_stats_dump}): the header, one line per supported rate (CCK
 * group first, then HT, OFDM and VHT), the packet totals and the average A-MPDU length, with the kernel's
 * {@code sprintf} formats. Built on demand, at the end of a run.
 */
final class MinstrelStats {
    private MinstrelStats() {
    }

    static String render(MinstrelHt mi) {
        StringBuilder p = new StringBuilder();
        p.append('\n');
        p.append("              best    ____________rate__________    ____statistics___    _____last____    "
                + "______sum-of________\n");
        p.append("mode guard #  rate   [name   idx airtime  max_tp]  [avg(tp) avg(prob)]  [retry|suc|att]  "
                + "[#success | #attempts]\n");
        dump(mi, CCK_GROUP, p);
        int i;
        for (i = 0; i < CCK_GROUP; i++) {
            dump(mi, i, p);
        }
        for (i++; i < GROUPS; i++) {
            dump(mi, i, p);
        }
        p.append(String.format(Locale.ROOT, "\nTotal packet count::    ideal %d      lookaround %d\n",
                Math.max(0, mi.totalPackets() - mi.samplePackets()), mi.samplePackets()));
        int avg = mi.avgAmpduLenFixed();
        if (avg != 0) {
            p.append(String.format(Locale.ROOT, "Average # of aggregated frames per A-MPDU: %d.%d\n",
                    MinstrelHt.trunc(avg), MinstrelHt.trunc(avg * 10L) % 10));
        }
        return p.toString();
    }

    private static void dump(MinstrelHt mi, int i, StringBuilder p) {
        int sup = mi.supported(i);
        if (sup == 0) {
            return;
        }
        MinstrelGroups.Kind kind = MinstrelGroups.KIND[i];
        char htmode = bwChar(i);
        char gimode = MinstrelGroups.SGI[i] ? 'S' : 'L';
        int streams = MinstrelGroups.STREAMS[i];
        for (int j = 0; j < MCS_GROUP_RATES; j++) {
            if ((sup & (1 << j)) == 0) {
                continue;
            }
            int idx = MinstrelHt.rate(i, j);
            switch (kind) {
                case HT -> p.append("HT").append(htmode).append("0  ").append(gimode).append("GI  ")
                        .append(streams).append("  ");
                case VHT -> p.append("VHT").append(htmode).append("0 ").append(gimode).append("GI ")
                        .append(streams).append("  ");
                case OFDM -> p.append("OFDM       ").append("1 ");
                case CCK -> p.append("CCK    ").append(j < 4 ? 'L' : 'S').append("P  ").append("1 ");
            }
            p.append(idx == mi.maxTpRate(0) ? 'A' : ' ');
            p.append(idx == mi.maxTpRate(1) ? 'B' : ' ');
            p.append(idx == mi.maxTpRate(2) ? 'C' : ' ');
            p.append(idx == mi.maxTpRate(3) ? 'D' : ' ');
            p.append(idx == mi.maxProbRate() ? 'P' : ' ');
            p.append(mi.isSampleRate(idx) ? 'S' : ' ');
            switch (kind) {
                case HT -> p.append(String.format(Locale.ROOT, "  MCS%-2d", (streams - 1) * 8 + j));
                case VHT -> p.append(String.format(Locale.ROOT, "  MCS%-1d/%1d", j, streams));
                default -> {
                    int r = i == OFDM_GROUP ? MinstrelGroups.OFDM_BITRATES[j % 8] : MinstrelGroups.CCK_BITRATES[j % 4];
                    p.append(String.format(Locale.ROOT, "   %2d.%1dM", r / 10, r % 10));
                }
            }
            p.append(String.format(Locale.ROOT, "  %3d  ", idx));
            int duration = MinstrelGroups.duration(i, j);
            int txTime = (duration + 500) / 1000; // DIV_ROUND_CLOSEST(duration, 1000)
            p.append(String.format(Locale.ROOT, "%6d  ", txTime));
            int tpMax = mi.tpAvg(i, j, MinstrelHt.frac(100, 100));
            int tpAvg = mi.tpAvg(i, j, mi.probAvg(idx));
            int eprob = MinstrelHt.trunc(mi.probAvg(idx) * 1000L);
            p.append(String.format(Locale.ROOT,
                    "%4d.%1d    %4d.%1d     %3d.%1d     %3d   %3d %-3d   %9d   %-9d\n",
                    tpMax / 10, tpMax % 10, tpAvg / 10, tpAvg % 10, eprob / 10, eprob % 10,
                    mi.retryCount(idx), mi.lastSuccess(idx), mi.lastAttempts(idx), mi.succHist(idx),
                    mi.attHist(idx)));
        }
    }

    private static char bwChar(int group) {
        if (MinstrelGroups.KIND[group] == MinstrelGroups.Kind.HT || MinstrelGroups.KIND[group] == MinstrelGroups.Kind.VHT) {
            return switch (MinstrelGroups.BW[group]) {
                case 1 -> '4';
                case 2 -> '8';
                default -> '2';
            };
        }
        return '2';
    }

    /** The rate's name as its rc_stats line shows it: {@code HT40 SGI MCS15}, {@code VHT80 LGI MCS9/4}, {@code OFDM 54.0M}. */
    static String rateName(int group, int j) {
        return switch (MinstrelGroups.KIND[group]) {
            case HT -> "HT" + bwChar(group) + "0 " + (MinstrelGroups.SGI[group] ? "SGI" : "LGI") + " MCS"
                    + ((MinstrelGroups.STREAMS[group] - 1) * 8 + j);
            case VHT -> "VHT" + bwChar(group) + "0 " + (MinstrelGroups.SGI[group] ? "SGI" : "LGI") + " MCS" + j + "/"
                    + MinstrelGroups.STREAMS[group];
            case OFDM -> "OFDM " + MinstrelGroups.OFDM_BITRATES[j % 8] / 10 + "." + MinstrelGroups.OFDM_BITRATES[j % 8] % 10 + "M";
            case CCK -> "CCK " + MinstrelGroups.CCK_BITRATES[j % 4] / 10 + "." + MinstrelGroups.CCK_BITRATES[j % 4] % 10 + "M";
        };
    }
}
