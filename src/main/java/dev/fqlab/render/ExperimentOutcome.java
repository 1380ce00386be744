package dev.fqlab.render;

import dev.fqlab.experiment.Experiment;
import dev.fqlab.sim.result.SimulationResult;
import java.time.Instant;

/**
 * Everything a rendering shows: the experiment as stored, the facts of its normalized scenario that the
 * renderings need, and its result.
 */
public record ExperimentOutcome(Experiment experiment, ScenarioFacts scenario, SimulationResult result) {

    /** A title for people: the experiment's name, else its id. */
    public String title() {
        return experiment.name() == null || experiment.name().isBlank() ? experiment.id().toString() : experiment.name();
    }

    /**
     * When the simulated clock started, in wall time: the run's start (the submission for a result written
     * before start times were kept). Flent's T0 and Grafana's time axis both anchor simulated seconds here.
     */
    public Instant t0() {
        return experiment.startedAt() != null ? experiment.startedAt() : experiment.submittedAt();
    }
}
