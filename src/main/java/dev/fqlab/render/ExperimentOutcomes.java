package dev.fqlab.render;

import dev.fqlab.experiment.Experiment;
import dev.fqlab.experiment.ExperimentService;
import dev.fqlab.experiment.StoredScenarios;
import dev.fqlab.result.StoredResults;
import dev.fqlab.sim.result.SimulationResult;
import java.util.UUID;
import org.springframework.stereotype.Component;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** Loads what the renderings need; the same 404 and 409 answers as {@code /result}. */
@Component
public class ExperimentOutcomes {

    private final ExperimentService experiments;
    private final StoredResults results;
    private final StoredScenarios scenarios;
    private final JsonMapper jsonMapper;

    public ExperimentOutcomes(ExperimentService experiments, StoredResults results, StoredScenarios scenarios,
            JsonMapper jsonMapper) {
        this.experiments = experiments;
        this.results = results;
        this.scenarios = scenarios;
        this.jsonMapper = jsonMapper;
    }

    public ExperimentOutcome load(UUID id) {
        return load(experiments.get(id));
    }

    /**
     * The outcome of an experiment for a rendering drawn from its time series ({@code what}: "flent file", "plot"):
     * 404 when it kept none (outputs.series none).
     */
    public ExperimentOutcome loadWithSeries(UUID id, String what) {
        Experiment experiment = experiments.get(id);
        StoredResults.requireSeries(experiment, what);
        return load(experiment);
    }

    private ExperimentOutcome load(Experiment experiment) {
        String document = results.document(experiment);
        JsonNode scenario = jsonMapper.readTree(experiment.scenarioJson());
        return new ExperimentOutcome(experiment, ScenarioFacts.of(scenarios.read(scenario), scenario),
                jsonMapper.readValue(document, SimulationResult.class));
    }
}
