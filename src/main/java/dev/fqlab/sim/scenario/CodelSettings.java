package dev.fqlab.sim.scenario;

/**
 * CoDel parameters as a scenario gives them (flat in the JSON of a qdisc).
 *
 * @param ceThresholdMs shallow ECN marking threshold; null = disabled
 */
public record CodelSettings(double targetMs, double intervalMs, boolean ecn, Double ceThresholdMs,
                            CodelArithmetic arithmetic) {
}
