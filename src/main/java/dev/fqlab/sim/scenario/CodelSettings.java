package dev.fqlab.sim.scenario;

import static dev.fqlab.sim.scenario.schema.Field.bool;
import static dev.fqlab.sim.scenario.schema.Field.enumeration;
import static dev.fqlab.sim.scenario.schema.Field.forbidden;
import static dev.fqlab.sim.scenario.schema.Field.number;

import dev.fqlab.sim.scenario.schema.Field;
import dev.fqlab.sim.scenario.schema.NumberRange;
import dev.fqlab.sim.scenario.schema.RecordSchema;

/**
 * CoDel parameters as a scenario gives them, flat in the JSON of a qdisc or of the TXQs (RFC 8289; kernel-spec §1).
 *
 * @param ceThresholdMs shallow ECN marking threshold; null = disabled
 */
public record CodelSettings(double targetMs, double intervalMs, boolean ecn, Double ceThresholdMs,
                            CodelArithmetic arithmetic) {

    /**
     * fq_codel's CoDel: target 5 ms, interval 100 ms, ECN ({@code fq_codel_init} sets {@code cparams.ecn = true}), an
     * optional CE threshold.
     */
    public static final RecordSchema<CodelSettings> QDISC = schema(5, true, ceThreshold());

    /**
     * The codel qdisc's CoDel: as fq_codel's but without ECN, as {@code codel_init} leaves it
     * ({@code codel_params_init} in include/net/codel_impl.h sets {@code ecn = false}; tc's default is
     * {@code noecn}).
     */
    public static final RecordSchema<CodelSettings> CODEL_QDISC = schema(5, false, ceThreshold());

    /** mac80211's per-flow CoDel in the TXQs: target 20 ms, interval 100 ms, ECN; no CE threshold. */
    public static final RecordSchema<CodelSettings> TXQ = schema(20, true,
            forbidden("ceThresholdMs", "ceThresholdMs", "unknown field: mac80211's TXQ CoDel has no CE threshold"));

    private static Field ceThreshold() {
        return number("ceThresholdMs").nullable().range(NumberRange.closed(0, 100_000)).unit("ms")
                .help("Shallow ECN marking threshold (ce_threshold): ECT packets whose sojourn time exceeds it are "
                        + "marked CE; null = disabled.");
    }

    private static RecordSchema<CodelSettings> schema(double targetMs, boolean ecn, Field ceThreshold) {
        return RecordSchema.of(CodelSettings.class, "Codel", "CoDel's parameters (RFC 8289, include/net/codel.h).",
                number("targetMs").defaultValue(targetMs).range(NumberRange.openClosed(0, 10_000)).unit("ms")
                        .help("CoDel target: the acceptable standing sojourn time."),
                number("intervalMs").defaultValue(100.0).range(NumberRange.openClosed(0, 100_000)).unit("ms")
                        .help("CoDel interval: how long the sojourn time must stay above target before a drop."),
                bool("ecn").defaultValue(ecn).help("Mark ECN-capable packets instead of dropping them."),
                ceThreshold,
                enumeration("codelArithmetic", CodelArithmetic.class).defaultValue(CodelArithmetic.LINUX)
                        .help("\"linux\" uses the kernel's integer Newton step for 1/√count, 1024 ns time units in a "
                                + "wrapping u32 and strict comparisons; \"exact\" uses floating-point 1/√count and "
                                + "RFC 8289's comparisons.").component("arithmetic"));
    }
}
