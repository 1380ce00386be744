package dev.fqlab.sim.scenario;

import dev.fqlab.sim.scenario.schema.JsonEnum;

/** A TCP flow's congestion control (scenario.md {@code congestionControl}). */
public enum CongestionControlKind implements JsonEnum {
    /** RFC 9438 (Linux's default). */
    CUBIC,
    /** RFC 5681 congestion avoidance with NewReno recovery (RFC 6582). */
    RENO,
    /** BBR v1 (Linux net/ipv4/tcp_bbr.c): model-based, paced ({@code SK_PACING_NEEDED}); needs SACK here. */
    BBR
}
