package dev.fqlab.sim.scenario;

import static dev.fqlab.sim.scenario.schema.Field.bool;
import static dev.fqlab.sim.scenario.schema.Field.integer;

import dev.fqlab.sim.scenario.schema.IntRange;
import dev.fqlab.sim.scenario.schema.RecordSchema;
import dev.fqlab.sim.scenario.schema.Report;
import dev.fqlab.sim.scenario.schema.Scope;

/** Airtime queue limits (scenario.md {@code stack.aql}; kernel-spec §4.5), in microseconds of airtime. */
public record AqlSpec(boolean enabled, int lowUs, int highUs, int thresholdUs) {

    private static final IntRange AQL_US = IntRange.of(1, 1_000_000);

    public static final RecordSchema<AqlSpec> SCHEMA = RecordSchema.of(AqlSpec.class, "Aql",
            "Airtime queue limits: how much airtime may be queued below mac80211 (wifi links only). A station's AC "
                    + "may dequeue while its pending airtime is below lowUs, or below highUs while the radio's total is "
                    + "below thresholdUs.",
            bool("enabled").defaultValue(false).help("Apply the limits (needs txqs.enabled)."),
            integer("lowUs").defaultValue(5000).range(AQL_US).unit("µs")
                    .help("Per-station, per-AC low limit; ≤ highUs."),
            integer("highUs").defaultValue(12000).range(AQL_US).unit("µs")
                    .help("Per-station, per-AC high limit; ≥ lowUs."),
            integer("thresholdUs").defaultValue(24000).range(AQL_US).unit("µs").help("Radio-wide threshold."))
            .rule(AqlSpec::lowNotAboveHigh)
            .rule(AqlSpec::needsTxqs);

    /** Reported at the field the user wrote: highUs if given, else lowUs against highUs' default. */
    private static void lowNotAboveHigh(Scope aql, Report report) {
        Long low = aql.integer("lowUs");
        Long high = aql.integer("highUs");
        if (low == null || high == null || low <= high) {
            return;
        }
        if (aql.has("highUs")) {
            report.fail("highUs", "must be ≥ lowUs (" + low + ") (got " + high + ")");
        } else {
            report.fail("lowUs", "must be ≤ highUs (" + high + ", its default) (got " + low + ")");
        }
    }

    /** mac80211 keeps AQL's accounting in ieee80211_tx_dequeue: without TXQs nothing would count airtime. */
    private static void needsTxqs(Scope aql, Report report) {
        if (Boolean.TRUE.equals(aql.bool("enabled")) && Boolean.FALSE.equals(TxqsSpec.enabled(aql.parent()))) {
            report.fail("enabled", "must be false when txqs.enabled is false: AQL limits what leaves mac80211's TXQs");
        }
    }
}
