package dev.fqlab.jobs;

import dev.fqlab.sim.core.RunControl;
import dev.fqlab.sim.result.SimulationResult;
import dev.fqlab.sim.scenario.Scenario;

/**
 * The engine as the worker sees it: {@code dev.fqlab.sim.ScenarioRunner::run} in production. An interface so a
 * test can slow a run down or make it fail without touching the engine.
 */
@FunctionalInterface
public interface SimulationEngine {

    /**
     * Runs one simulation on the calling thread.
     *
     * @throws dev.fqlab.sim.core.SimulationCancelledException when {@code control} asks to stop
     */
    SimulationResult run(Scenario scenario, RunControl control);
}
