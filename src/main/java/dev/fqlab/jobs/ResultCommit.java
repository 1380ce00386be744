package dev.fqlab.jobs;

import dev.fqlab.experiment.ExperimentRepository;
import dev.fqlab.result.ResultRepository;
import dev.fqlab.sim.result.SimulationResult;
import java.time.Instant;
import java.util.UUID;
import org.springframework.stereotype.Component;
import org.springframework.transaction.annotation.Transactional;
import tools.jackson.databind.json.JsonMapper;

/** Stores a finished run's result and marks the experiment SUCCEEDED, in one transaction. */
@Component
class ResultCommit {

    private final ExperimentRepository experiments;
    private final ResultRepository results;
    private final JsonMapper jsonMapper;

    ResultCommit(ExperimentRepository experiments, ResultRepository results, JsonMapper jsonMapper) {
        this.experiments = experiments;
        this.results = results;
        this.jsonMapper = jsonMapper;
    }

    /**
     * False, storing nothing, when this attempt no longer owns the experiment: it was cancelled or deleted
     * while the simulation ran (or a revived run superseded it).
     */
    @Transactional
    public boolean store(UUID experimentId, int attempt, SimulationResult result, Instant now) {
        if (!experiments.succeed(experimentId, attempt, now)) {
            return false;
        }
        results.insert(experimentId, result, jsonMapper.writeValueAsString(result), now);
        return true;
    }
}
