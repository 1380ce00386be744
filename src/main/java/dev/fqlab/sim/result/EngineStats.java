package dev.fqlab.sim.result;

/**
 * How the run went. {@code events} and {@code packets} are deterministic; the wall-clock fields
 * ({@code wallS}, {@code eventsPerS}, {@code speedup}) describe the machine, not the simulation.
 */
public record EngineStats(double wallS, long events, double eventsPerS, long packets, double speedup) {
}
