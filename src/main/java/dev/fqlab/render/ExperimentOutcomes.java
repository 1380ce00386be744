package dev.fqlab.render;

import dev.fqlab.experiment.Experiment;
import dev.fqlab.experiment.ExperimentService;
import dev.fqlab.result.ResultRepository;
import dev.fqlab.sim.result.SimulationResult;
import dev.fqlab.web.ApiProblem;
import java.util.UUID;
import org.springframework.stereotype.Component;
import tools.jackson.databind.json.JsonMapper;

/** Loads what the renderings need; the same 404 and 409 answers as {@code /result}. */
@Component
public class ExperimentOutcomes {

    private final ExperimentService experiments;
    private final ResultRepository results;
    private final JsonMapper jsonMapper;

    public ExperimentOutcomes(ExperimentService experiments, ResultRepository results, JsonMapper jsonMapper) {
        this.experiments = experiments;
        this.results = results;
        this.jsonMapper = jsonMapper;
    }

    public ExperimentOutcome load(UUID id) {
        Experiment experiment = experiments.get(id);
        String document = results.document(id).orElseThrow(() -> ApiProblem.wrongStatus("Experiment " + id
                + " has no result: it is " + experiment.status() + "; a result exists once it has SUCCEEDED.",
                experiment.status().name()));
        return new ExperimentOutcome(experiment, ScenarioFacts.of(jsonMapper.readTree(experiment.scenarioJson())),
                jsonMapper.readValue(document, SimulationResult.class));
    }
}
