package dev.fqlab.sim.scenario;

import dev.fqlab.sim.scenario.schema.JsonEnum;

/** A TCP flow's congestion control (scenario.md {@code congestionControl}). */
public enum CongestionControlKind implements JsonEnum {
    CUBIC("cubic", "RFC 9438 with Linux's HyStart (Linux's default)"),
    RENO("reno", "RFC 5681 congestion avoidance with NewReno recovery (RFC 6582)");

    private final String json;
    private final String doc;

    CongestionControlKind(String json, String doc) {
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
