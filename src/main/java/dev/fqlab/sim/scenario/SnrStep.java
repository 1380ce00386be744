package dev.fqlab.sim.scenario;

import static dev.fqlab.sim.scenario.schema.Field.number;

import dev.fqlab.sim.scenario.schema.NumberRange;
import dev.fqlab.sim.scenario.schema.RecordSchema;

/**
 * A step of a station's SNR (scenario.md {@code stations[].snrSteps}): from {@code atS} on, the downlink SNR is
 * {@code snrDb}.
 */
public record SnrStep(double atS, double snrDb) {

    public static final RecordSchema<SnrStep> SCHEMA = RecordSchema.of(SnrStep.class, "SnrStep",
            "From atS on, the station's downlink SNR is snrDb (the uplink moves by the same amount).",
            number("atS").required().range(NumberRange.atLeast(0)).unit("s").help("When the step happens."),
            number("snrDb").required().range(ChannelSpec.SNR_RANGE).unit("dB").help("The downlink SNR from then on."));
}
