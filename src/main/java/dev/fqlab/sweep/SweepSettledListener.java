package dev.fqlab.sweep;

import dev.fqlab.experiment.ExperimentCancelled;
import dev.fqlab.experiment.ExperimentFinished;
import java.util.UUID;
import org.springframework.stereotype.Component;
import org.springframework.transaction.event.TransactionalEventListener;

/**
 * When an experiment becomes final (a worker stored its result or its failure, or it was cancelled), every sweep
 * that has it as a cell may have settled: the writer's thread then stores that sweep's default answers if it has
 * ({@link SweepService#storeDefaults}). After the commit, so the thread sees the final state.
 */
@Component
class SweepSettledListener {

    private final SweepRepository sweeps;
    private final SweepService service;
    private final SweepAnswerWriter writer;

    SweepSettledListener(SweepRepository sweeps, SweepService service, SweepAnswerWriter writer) {
        this.sweeps = sweeps;
        this.service = service;
        this.writer = writer;
    }

    @TransactionalEventListener(fallbackExecution = true)
    void on(ExperimentFinished finished) {
        settledMaybe(finished.experimentId());
    }

    @TransactionalEventListener(fallbackExecution = true)
    void on(ExperimentCancelled cancelled) {
        settledMaybe(cancelled.experimentId());
    }

    private void settledMaybe(UUID experimentId) {
        writer.store("cell " + experimentId, () -> sweeps.sweepsOf(experimentId)
                .forEach(sweep -> writer.store(sweep, () -> service.storeDefaults(sweep))));
    }
}
