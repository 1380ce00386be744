package dev.fqlab.sim;

import dev.fqlab.sim.core.RunControl;
import dev.fqlab.sim.result.SimulationResult;
import dev.fqlab.sim.scenario.Scenario;

/**
 * The engine's one entry point: builds the model a validated scenario describes, runs the event loop and
 * collects the result (results.md). Deterministic: the same scenario (seed included) gives an equal result,
 * apart from the wall-clock fields of {@code engine}.
 */
public final class ScenarioRunner {

    private ScenarioRunner() {
    }

    /**
     * Runs one simulation on the calling thread.
     *
     * @throws dev.fqlab.sim.core.SimulationCancelledException when {@code control} asks to stop
     */
    public static SimulationResult run(Scenario scenario, RunControl control) {
        throw new IllegalStateException("engine not built yet");
    }
}
