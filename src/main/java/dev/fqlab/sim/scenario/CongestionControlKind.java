package dev.fqlab.sim.scenario;

/** A TCP flow's congestion control (scenario.md {@code congestionControl}). */
public enum CongestionControlKind {
    /** RFC 9438 (Linux's default). */
    CUBIC("cubic"),
    /** RFC 5681 congestion avoidance with NewReno recovery (RFC 6582). */
    RENO("reno");

    private final String json;

    CongestionControlKind(String json) {
        this.json = json;
    }

    public String json() {
        return json;
    }
}
