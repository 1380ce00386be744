package dev.fqlab.sim.scenario;

/** fq_codel's credit for a newly active flow (scenario.md {@code quantumMode}). */
public enum QuantumMode {
    /** Linux DRR: a new flow gets {@code quantum} bytes of credit. */
    BYTES("bytes"),
    /** "Better mixing" (seed 003): a new flow gets {@code min(quantum, first packet's length)}. */
    PACKETS("packets");

    private final String json;

    QuantumMode(String json) {
        this.json = json;
    }

    public String json() {
        return json;
    }
}
