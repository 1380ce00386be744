package dev.fqlab.sim.scenario;

import static dev.fqlab.sim.scenario.schema.Field.integer;
import static dev.fqlab.sim.scenario.schema.Field.number;

import dev.fqlab.sim.scenario.schema.IntRange;
import dev.fqlab.sim.scenario.schema.NumberRange;
import dev.fqlab.sim.scenario.schema.RecordSchema;

/**
 * A wired bottleneck (scenario.md {@code link}, type {@code wired}): {@code rateMbps} down (server side →
 * receivers), {@code upRateMbps} up, the stack's qdisc on the egress of each direction.
 *
 * @param lossRate probability that the link loses a packet after serialising it
 * @param l2OverheadBytes bytes added to every IP packet for qdisc accounting and serialisation (Ethernet: 14)
 */
public record WiredLinkSpec(double rateMbps, double upRateMbps, double lossRate, int l2OverheadBytes)
        implements LinkSpec {

    /**
     * 1 bit/s to 100 Gbit/s: below 1 bit/s a frame's serialisation time no longer fits the engine's nanosecond
     * clock (the largest frame takes 6 days at 1 bit/s).
     */
    private static final NumberRange RATE_MBPS = NumberRange.closed(0.000001, 100_000);

    public static final RecordSchema<WiredLinkSpec> SCHEMA = RecordSchema.variant(WiredLinkSpec.class, "wired",
            "One bottleneck link with the stack's qdisc on its egress in each direction, like an HTB-shaped interface.",
            number("rateMbps").required().range(RATE_MBPS).unit("Mbit/s")
                    .help("Rate of the down direction (server side → receivers)."),
            number("upRateMbps").defaultValue(link -> link.number("rateMbps"), "rateMbps").range(RATE_MBPS)
                    .unit("Mbit/s").help("Rate of the up direction."),
            number("lossRate").defaultValue(0).range(NumberRange.closedOpen(0, 1))
                    .help("Probability that the link loses a packet."),
            integer("l2OverheadBytes").defaultValue(14).range(IntRange.of(0, 256)).unit("bytes")
                    .help("Added to every IP packet for qdisc accounting and serialisation (Ethernet: a 1500-byte IP "
                            + "packet is a 1514-byte frame, one default quantum)."));

    @Override
    public String type() {
        return "wired";
    }
}
