package dev.fqlab.sim.scenario;

import dev.fqlab.sim.scenario.schema.JsonEnum;

/** fq_codel's and mac80211's credit for a newly active flow (scenario.md {@code quantumMode}). */
public enum QuantumMode implements JsonEnum {
    BYTES("bytes", "Linux DRR: a flow entering the new list gets quantum bytes of credit"),
    PACKETS("packets",
            "seed 003's patch: a newly active flow gets min(quantum, its first packet's length), then byte DRR");

    private final String json;
    private final String doc;

    QuantumMode(String json, String doc) {
        this.json = json;
        this.doc = doc;
    }

    @Override
    public String json() {
        return json;
    }

    @Override
    public String doc() {
        return doc;
    }
}
