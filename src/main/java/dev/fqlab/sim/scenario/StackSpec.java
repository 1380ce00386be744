package dev.fqlab.sim.scenario;

import static dev.fqlab.sim.scenario.schema.Field.object;
import static dev.fqlab.sim.scenario.schema.Field.variant;

import dev.fqlab.sim.scenario.schema.RecordSchema;
import dev.fqlab.sim.scenario.schema.Scope;
import dev.fqlab.sim.scenario.schema.When;

/**
 * The queueing stack (scenario.md {@code stack}). Wired links have only the interface qdisc; the WiFi parts
 * ({@code txqs}, {@code scheduler}, {@code aql}, {@code driver}) are null there.
 */
public record StackSpec(QdiscSpec qdisc, TxqsSpec txqs, SchedulerSpec scheduler, AqlSpec aql, DriverSpec driver) {

    private static final String WIFI_ONLY = "wifi links only";

    public static final RecordSchema<StackSpec> SCHEMA = RecordSchema.of(StackSpec.class, "Stack",
            "The queueing stack. On a wired link it is the interface qdisc only (txqs, scheduler, aql and driver are "
                    + "rejected there); on a wifi link all five parts, each with its defaults.",
            variant("qdisc", QdiscSpec.VARIANTS)
                    .defaultValue(StackSpec::defaultQdisc,
                            "fq_codel on a wired link; on a wifi link noqueue when txqs.enabled, else pfifo")
                    .help("The interface qdisc."),
            object("txqs", TxqsSpec.SCHEMA).when(StackSpec::wifiOnly, WIFI_ONLY)
                    .help("mac80211's intermediate TX queues."),
            variant("scheduler", SchedulerSpec.VARIANTS).defaultValue("round-robin").when(StackSpec::wifiOnly, WIFI_ONLY)
                    .help("Which station's TXQ the driver serves next."),
            object("aql", AqlSpec.SCHEMA).when(StackSpec::wifiOnly, WIFI_ONLY).help("Airtime queue limits."),
            object("driver", DriverSpec.SCHEMA).when(StackSpec::wifiOnly, WIFI_ONLY)
                    .help("How the driver pulls from the TXQs."));

    /** A wired link's stack: just the qdisc. */
    public StackSpec(QdiscSpec qdisc) {
        this(qdisc, null, null, null, null);
    }

    /** The default qdisc's type; null when it depends on an invalid txqs.enabled (already reported). */
    private static Object defaultQdisc(Scope stack) {
        if (!"wifi".equals(Scenario.linkType(stack))) {
            return "fq_codel";
        }
        Boolean txqs = TxqsSpec.enabled(stack);
        return txqs == null ? null : txqs ? "noqueue" : "pfifo";
    }

    private static When wifiOnly(Scope stack) {
        String link = Scenario.linkType(stack);
        return link == null ? When.SKIPPED
                : link.equals("wifi") ? When.APPLIES : When.rejected("applies to wifi links only");
    }
}
