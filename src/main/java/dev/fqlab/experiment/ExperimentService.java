package dev.fqlab.experiment;

import dev.fqlab.config.FqlabProperties;
import dev.fqlab.metrics.FqlabMetrics;
import dev.fqlab.web.ApiError;
import dev.fqlab.web.ApiProblem;
import java.time.Clock;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.springframework.context.ApplicationEventPublisher;
import org.springframework.dao.DuplicateKeyException;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Propagation;
import org.springframework.transaction.annotation.Transactional;
import org.springframework.transaction.support.TransactionSynchronization;
import org.springframework.transaction.support.TransactionSynchronizationManager;
import org.springframework.transaction.support.TransactionTemplate;

/** What users do with experiments: submit, read, cancel, delete. Each change is one transaction. */
@Service
public class ExperimentService {

    /** A full queue drains at the speed of the workers; a minute is a fair first retry for lab scripts. */
    static final long QUEUE_FULL_RETRY_AFTER_S = 60;

    private final ExperimentRepository experiments;
    private final ExperimentQueue queue;
    private final ApplicationEventPublisher events;
    private final FqlabMetrics metrics;
    private final Clock clock;
    private final int queueCapacity;
    private final TransactionTemplate transactions;

    public ExperimentService(ExperimentRepository experiments, ExperimentQueue queue, ApplicationEventPublisher events,
            FqlabMetrics metrics, Clock clock, FqlabProperties properties, TransactionTemplate transactions) {
        this.experiments = experiments;
        this.queue = queue;
        this.events = events;
        this.metrics = metrics;
        this.clock = clock;
        this.queueCapacity = properties.queueCapacity();
        this.transactions = transactions;
    }

    /** The experiment a submission answers with; {@code created} is false for an idempotent repeat. */
    public record Submitted(Experiment experiment, boolean created) {
    }

    /**
     * Stores the experiment as QUEUED and queues its run, both or neither. With an idempotency key, a repeat
     * returns the experiment the first request created; two racing first requests are settled by the key's
     * primary key, and the loser answers like a repeat.
     */
    public Submitted submit(Submission submission, IdempotencyKey key) {
        Submitted submitted;
        try {
            submitted = transactions.execute(status -> submitOnce(submission, key));
        } catch (DuplicateKeyException raced) {
            return repeat(key).orElseThrow(() -> raced);
        }
        if (submitted.created()) {
            metrics.submitted();
        }
        return submitted;
    }

    private Submitted submitOnce(Submission submission, IdempotencyKey key) {
        Optional<Submitted> repeat = repeat(key);
        if (repeat.isPresent()) {
            return repeat.get();
        }
        admit(1);
        UUID id = UUID.randomUUID();
        Instant now = now();
        experiments.insert(new NewExperiment(id, submission.name(), submission.tags(), submission.preset(),
                submission.scenarioJson(), submission.scenarioSha256(), now, null, submission.seriesOutput()));
        if (key != null) {
            experiments.rememberKey(key, id, now);
        }
        queue.enqueue(id);
        return new Submitted(experiments.find(id).orElseThrow(), true);
    }

    /**
     * Admits {@code count} more experiments to the queue, inside the caller's transaction, or refuses them: 429 with
     * Retry-After when the queue cannot take them now, 400 when it never could. An admission holds the queue's
     * admission lock until the caller's transaction ends, so the count and the caller's inserts are atomic against
     * every other submission, on this instance and on any other sharing the database: the queue never holds more
     * than {@code fqlab.queue-capacity} waiting experiments because requests raced.
     */
    private void admit(int count) {
        if (count > queueCapacity) {
            throw ApiProblem.invalid(List.of(ApiError.at("", "this request would queue " + count
                    + " experiments, more than the queue ever holds (fqlab.queue-capacity = " + queueCapacity + ")")));
        }
        experiments.lockAdmission();
        if (experiments.countQueued() + count > queueCapacity) {
            throw ApiProblem.queueFull(queueCapacity, QUEUE_FULL_RETRY_AFTER_S);
        }
    }

    /**
     * Stores many experiments as QUEUED with their queue entries (a sweep's), inside the caller's transaction, so
     * that they and whatever the caller stores with them commit or roll back together. Admitted like a single
     * submission ({@link #admit}: 429 or 400 when the queue cannot take them all, and then nothing of them is
     * stored). Counted as submitted once that transaction commits.
     */
    @Transactional(propagation = Propagation.MANDATORY)
    public void queueAll(List<NewExperiment> newExperiments) {
        if (newExperiments.isEmpty()) {
            return;
        }
        admit(newExperiments.size());
        experiments.insertAll(newExperiments);
        queue.enqueueAll(newExperiments.stream().map(NewExperiment::id).toList());
        TransactionSynchronizationManager.registerSynchronization(new TransactionSynchronization() {
            @Override
            public void afterCommit() {
                metrics.submitted(newExperiments.size());
            }
        });
    }

    /** The current time as stored (milliseconds), for callers that store experiments with other rows. */
    public Instant now() {
        return clock.instant().truncatedTo(ChronoUnit.MILLIS);
    }

    private Optional<Submitted> repeat(IdempotencyKey key) {
        if (key == null) {
            return Optional.empty();
        }
        return experiments.keyUse(key.key()).map(use -> {
            if (!use.bodySha256().equals(key.bodySha256())) {
                throw ApiProblem.keyReused(key.key());
            }
            return new Submitted(experiments.find(use.experimentId()).orElseThrow(), false);
        });
    }

    public Optional<Experiment> find(UUID id) {
        return experiments.find(id);
    }

    public Experiment get(UUID id) {
        return find(id).orElseThrow(() -> notFound(id));
    }

    /** The newest {@code limit} experiments carrying {@code tag}, newest first. */
    public List<Experiment> tagged(String tag, int limit) {
        return experiments.list(new ExperimentFilter(java.util.Set.of(), List.of(tag), null, limit)).items();
    }

    public ExperimentRepository.Page list(ExperimentFilter filter) {
        return experiments.list(filter);
    }

    /**
     * Cancels a queued or running experiment. True when this call cancelled it, false when it was already
     * final. A running simulation stops within a second: at once on this instance (the event), otherwise at
     * its next progress update, which finds the experiment no longer RUNNING.
     */
    @Transactional
    public boolean cancel(UUID id) {
        if (experiments.cancel(id, now())) {
            queue.withdraw(id);
            metrics.cancelled();
            events.publishEvent(new ExperimentCancelled(id));
            return true;
        }
        get(id);
        return false;
    }

    /**
     * Deletes an experiment with its results and its queue entry: 404 when unknown; 409 when it fills a cell of a
     * sweep (member-of-sweep: deleting it would change that sweep's table; it goes with the sweep) or while it runs.
     * Its row stays locked from the checks to the delete, so a worker cannot start it, nor a sweep reuse it, between.
     */
    @Transactional
    public void delete(UUID id) {
        ExperimentStatus status = experiments.lockStatus(id).orElseThrow(() -> notFound(id));
        List<UUID> sweeps = experiments.sweepsUsing(id);
        if (!sweeps.isEmpty()) {
            throw ApiProblem.memberOfSweep(id, sweeps);
        }
        if (status == ExperimentStatus.RUNNING) {
            throw ApiProblem.wrongStatus("Experiment " + id + " is running; cancel it first, then delete it.",
                    status.name());
        }
        experiments.deleteUnlessRunning(List.of(id));
        queue.withdraw(id);
    }

    /**
     * Deletes a sweep's experiments with their results and queue entries, inside the caller's transaction, which
     * has locked their rows and made sure that none runs and that no sweep's cell still needs one of them.
     */
    @Transactional(propagation = Propagation.MANDATORY)
    public void deleteAll(List<UUID> ids) {
        List<UUID> queued = experiments.queued(ids);
        int deleted = experiments.deleteUnlessRunning(ids);
        if (deleted != ids.size()) {
            throw new IllegalStateException("deleted " + deleted + " of " + ids.size() + " experiments: one was running or gone");
        }
        queued.forEach(queue::withdraw);
    }

    /** Experiments deleted per transaction by a bulk delete: short transactions, short-held locks. */
    static final int DELETE_CHUNK = 500;

    /**
     * Deletes every experiment the filter matches, with its results and queue entry, except those running and those
     * that fill cells of sweeps (they go with their sweeps); with {@code dryRun}, only counts. Works in transactions of
     * {@value #DELETE_CHUNK} experiments, each all or nothing.
     */
    public BulkDeletion deleteMatching(DeletionFilter filter, boolean dryRun) {
        long[] counts = transactions.execute(status -> experiments.countForDeletion(filter));
        long matched = counts[0];
        long running = counts[1];
        long members = counts[2];
        if (dryRun) {
            return new BulkDeletion(true, matched, matched - running - members, running, members);
        }
        long deleted = 0;
        int chunk;
        do {
            chunk = transactions.execute(status -> {
                List<UUID> ids = experiments.lockDeletable(filter, DELETE_CHUNK);
                List<UUID> queued = experiments.queued(ids);
                int gone = ids.isEmpty() ? 0 : experiments.deleteUnlessRunning(ids);
                queued.forEach(queue::withdraw);
                return gone;
            });
            deleted += chunk;
        } while (chunk == DELETE_CHUNK);
        return new BulkDeletion(false, matched, deleted, running, members);
    }

    static ApiProblem notFound(UUID id) {
        return ApiProblem.notFound("No experiment with id " + id + ".");
    }
}
