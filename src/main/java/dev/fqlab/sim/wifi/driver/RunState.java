package dev.fqlab.sim.wifi.driver;

/**
 * What the firmware driver's core is doing (kernel-spec §5.2 with the {@link HostCpu} model): nothing, or one
 * kind of job.
 */
enum RunState {
    /** No job: the next wake or completion may start one. */
    IDLE,
    /** per-wake: handing the firmware one frame a wake call took from its TXQ. */
    HAND_OVER,
    /** per-wake: after a TXOP, taking one frame from a TXQ that still holds frames. */
    REFILL,
    /** drain-all, budget, pull: a run over the TXQs in scheduler order while the firmware has room. */
    DRAIN,
    /** Any firmware driver: processing the firmware's TX completion indications of the frames a TXOP finished. */
    COMPLETION
}
