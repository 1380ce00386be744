package dev.fqlab.jobs;

import dev.fqlab.experiment.ExperimentRepository;
import dev.fqlab.result.ResultRepository;
import dev.fqlab.sim.result.SimulationResult;
import java.time.Instant;
import java.util.UUID;
import org.springframework.stereotype.Component;
import org.springframework.transaction.annotation.Transactional;
import org.springframework.transaction.interceptor.TransactionAspectSupport;
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
     * while the simulation ran or while its result was written (or a revived run superseded it).
     *
     * <p>The rows go in first and the status changes last: the UPDATE locks the experiment's row until the commit,
     * and a large result takes seconds to write, during which a cancel (or anything else that updates the row)
     * would have to wait — on H2 until its lock timeout. If the experiment changed hands meanwhile, the final
     * UPDATE finds nothing to change and the whole transaction, rows included, rolls back.
     */
    @Transactional
    public boolean store(UUID experimentId, int attempt, SimulationResult result, Instant now) {
        if (!experiments.owns(experimentId, attempt)) {
            return false;
        }
        results.insert(experimentId, result,
                jsonMapper.writeValueAsString(ResultRepository.withoutSeries(result)), now);
        if (!experiments.succeed(experimentId, attempt, now)) {
            TransactionAspectSupport.currentTransactionStatus().setRollbackOnly();
            return false;
        }
        return true;
    }
}
