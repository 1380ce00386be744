package dev.fqlab.sim.scenario;

import dev.fqlab.sim.scenario.schema.JsonEnum;

/** How fq_codel's and mac80211's deficit round robin credits a flow (scenario.md {@code quantumMode}). */
public enum QuantumMode implements JsonEnum {
    /** Linux DRR: a new flow gets {@code quantum} bytes of credit. */
    BYTES,
    /** "Better mixing", seed 003's patch: a new flow gets {@code min(quantum, first packet's length)}. */
    PACKETS,
    /** What seed 003 asked for: every flow, new or old, sends exactly one packet per turn, whatever its size. */
    PACKET_ROUND_ROBIN
}
