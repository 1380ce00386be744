package dev.fqlab.sim.core;

/** Thrown from the event loop when {@link RunControl#cancelled()} turns true. */
public final class SimulationCancelledException extends RuntimeException {
    public SimulationCancelledException(long simulatedNs) {
        super("simulation cancelled at " + simulatedNs / 1_000_000 + " ms simulated time");
    }
}
