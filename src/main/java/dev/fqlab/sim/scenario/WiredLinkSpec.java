package dev.fqlab.sim.scenario;

/**
 * A wired bottleneck (scenario.md {@code link}, type {@code wired}): {@code rateMbps} down (server side →
 * receivers), {@code upRateMbps} up, the stack's qdisc on the egress of each direction.
 *
 * @param lossRate probability that the link loses a packet after serialising it
 * @param l2OverheadBytes bytes added to every IP packet for qdisc accounting and serialisation (Ethernet: 14)
 */
public record WiredLinkSpec(double rateMbps, double upRateMbps, double lossRate, int l2OverheadBytes)
        implements LinkSpec {
    @Override
    public String type() {
        return "wired";
    }
}
