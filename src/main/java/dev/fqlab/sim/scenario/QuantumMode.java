package dev.fqlab.sim.scenario;

import dev.fqlab.sim.scenario.schema.JsonEnum;

/** fq_codel's and mac80211's credit for a newly active flow (scenario.md {@code quantumMode}). */
public enum QuantumMode implements JsonEnum {
    /** Linux DRR: a new flow gets {@code quantum} bytes of credit. */
    BYTES,
    /** "Better mixing" (seed 003): a new flow gets {@code min(quantum, first packet's length)}. */
    PACKETS
}
