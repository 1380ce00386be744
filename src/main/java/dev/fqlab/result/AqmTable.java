package dev.fqlab.result;

import dev.fqlab.sim.result.SimulationResult;
import dev.fqlab.sim.result.TxqResult;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The per-station TXQ counters in mac80211's debugfs {@code aqm} format (kernel-spec §3.7;
 * {@code net/mac80211/debugfs_sta.c}): per station a CoDel parameter line, the column header and one row per TID
 * 0–15 — {@code tid}, the AC as debugfs numbers it (0 VO, 1 VI, 2 BE, 3 BK), the counters, and the flags. TIDs
 * without traffic print zeros, as the kernel does. Each block starts with a {@code station NAME} line so that
 * several stations stay apart.
 */
final class AqmTable {
    static final String HEADER = "tid ac backlog-bytes backlog-packets new-flows drops marks overlimit collisions "
            + "tx-bytes tx-packets flags";
    private static final int[] DEBUGFS_AC_OF_TID = {2, 3, 3, 2, 1, 1, 0, 0};

    private AqmTable() {
    }

    /**
     * @param stations the stations in scenario order
     * @param ampdu whether mac80211 runs the BlockAck sessions (flag {@code AMPDU}, ath9k); firmware drivers
     *              handle aggregation themselves, so their TXQs show plain {@code RUN}
     */
    static String render(SimulationResult result, List<String> stations, double targetMs, double intervalMs,
                         boolean ecn, boolean ampdu) {
        Map<String, TxqResult> byKey = new LinkedHashMap<>();
        for (TxqResult txq : result.txqs()) {
            byKey.put(txq.station() + "/" + txq.tid(), txq);
        }
        StringBuilder out = new StringBuilder();
        for (String station : stations) {
            if (!out.isEmpty()) {
                out.append('\n');
            }
            out.append("station ").append(station).append('\n');
            out.append("target ").append(Math.round(targetMs * 1000)).append("us interval ")
                    .append(Math.round(intervalMs * 1000)).append("us ecn ").append(ecn ? "yes" : "no").append('\n');
            out.append(HEADER).append('\n');
            for (int tid = 0; tid < 16; tid++) {
                TxqResult q = byKey.get(station + "/" + tid);
                out.append(tid).append(' ').append(DEBUGFS_AC_OF_TID[tid % 8]);
                if (q == null) {
                    out.append(" 0 0 0 0 0 0 0 0 0");
                } else {
                    out.append(' ').append(q.backlogBytes()).append(' ').append(q.backlogPackets())
                            .append(' ').append(q.newFlows()).append(' ').append(q.drops())
                            .append(' ').append(q.marks()).append(' ').append(q.overlimit())
                            .append(' ').append(q.collisions()).append(' ').append(q.txBytes())
                            .append(' ').append(q.txPackets());
                }
                boolean session = ampdu && q != null && q.txPackets() > 0;
                out.append(session ? " 0x2(RUN AMPDU)" : " 0x0(RUN)").append('\n');
            }
        }
        return out.toString();
    }
}
