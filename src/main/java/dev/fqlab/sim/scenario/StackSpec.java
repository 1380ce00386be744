package dev.fqlab.sim.scenario;

/**
 * The queueing stack (scenario.md {@code stack}). Wired links have only the interface qdisc; the WiFi parts
 * ({@code txqs}, {@code scheduler}, {@code aql}, {@code driver}) are null there.
 */
public record StackSpec(QdiscSpec qdisc, TxqsSpec txqs, SchedulerSpec scheduler, AqlSpec aql, DriverSpec driver) {

    /** A wired link's stack: just the qdisc. */
    public StackSpec(QdiscSpec qdisc) {
        this(qdisc, null, null, null, null);
    }
}
