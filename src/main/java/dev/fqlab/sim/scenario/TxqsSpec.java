package dev.fqlab.sim.scenario;

/**
 * mac80211's intermediate TX queues (scenario.md {@code stack.txqs}; kernel-spec §3): one TXQ per station and
 * TID sharing one flow table per radio.
 *
 * @param fq false = one plain FIFO per TXQ
 * @param flows buckets of the radio-wide flow table (4096)
 * @param limit radio-wide packet limit (8192)
 * @param memoryLimitBytes radio-wide truesize limit (16 MiB)
 * @param quantum DRR quantum in bytes (300)
 * @param codel CoDel per flow: 20 ms / 100 ms / ECN by default; mac80211 has no ce_threshold, so it is null
 * @param collisionCheck true: a packet whose bucket another TXQ owns goes to its TXQ's default flow; false: the
 *                       pre-fix check of seed 000, any owned bucket (even by its own TXQ) sends it there
 */
public record TxqsSpec(boolean enabled, boolean fq, int flows, int limit, long memoryLimitBytes, int quantum,
                       QuantumMode quantumMode, CodelSettings codel, boolean collisionCheck) {
}
