package dev.fqlab.jobs;

import dev.fqlab.config.FqlabProperties;
import dev.fqlab.experiment.ExperimentFinished;
import dev.fqlab.experiment.ExperimentRepository;
import dev.fqlab.experiment.ExperimentRepository.RunStart;
import dev.fqlab.experiment.ExperimentStatus;
import dev.fqlab.experiment.StoredScenarios;
import dev.fqlab.metrics.FqlabMetrics;
import dev.fqlab.scenario.ParsedScenario;
import dev.fqlab.sim.core.SimulationCancelledException;
import dev.fqlab.sim.result.SimulationResult;
import dev.fqlab.web.DatabaseUnavailable;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.UUID;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.ApplicationEventPublisher;
import org.springframework.dao.DataAccessException;
import org.springframework.dao.TransientDataAccessException;
import org.springframework.stereotype.Component;

/**
 * Runs one experiment on a worker thread: claim it (QUEUED → RUNNING, attempts + 1), simulate, and store the
 * result, the failure, or nothing (cancelled). db-scheduler guarantees one execution of the job at a time
 * across instances; every write here is additionally guarded by the attempt, so a run that lost the
 * experiment (cancelled, deleted, revived elsewhere) can never overwrite it.
 *
 * <p>A run that finishes while the database is unavailable keeps its result and tries to store it again, for up to
 * {@code fqlab.result-store-retry}; after that it gives up and leaves the experiment RUNNING, to be run again (a new
 * attempt) once the job is retried or found dead.
 */
@Component
public class ExperimentRunner {

    private static final Logger log = LoggerFactory.getLogger(ExperimentRunner.class);

    private final ExperimentRepository experiments;
    private final ResultCommit resultCommit;
    private final RunRegistry runs;
    private final SimulationEngine engine;
    private final StoredScenarios scenarios;
    private final EngineVersion engineVersion;
    private final FqlabMetrics metrics;
    private final Clock clock;
    private final String instanceName;
    private final Duration resultStoreRetry;
    private final ApplicationEventPublisher events;

    public ExperimentRunner(ExperimentRepository experiments, ResultCommit resultCommit, RunRegistry runs,
            SimulationEngine engine, StoredScenarios scenarios, EngineVersion engineVersion, FqlabMetrics metrics,
            Clock clock, FqlabProperties properties, ApplicationEventPublisher events) {
        this.events = events;
        this.experiments = experiments;
        this.resultCommit = resultCommit;
        this.runs = runs;
        this.engine = engine;
        this.scenarios = scenarios;
        this.engineVersion = engineVersion;
        this.metrics = metrics;
        this.clock = clock;
        this.instanceName = properties.instanceName();
        this.resultStoreRetry = properties.resultStoreRetry();
    }

    /** The job's body. Returns normally when the job is done, whatever became of the experiment. */
    public void run(UUID experimentId) {
        if (runs.stopping()) {
            throw new RunHandedBack(experimentId);
        }
        experiments.start(experimentId, instanceName, now()).ifPresentOrElse(this::simulate,
                () -> log.info("Experiment {} is no longer waiting (cancelled, deleted or done); nothing to run", experimentId));
    }

    private void simulate(RunStart start) {
        ParsedScenario parsed = scenarios.toRun(start.scenarioJson());
        if (!parsed.valid()) {
            // Only possible when the limits were lowered after submission.
            fail(start, "The scenario is no longer valid under this service's limits: "
                    + parsed.errors().getFirst().pointer() + " " + parsed.errors().getFirst().message() + ".", 0);
            return;
        }
        log.info("Running experiment {} (attempt {})", start.id(), start.attempt());
        ExperimentRun run = runs.open(start.id(), start.attempt());
        long startedAt = System.nanoTime();
        SimulationResult result;
        try {
            // outputs.series: the engine samples at the interval the experiment keeps (none: not at all).
            result = engine.run(start.seriesOutput().forEngine(parsed.scenario()), run);
        } catch (SimulationCancelledException e) {
            stopped(start, run);
            return;
        } catch (RuntimeException | StackOverflowError | OutOfMemoryError e) {
            log.warn("Experiment {} failed in the engine", start.id(), e);
            fail(start, failureSentence(e), System.nanoTime() - startedAt);
            return;
        } finally {
            runs.close(run);
        }
        store(start, result, System.nanoTime() - startedAt);
    }

    private void stopped(RunStart start, ExperimentRun run) {
        if (run.handedBack() && experiments.requeue(start.id(), start.attempt())) {
            log.info("Experiment {} handed back to the queue: this instance is stopping", start.id());
            throw new RunHandedBack(start.id());
        }
        log.info("Experiment {} stopped: cancelled or deleted while running", start.id());
    }

    private void store(RunStart start, SimulationResult result, long wallNanos) {
        SimulationResult identified = result.identified(start.id().toString(), start.scenarioSha256(), engineVersion.value());
        boolean stored;
        try {
            stored = storeRetrying(start, identified, now());
        } catch (DataAccessException e) {
            log.error("Cannot store the result of experiment {}", start.id(), e);
            fail(start, "The result could not be stored; the service log has the details.", wallNanos);
            return;
        }
        if (!stored) {
            log.info("Experiment {} was cancelled or deleted while running; its result is discarded", start.id());
            return;
        }
        events.publishEvent(new ExperimentFinished(start.id()));
        metrics.succeeded();
        metrics.ran(Duration.ofNanos(wallNanos));
        metrics.simulated(identified.engine().events(), identified.engine().packets(), identified.simulatedS());
        log.info("Experiment {} succeeded in {} ms", start.id(), wallNanos / 1_000_000);
    }

    /**
     * Stores the result, trying again while the database is unavailable. Safe to repeat: {@link ResultCommit} is one
     * transaction guarded by the attempt, so a try stores everything or nothing, and a try after one that did commit
     * (its answer lost with the connection) finds the experiment SUCCEEDED and stores nothing twice.
     *
     * @throws ResultNotStored when the database stayed unavailable for {@code fqlab.result-store-retry}, or this
     *         instance is stopping: the experiment stays RUNNING and runs again
     */
    private boolean storeRetrying(RunStart start, SimulationResult result, Instant finishedAt) {
        long deadline = System.nanoTime() + resultStoreRetry.toNanos();
        long pauseMs = 500;
        boolean retried = false;
        while (true) {
            try {
                if (resultCommit.store(start.id(), start.attempt(), result, finishedAt)) {
                    return true;
                }
                return retried && storedByAnEarlierTry(start);
            } catch (RuntimeException e) {
                if (!DatabaseUnavailable.causedBy(e) && !(e instanceof TransientDataAccessException)) {
                    throw e;
                }
                if (runs.stopping() || System.nanoTime() + pauseMs * 1_000_000 - deadline > 0) {
                    log.warn("Cannot store the result of experiment {} and giving up ({}): it will run again",
                            start.id(), e.getMessage());
                    throw new ResultNotStored(start.id(), e);
                }
                log.warn("Cannot store the result of experiment {} ({}); trying again in {} ms", start.id(),
                        e.getMessage(), pauseMs);
                try {
                    Thread.sleep(pauseMs);
                } catch (InterruptedException interrupted) {
                    Thread.currentThread().interrupt();
                    throw new ResultNotStored(start.id(), e);
                }
                pauseMs = Math.min(pauseMs * 2, 5_000);
                retried = true;
            }
        }
    }

    /** Whether a try whose answer was lost did commit: the experiment succeeded under this very attempt. */
    private boolean storedByAnEarlierTry(RunStart start) {
        return experiments.find(start.id())
                .filter(e -> e.status() == ExperimentStatus.SUCCEEDED && e.attempts() == start.attempt())
                .isPresent();
    }

    private void fail(RunStart start, String error, long wallNanos) {
        if (experiments.fail(start.id(), start.attempt(), error, now())) {
            events.publishEvent(new ExperimentFinished(start.id()));
            metrics.failed();
            metrics.ran(Duration.ofNanos(wallNanos));
        }
    }

    /** One sentence for the experiment's {@code error}: what the engine said, never a stack trace. */
    static String failureSentence(Throwable e) {
        String message = e.getMessage();
        if (message == null || message.isBlank()) {
            message = e.getClass().getSimpleName();
        }
        message = message.strip().lines().findFirst().orElse("").strip();
        if (message.length() > 300) {
            message = message.substring(0, 299) + "…";
        }
        if (message.endsWith(".")) {
            message = message.substring(0, message.length() - 1);
        }
        return "The simulation failed: " + message + ".";
    }

    private Instant now() {
        return clock.instant().truncatedTo(ChronoUnit.MILLIS);
    }
}
