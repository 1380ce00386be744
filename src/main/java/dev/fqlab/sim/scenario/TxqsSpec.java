package dev.fqlab.sim.scenario;

import static dev.fqlab.sim.scenario.schema.Field.bool;
import static dev.fqlab.sim.scenario.schema.Field.enumeration;
import static dev.fqlab.sim.scenario.schema.Field.flat;
import static dev.fqlab.sim.scenario.schema.Field.integer;

import dev.fqlab.sim.scenario.schema.IntRange;
import dev.fqlab.sim.scenario.schema.RecordSchema;
import dev.fqlab.sim.scenario.schema.Scope;

/**
 * mac80211's intermediate TX queues (scenario.md {@code stack.txqs}; kernel-spec §3): one TXQ per station and
 * TID sharing one flow table per radio.
 *
 * @param fq false = one plain FIFO per TXQ
 * @param flows buckets of the radio-wide flow table (4096)
 * @param limit radio-wide packet limit (8192)
 * @param memoryLimitBytes radio-wide truesize limit: 16 MiB on a VHT radio, 4 MiB otherwise
 * @param quantum DRR quantum in bytes (300)
 * @param codel CoDel per flow: 20 ms / 100 ms / ECN by default; mac80211 has no ce_threshold, so it is null
 * @param collisionCheck true: a packet whose bucket another TXQ owns goes to its TXQ's default flow; false: the
 *                       pre-fix check of seed 000, any owned bucket (even by its own TXQ) sends it there
 */
public record TxqsSpec(boolean enabled, boolean fq, int flows, int limit, long memoryLimitBytes, int quantum,
                       QuantumMode quantumMode, CodelSettings codel, boolean collisionCheck) {

    /** {@code fq_init}'s memory limit, which mac80211 keeps on a radio with VHT (include/net/fq_impl.h). */
    public static final long VHT_MEMORY_LIMIT = 16L << 20;
    /** {@code ieee80211_txq_setup_flows} (net/mac80211/tx.c): 4 MiB when no band of the radio supports VHT. */
    public static final long NON_VHT_MEMORY_LIMIT = 4L << 20;

    public static final RecordSchema<TxqsSpec> SCHEMA = RecordSchema.of(TxqsSpec.class, "Txqs",
            "mac80211's intermediate TX queues: one per station and TID, sharing one flow table per radio, with fq and "
                    + "CoDel per flow (wifi links only; net/mac80211/tx.c, include/net/fq_impl.h).",
            bool("enabled").defaultValue(true)
                    .help("Use the TXQs. With false, packets go from the qdisc to the driver's legacy per-AC buffer "
                            + "(driver.hwQueuePackets), and the qdisc cannot be noqueue."),
            bool("fq").defaultValue(true).help("Flow queueing within each TXQ; false = one plain FIFO per TXQ."),
            integer("flows").defaultValue(4096).range(IntRange.of(1, 65536))
                    .help("Buckets of the radio-wide flow table."),
            integer("limit").defaultValue(8192).range(IntRange.of(1, 1_000_000)).unit("packets")
                    .help("Radio-wide packet limit."),
            integer("memoryLimitBytes")
                    .defaultValue(TxqsSpec::memoryLimit, VHT_MEMORY_LIMIT + " (16 MiB) on an 802.11ac (VHT) radio, "
                            + NON_VHT_MEMORY_LIMIT + " (4 MiB) on 802.11n and 802.11a")
                    .range(IntRange.of(1, 2_147_483_648L)).unit("bytes")
                    .help("Radio-wide memory limit (truesize of queued packets). mac80211 keeps fq_init's 16 MiB only "
                            + "when a band of the radio supports VHT; otherwise ieee80211_txq_setup_flows sets 4 MiB "
                            + "(\"64 max-size aggregates in 802.11n\")."),
            integer("quantum").defaultValue(300).range(IntRange.of(1, 1 << 20)).unit("bytes").help("DRR quantum."),
            enumeration("quantumMode", QuantumMode.class).defaultValue(QuantumMode.BYTES)
                    .help("A newly active flow's credit: \"bytes\" is Linux DRR (quantum bytes); \"packets\" is seed "
                            + "003's patch (min(quantum, its first packet's length)), then byte DRR; "
                            + "\"packet-round-robin\" gives every flow, new or old, one packet per turn whatever its "
                            + "size."),
            flat("codel", CodelSettings.TXQ),
            bool("collisionCheck").defaultValue(true)
                    .help("true: a packet whose hashed flow another TXQ owns goes to its own TXQ's default flow. "
                            + "false: the check before the fix of seed 000, any owned flow (even by its own TXQ) sends "
                            + "it there."));

    /** The radio's default memory limit; null while the link's standard is unknown (already reported). */
    private static Object memoryLimit(Scope txqs) {
        PhyStandard standard = WifiLinkSpec.standard(txqs);
        return standard == null ? null : standard == PhyStandard.AC ? VHT_MEMORY_LIMIT : NON_VHT_MEMORY_LIMIT;
    }

    /** {@code txqs.enabled} of a stack: null when it is unknown (txqs or enabled invalid, or not a wifi stack). */
    static Boolean enabled(Scope stack) {
        Scope txqs = stack.object("txqs");
        return txqs == null ? null : txqs.bool("enabled");
    }
}
