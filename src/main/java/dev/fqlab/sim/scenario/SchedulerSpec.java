package dev.fqlab.sim.scenario;

import static dev.fqlab.sim.scenario.schema.Field.bool;
import static dev.fqlab.sim.scenario.schema.Field.integer;

import dev.fqlab.sim.scenario.schema.IntRange;
import dev.fqlab.sim.scenario.schema.RecordSchema;
import dev.fqlab.sim.scenario.schema.Variants;

/** Which station's TXQ the driver serves next (scenario.md {@code stack.scheduler}; kernel-spec §4). */
public sealed interface SchedulerSpec permits SchedulerSpec.RoundRobin, SchedulerSpec.Airtime {

    Variants<SchedulerSpec> VARIANTS = Variants.of("scheduler", "Scheduler",
            "Which station's TXQ the driver serves next (wifi links only).",
            RoundRobin.SCHEMA, Airtime.SCHEMA);

    String type();

    /** Plain round robin over active TXQs (kernel-spec §4.2). */
    record RoundRobin() implements SchedulerSpec {
        static final RecordSchema<RoundRobin> SCHEMA = RecordSchema.variant(RoundRobin.class, "round-robin",
                "Round robin over the active TXQs.");

        @Override
        public String type() {
            return "round-robin";
        }
    }

    /**
     * mac80211's airtime deficit round robin (kernel-spec §4.3).
     *
     * @param quantumUs airtime a station's deficit is topped up with, scaled by its weight / 256
     * @param chargeRx whether airtime the station uses to transmit (uplink) counts against it too
     */
    record Airtime(int quantumUs, boolean chargeRx) implements SchedulerSpec {
        static final RecordSchema<Airtime> SCHEMA = RecordSchema.variant(Airtime.class, "airtime",
                "mac80211's deficit round robin on airtime per station.",
                integer("quantumUs").defaultValue(256).range(IntRange.of(1, 100_000)).unit("µs")
                        .help("Airtime a station's deficit is topped up with, scaled by its airtimeWeight / 256."),
                bool("chargeRx").defaultValue(true)
                        .help("Whether airtime a station uses to transmit (uplink) counts against it too."));

        @Override
        public String type() {
            return "airtime";
        }
    }
}
