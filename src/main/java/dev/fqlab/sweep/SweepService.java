package dev.fqlab.sweep;

import dev.fqlab.experiment.ExperimentService;
import dev.fqlab.experiment.ExperimentStatus;
import dev.fqlab.experiment.IdempotencyKey;
import dev.fqlab.experiment.NewExperiment;
import dev.fqlab.jobs.EngineVersion;
import dev.fqlab.result.ResultMetricRows;
import dev.fqlab.result.ResultMetricView;
import dev.fqlab.sweep.SweepRepository.NewMember;
import dev.fqlab.sweep.SweepRepository.StoredSweep;
import dev.fqlab.web.ApiProblem;
import dev.fqlab.web.PageQuery;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Future;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.SynchronousQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import java.util.function.Supplier;
import org.springframework.dao.DataIntegrityViolationException;
import org.springframework.dao.DuplicateKeyException;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;
import org.springframework.transaction.support.TransactionTemplate;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * What users do with sweeps: submit, read, list, cancel, delete. A submission stores the sweep, the experiments it creates,
 * their queue entries and the table's cells in one transaction, or nothing.
 */
@Service
public class SweepService {

    private final SweepRepository sweeps;
    private final ExperimentService experiments;
    private final ResultMetrics resultMetrics;
    private final EngineVersion engineVersion;
    private final JsonMapper jsonMapper;
    private final TransactionTemplate transactions;
    private final SweepAnswers answers;
    private final SweepAnswerStore stored;
    private final SweepAnswerWriter writer;
    private final SweepJson sweepJson;
    /**
     * Sweeps read lately on this instance, each with one of its results whose metrics were then cached: while that one
     * still is, the others likely are too. Least recently read first.
     */
    private final Map<UUID, UUID> readLately = Collections.synchronizedMap(
            new LinkedHashMap<>(64, 0.75f, true) {
                @Override
                protected boolean removeEldestEntry(Map.Entry<UUID, UUID> eldest) {
                    return size() > READ_LATELY;
                }
            });
    /** At most two prefetches at once; more concurrent first reads read their metrics after their cells. */
    private final ExecutorService prefetcher = new ThreadPoolExecutor(0, 2, 30, TimeUnit.SECONDS,
            new SynchronousQueue<>(), runnable -> {
                Thread thread = new Thread(runnable, "sweep-metrics-prefetch");
                thread.setDaemon(true);
                return thread;
            });

    public SweepService(SweepRepository sweeps, ExperimentService experiments, ResultMetrics resultMetrics,
            EngineVersion engineVersion, JsonMapper jsonMapper, TransactionTemplate transactions, SweepAnswers answers,
            SweepAnswerStore stored, SweepAnswerWriter writer, SweepJson sweepJson) {
        this.answers = answers;
        this.stored = stored;
        this.writer = writer;
        this.sweepJson = sweepJson;
        this.sweeps = sweeps;
        this.experiments = experiments;
        this.resultMetrics = resultMetrics;
        this.engineVersion = engineVersion;
        this.jsonMapper = jsonMapper;
        this.transactions = transactions;
    }

    /** The sweep a submission answers with; {@code created} is false for an idempotent repeat. */
    public record Submitted(UUID sweepId, boolean created) {
    }

    /**
     * Stores the sweep and queues the experiments it needs. A cell whose normalized scenario already succeeded
     * under this engine version reuses that experiment (unless the plan says not to): re-submitting a sweep runs
     * only what has no result yet. With an idempotency key, a repeat returns the sweep the first request created.
     */
    public Submitted submit(SweepPlan plan, IdempotencyKey key) {
        for (int attempt = 1; ; attempt++) {
            try {
                Submitted submitted = transactions.execute(status -> submitOnce(plan, key));
                if (submitted.created()) {
                    // Settled already when every cell reused a result: its answers are stored like any settled one's.
                    writer.store(submitted.sweepId(), () -> storeDefaults(submitted.sweepId()));
                }
                return submitted;
            } catch (DuplicateKeyException raced) {
                // Two first requests with one Idempotency-Key: its primary key let one commit; answer like a repeat.
                return repeat(key).orElseThrow(() -> raced);
            } catch (DataIntegrityViolationException deleted) {
                // A cell's experiment was gone at commit (its foreign key said so). The reused ones are locked before
                // their cells are stored, so this is a last line of defence: looking again finds it gone, and the
                // retry runs that cell instead.
                if (attempt == 2) {
                    throw deleted;
                }
            }
        }
    }

    private Submitted submitOnce(SweepPlan plan, IdempotencyKey key) {
        Optional<Submitted> repeat = repeat(key);
        if (repeat.isPresent()) {
            return repeat.get();
        }
        Map<String, UUID> reusable = new LinkedHashMap<>();
        if (plan.reuse() && engineVersion.identifiesTheCode()) {
            reusable.putAll(sweeps.reusable(plan.cells().stream().map(SweepPlan.Cell::scenarioSha256).toList(),
                    engineVersion.reuseSuffix(), plan.seriesOutput()));
            // Held until commit, so that none of them is deleted under the cells that name them; one deleted since
            // the lookup is run again instead.
            Set<UUID> kept = sweeps.lockSucceeded(reusable.values());
            reusable.values().removeIf(id -> !kept.contains(id));
        }
        long toRun = plan.cells().stream().filter(cell -> !reusable.containsKey(cell.scenarioSha256())).count();

        UUID sweepId = UUID.randomUUID();
        Instant now = experiments.now();
        sweeps.insert(new StoredSweep(sweepId, 0, plan.name(), plan.preset(), jsonMapper.writeValueAsString(definition(plan)),
                plan.combinations(), plan.repetitions(), plan.cells().size(), plan.cells().size() - (int) toRun, now, null));
        List<NewExperiment> created = new ArrayList<>();
        List<NewMember> members = new ArrayList<>();
        for (SweepPlan.Cell cell : plan.cells()) {
            UUID reused = reusable.get(cell.scenarioSha256());
            UUID experimentId = reused != null ? reused : UUID.randomUUID();
            if (reused == null) {
                created.add(new NewExperiment(experimentId, cell.experimentName(), plan.tags(), plan.preset(),
                        cell.scenarioJson(), cell.scenarioSha256(), now, sweepId, plan.seriesOutput()));
            }
            members.add(new NewMember(cell.position(), cell.combination(), cell.repetition(), experimentId, reused != null));
        }
        // Admits them to the queue (429 or 400 when it cannot take them all: then nothing of the sweep is stored).
        experiments.queueAll(created);
        sweeps.insertMembers(sweepId, members);
        if (key != null) {
            sweeps.rememberKey(key, sweepId, now);
        }
        return new Submitted(sweepId, true);
    }

    private Optional<Submitted> repeat(IdempotencyKey key) {
        if (key == null) {
            return Optional.empty();
        }
        return sweeps.keyUse(key.key()).map(use -> {
            if (!use.bodySha256().equals(key.bodySha256())) {
                throw ApiProblem.keyReused(key.key());
            }
            return new Submitted(use.sweepId(), false);
        });
    }

    /** What a submission would do now, storing nothing. */
    public SweepValidation validate(SweepPlan plan) {
        int reusable = 0;
        if (plan.reuse() && engineVersion.identifiesTheCode()) {
            Map<String, UUID> found = sweeps.reusable(
                    plan.cells().stream().map(SweepPlan.Cell::scenarioSha256).toList(), engineVersion.reuseSuffix(),
                    plan.seriesOutput());
            reusable = (int) plan.cells().stream().filter(cell -> found.containsKey(cell.scenarioSha256())).count();
        }
        return new SweepValidation(plan.name(), plan.combinations(), plan.repetitions(), plan.cells().size(), reusable);
    }

    /**
     * What {@code GET /sweeps/{id}} shows by default of each row: the metrics api.md names (every summary field, each
     * station's throughput and airtime share, each flow's goodput, latency and RTT p50 and p99), besides the sweep's
     * own {@code metrics}. {@code ?metric=*} shows them all.
     */
    public static final List<String> DEFAULT_METRICS = ResultMetricView.DEFAULT_METRICS;

    /**
     * From how many results not cached on, a sweep's table reads the metrics of all its cells (by the cells' index)
     * rather than those results' by id.
     */
    static final int METRICS_BY_SWEEP = 64;

    /** How many sweeps {@code readLately} remembers. */
    static final int READ_LATELY = 1024;

    /** Which metrics a sweep's rows get statistics for. */
    private sealed interface Selection {
    }

    /** The sweep's own metrics and {@link #DEFAULT_METRICS}. */
    private record Defaults() implements Selection {
    }

    /** The sweep's own metrics, else all: table.csv's default. */
    private record OwnElseAll() implements Selection {
    }

    /** These names ('*' matching anything; null: all); {@code checked}: 400 when one matches no metric. */
    private record Named(List<String> names, boolean checked) implements Selection {
    }

    /** The sweep with the metrics api.md names and its own in its rows ({@link #DEFAULT_METRICS}). */
    public SweepResource get(UUID id) {
        return load(id, new Defaults()).sweep();
    }

    /**
     * The sweep with the metrics {@code metric} names in its rows ('*' matches anything: {@code *} is all), or a 400
     * naming the parameter when one entry matches no metric of its results; null: {@link #get(UUID)}.
     */
    public SweepResource get(UUID id, List<String> metric) {
        return load(id, metric == null ? new Defaults() : new Named(metric, true)).sweep();
    }

    /** The sweep with every metric of its results in its rows (its report). */
    public SweepResource getAll(UUID id) {
        return load(id, new Named(null, false)).sweep();
    }

    /** The sweep with these metrics in its rows, unchecked: a plot says itself that its metric is unknown. */
    public SweepResource getOnly(UUID id, List<String> metrics) {
        return load(id, new Named(metrics, false)).sweep();
    }

    /** table.csv's rows: the metrics {@code metric} names (checked), else the sweep's own, else all. */
    SweepResource table(UUID id, List<String> metric) {
        return load(id, metric == null ? new OwnElseAll() : new Named(metric, true)).sweep();
    }

    /** {@link #get(UUID, List)} as the API writes it (JSON, UTF-8). */
    byte[] json(UUID id, List<String> metric) {
        return answer(SweepAnswers.Key.of(id, "json", metric, null), metric == null,
                () -> load(id, metric == null ? new Defaults() : new Named(metric, true)), sweepJson::write);
    }

    /** table.csv (UTF-8) with these metrics ({@link #table}) and statistics. */
    byte[] tableCsv(UUID id, List<String> metric, List<String> statistics) {
        return answer(SweepAnswers.Key.of(id, "table.csv", metric, statistics),
                metric == null && statistics.equals(SweepTable.DEFAULT_STATISTICS),
                () -> load(id, metric == null ? new OwnElseAll() : new Named(metric, true), spreadOnly(statistics)),
                sweep -> SweepTable.csv(sweep, metric, statistics).getBytes(StandardCharsets.UTF_8));
    }

    /** Whether a table.csv with these statistics shows only mean, stddev and n ({@link MetricStats#meanAndStddev}). */
    static boolean spreadOnly(List<String> statistics) {
        return Set.of("mean", "stddev", "n").containsAll(statistics);
    }

    /** The default answers, which a settled sweep keeps in the database ({@link SweepAnswerStore}). */
    private static List<SweepAnswers.Key> defaults(UUID id) {
        return List.of(SweepAnswers.Key.of(id, "json", null, null),
                SweepAnswers.Key.of(id, "table.csv", null, SweepTable.DEFAULT_STATISTICS));
    }

    /**
     * An answer about a sweep. A default answer ({@code stored}) of a settled sweep is read from the database, where
     * the sweep's row being there is what makes it found (it goes with the sweep); another answer of a settled
     * sweep is kept in this instance, sent again after making sure the sweep still exists (deleted through another
     * instance, it is a 404 here too). Otherwise it is rendered now, and kept (a default one stored, after the
     * answer, by {@link SweepAnswerWriter}) if the sweep is settled now.
     */
    private byte[] answer(SweepAnswers.Key key, boolean storable, Supplier<Loaded> load,
            Function<SweepResource, byte[]> render) {
        if (storable) {
            byte[] answer = stored.find(key);
            if (answer != null) {
                return answer;
            }
        } else {
            byte[] kept = answers.get(key);
            if (kept != null) {
                if (sweeps.exists(key.sweep())) {
                    return kept;
                }
                answers.forget(key.sweep());
                throw notFound(key.sweep());
            }
        }
        Loaded loaded = load.get();
        byte[] answer = render.apply(loaded.sweep());
        if (loaded.settled()) {
            if (storable) {
                writer.store(key, () -> stored.save(key, answer, loaded.cancelledAt()));
            } else {
                answers.put(key, answer);
            }
        }
        return answer;
    }

    /**
     * Renders and stores the default answers of a sweep that is settled and has not got them yet (from this build);
     * does nothing for a sweep that is gone or still has experiments waiting or running. {@link SweepAnswerWriter}
     * calls it when an experiment of the sweep has become final, so a sweep settled through the service is read from
     * the database from its first read on; {@link SweepAnswersOnStart} for those settled before this build. True when
     * it stored an answer.
     */
    boolean storeDefaults(UUID id) {
        List<SweepAnswers.Key> keys = defaults(id);
        if (!sweeps.exists(id) || sweeps.hasActiveCells(id)
                || stored.hasAll(id, keys.stream().map(SweepAnswers.Key::request).toList())) {
            return false;
        }
        boolean any = false;
        for (SweepAnswers.Key key : keys) {
            if (stored.hasAll(id, List.of(key.request()))) {
                continue; // a presence check: find would read the whole body (about a megabyte at 1000 cells)
            }
            Loaded loaded = key.request().startsWith("json") ? load(id, new Defaults())
                    : load(id, new OwnElseAll(), spreadOnly(SweepTable.DEFAULT_STATISTICS));
            if (!loaded.settled()) {
                return any;
            }
            any |= stored.save(key, key.request().startsWith("json") ? sweepJson.write(loaded.sweep())
                    : SweepTable.csv(loaded.sweep(), null, SweepTable.DEFAULT_STATISTICS).getBytes(StandardCharsets.UTF_8),
                    loaded.cancelledAt());
        }
        return any;
    }

    /** The sweep with every run that has a result and that run's metrics: what its export lists. */
    public SweepExport.Runs runs(UUID id) {
        Loaded loaded = load(id, new Named(List.of(), false));
        List<SweepExport.Run> runs = loaded.members().stream()
                .filter(m -> m.status() == ExperimentStatus.SUCCEEDED && loaded.metrics().containsKey(m.experimentId()))
                .sorted(Comparator.comparingInt(SweepMember::combination).thenComparingInt(SweepMember::repetition))
                .map(m -> new SweepExport.Run(m.combination(), m.repetition(), m.experimentId(),
                        loaded.metrics().get(m.experimentId())))
                .toList();
        return new SweepExport.Runs(loaded.sweep(), runs);
    }

    /**
     * {@code settled}: every experiment of the sweep was final, so nothing of it changes any more (but a cancel
     * that raced the last one: {@code cancelledAt} as read).
     */
    private record Loaded(SweepResource sweep, List<SweepMember> members, Map<UUID, MetricValues> metrics,
                          boolean settled, Instant cancelledAt) {
    }

    private Loaded load(UUID id, Selection selection) {
        return load(id, selection, false);
    }

    /** {@code spreadOnly}: the rows' statistics hold only mean, stddev and n (for a table.csv of those). */
    private Loaded load(UUID id, Selection selection, boolean spreadOnly) {
        StoredSweep sweep = sweeps.find(id).orElseThrow(() -> notFound(id));
        JsonNode definition = jsonMapper.readTree(sweep.definition());
        List<String> tableMetrics = definition.hasNonNull("metrics")
                ? definition.get("metrics").valueStream().map(JsonNode::stringValue).toList() : null;
        // The default table of a sweep whose results' metrics this instance has not cached reads their views (the
        // default metrics and a digest, ResultMetricView) instead of every metric: a tenth of the bytes.
        UUID sample = readLately.get(id);
        boolean cached = sample != null && resultMetrics.cached(sample);
        boolean byViews = !cached && selection instanceof Defaults && !spreadOnly && shownByDefault(tableMetrics);
        // A sweep whose results this instance has not read lately: the query by the sweep (V21), the larger of the
        // two, runs on another connection while this one reads the cells.
        boolean lately = sample != null && (byViews ? resultMetrics.viewCached(sample) : cached);
        Future<List<ResultMetricRows.StoredView>> prefetchedViews = byViews && !lately
                ? prefetch(() -> sweeps.metricViews(id)) : null;
        Future<List<ResultMetricRows.Stored>> prefetched = !byViews && !lately ? prefetch(() -> sweeps.metricRows(id))
                : null;
        List<SweepMember> members = sweeps.members(id);
        SweepState state = SweepState.of(members, sweep.reusedCount(), sweep.submittedAt(), sweep.cancelledAt());
        boolean settled = state.status().isFinal() && members.stream().allMatch(m -> m.status().isFinal());
        if (sweep.settled() == null && settled) {
            sweeps.settle(id, SweepState.tallies(members));
        }
        List<UUID> succeeded = members.stream().filter(m -> m.status() == ExperimentStatus.SUCCEEDED)
                .map(SweepMember::experimentId).distinct().toList();
        Table table = new Table(sweep, definition, tableMetrics,
                definition.path("parameters").valueStream().map(SweepParameter::fromJson).toList(), members, state, settled);
        if (byViews) {
            Map<UUID, MetricView> views = views(id, succeeded, prefetchedViews);
            Loaded loaded = views == null ? null : fromViews(table, views);
            if (loaded != null) {
                if (!views.isEmpty()) {
                    readLately.put(id, views.keySet().iterator().next());
                }
                return loaded;
            }
            // a result without a usable view (stored before V20, …): every metric is read, as before views
        }
        // Results never change once stored, so their metrics are cached (ResultMetrics); those this instance has not
        // read yet come by the sweep when many (a first read: one index range, V21; those it reused by id), else by id
        // (a running sweep read again: the few finished since).
        Map<UUID, MetricValues> metrics = resultMetrics.of(succeeded,
                missing -> prefetched != null ? withPrefetched(prefetched, missing)
                        : missing.size() >= METRICS_BY_SWEEP
                                ? completed(sweeps.metricRows(id), missing, resultMetrics::rows)
                                : resultMetrics.rows(missing),
                sweeps::documents);
        if (!metrics.isEmpty()) {
            readLately.put(id, metrics.keySet().iterator().next());
        }
        List<String> available = SweepRow.metricNames(sweep.combinations(), members, metrics);
        Set<String> chosen = chosen(selection, available, tableMetrics);
        List<SweepRow> rows = SweepRow.of(table.parameters(), sweep.combinations(), members, metrics, chosen, spreadOnly);
        return table.loaded(available, rows, SweepRow.identicalRepetitions(sweep.combinations(), members, metrics),
                metrics);
    }

    /**
     * The views of the sweep's succeeded results ({@link ResultMetrics#views}): those not cached from the prefetch
     * (completed by id), else by the sweep when many (completed the same way), else by id; null when one has no
     * usable view.
     */
    private Map<UUID, MetricView> views(UUID id, List<UUID> succeeded,
            Future<List<ResultMetricRows.StoredView>> prefetched) {
        return resultMetrics.views(succeeded, missing -> prefetched != null || missing.size() >= METRICS_BY_SWEEP
                ? completed(prefetched != null ? prefetched(prefetched) : sweeps.metricViews(id), missing,
                        resultMetrics::viewRows, ResultMetricRows.StoredView::experimentId)
                : resultMetrics.viewRows(missing));
    }

    /** What a sweep's table is made of besides its results' metrics. */
    private record Table(StoredSweep sweep, JsonNode definition, List<String> tableMetrics,
                         List<SweepParameter> parameters, List<SweepMember> members, SweepState state, boolean settled) {

        Loaded loaded(List<String> available, List<SweepRow> rows, Set<Integer> identical,
                Map<UUID, MetricValues> metrics) {
            List<SweepWarning> warnings = SweepWarning.of(parameters(), rows, identical);
            SweepResource resource = new SweepResource(sweep.id(), sweep.name(), sweep.preset(), tags(definition),
                    state.status(), state.progress(), sweep.submittedAt(), state.finishedAt(), sweep.combinations(),
                    sweep.repetitions(), members.size(), (int) members.stream().filter(SweepMember::reused).count(),
                    state.counts(), definition.get("base"), parameters(), definition.path("reuse").asBoolean(true),
                    tableMetrics, available, warnings, rows, SweepResource.Links.of(sweep.id()));
            return new Loaded(resource, members, metrics, settled, sweep.cancelledAt());
        }
    }

    /**
     * The default table from the results' views: the rows' statistics from their default metrics, the
     * identical-repetitions warning from their digests. Null when a metric the table shows is not in the views (the
     * sweep's own {@code metrics} name one outside the defaults): then every metric is read.
     */
    private Loaded fromViews(Table table, Map<UUID, MetricView> views) {
        int combinations = table.sweep().combinations();
        List<String> available = SweepRow.metricNames(combinations, table.members(), views, view -> view.all().names());
        Set<String> chosen = chosen(new Defaults(), available, table.tableMetrics());
        Map<UUID, MetricValues> shown = new LinkedHashMap<>();
        Set<MetricValues.Shape> checked = java.util.Collections.newSetFromMap(new java.util.IdentityHashMap<>());
        for (Map.Entry<UUID, MetricView> view : views.entrySet()) {
            MetricView v = view.getValue();
            if (checked.add(v.all())) {
                for (String name : v.all().names()) {
                    if (chosen.contains(name) && !ResultMetricView.isDefault(name)) {
                        return null;
                    }
                }
            }
            shown.put(view.getKey(), v.shown());
        }
        List<SweepRow> rows = SweepRow.of(table.parameters(), combinations, table.members(), shown, chosen, false);
        return table.loaded(available, rows, SweepRow.identicalByDigest(combinations, table.members(), views), shown);
    }

    /** The metrics a sweep's rows show for {@code selection}, of those {@code available} (null: all). */
    private static Set<String> chosen(Selection selection, List<String> available, List<String> tableMetrics) {
        return switch (selection) {
            case Defaults d -> {
                List<String> names = new ArrayList<>(DEFAULT_METRICS);
                if (tableMetrics != null) {
                    names.addAll(tableMetrics);
                }
                yield Set.copyOf(SweepTable.columns(new LinkedHashSet<>(available), names));
            }
            case OwnElseAll o -> tableMetrics == null ? null
                    : Set.copyOf(SweepTable.columns(new LinkedHashSet<>(available), tableMetrics));
            case Named(List<String> names, boolean checked) -> names == null || names.contains("*") ? null
                    : Set.copyOf(checked ? SweepTable.requested(new LinkedHashSet<>(available), names)
                            : SweepTable.columns(new LinkedHashSet<>(available), names));
        };
    }

    /**
     * Whether the default table shows only default metrics: the sweep names none of its own, or each of its own is
     * one of {@link #DEFAULT_METRICS} or a name without '*' that one of them matches.
     */
    static boolean shownByDefault(List<String> tableMetrics) {
        if (tableMetrics == null) {
            return true;
        }
        for (String metric : tableMetrics) {
            boolean inDefaults = DEFAULT_METRICS.contains(metric)
                    || (!metric.contains("*") && ResultMetricView.isDefault(metric));
            if (!inDefaults) {
                return false;
            }
        }
        return true;
    }

    /** The sweep's rows (or views), read on a prefetch thread; null when none is free (then read after). */
    private <T> Future<List<T>> prefetch(java.util.concurrent.Callable<List<T>> read) {
        try {
            return prefetcher.submit(read);
        } catch (RejectedExecutionException busy) {
            return null;
        }
    }

    /** {@link #completed} of the prefetch, with the rows it lacks read by id. */
    private List<ResultMetricRows.Stored> withPrefetched(Future<List<ResultMetricRows.Stored>> prefetched,
            List<UUID> missing) {
        return completed(prefetched(prefetched), missing, resultMetrics::rows);
    }

    /** {@link #completed} for rows of any kind, each of the experiment {@code idOf} names. */
    static <R> List<R> completed(List<R> rows, List<UUID> missing, Function<List<UUID>, List<R>> byId,
            Function<R, UUID> idOf) {
        Set<UUID> read = new HashSet<>(rows.size() * 2);
        rows.forEach(row -> read.add(idOf.apply(row)));
        List<UUID> rest = missing.stream().filter(m -> !read.contains(m)).distinct().toList();
        if (rest.isEmpty()) {
            return rows;
        }
        List<R> all = new ArrayList<>(rows);
        all.addAll(byId.apply(rest));
        return all;
    }

    /**
     * The rows read by the sweep (those of the results it ran), and by id ({@code byId}) those of the results
     * {@code missing} from the cache they lack: results the sweep reused, and — a prefetch ran beside the cells' query
     * — a result stored after it read (its experiment finished in between, and the cells' query saw it SUCCEEDED).
     * The answer is then what reading the rows of the cells after the cells gives.
     */
    static List<ResultMetricRows.Stored> completed(List<ResultMetricRows.Stored> rows, List<UUID> missing,
            Function<List<UUID>, List<ResultMetricRows.Stored>> byId) {
        return completed(rows, missing, byId, ResultMetricRows.Stored::experimentId);
    }

    /** What the prefetch read; its failure as the same exception reading here would have thrown. */
    private static <T> List<T> prefetched(Future<List<T>> prefetched) {
        try {
            return prefetched.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while reading a sweep's metrics", e);
        } catch (ExecutionException e) {
            if (e.getCause() instanceof RuntimeException runtime) {
                throw runtime;
            }
            if (e.getCause() instanceof Error error) {
                throw error;
            }
            throw new IllegalStateException(e.getCause());
        }
    }

    /**
     * One page of sweeps, newest first, each with its state: a settled sweep's from its row, the others' by counting
     * their cells (and settling those found final).
     */
    public SweepPage list(PageQuery query) {
        List<StoredSweep> rows = sweeps.list(query.beforeSeq(), query.limit());
        boolean more = rows.size() > query.limit();
        List<StoredSweep> page = more ? rows.subList(0, query.limit()) : rows;
        Map<UUID, List<SweepState.Tally>> tallies = new LinkedHashMap<>();
        page.stream().filter(s -> s.settled() != null).forEach(s -> tallies.put(s.id(), s.settled()));
        List<UUID> unsettled = page.stream().filter(s -> s.settled() == null).map(StoredSweep::id).toList();
        Map<UUID, List<SweepState.Tally>> counted = sweeps.tallies(unsettled);
        counted.forEach(sweeps::settle);
        tallies.putAll(counted);
        List<SweepSummary> items = page.stream().map(sweep -> {
            List<SweepState.Tally> tally = tallies.getOrDefault(sweep.id(), List.of());
            SweepState state = SweepState.of(tally, sweep.reusedCount(), sweep.submittedAt(), sweep.cancelledAt());
            int experimentsNow = tally.stream().mapToInt(SweepState.Tally::count).sum();
            return new SweepSummary(sweep.id(), sweep.name(), sweep.preset(), tags(jsonMapper.readTree(sweep.definition())),
                    state.status(), state.progress(), sweep.submittedAt(), state.finishedAt(), sweep.combinations(),
                    sweep.repetitions(), experimentsNow, sweep.reusedCount(), state.counts(), SweepResource.Links.of(sweep.id()));
        }).toList();
        return new SweepPage(items, more ? PageQuery.next(page.getLast().seq()) : null);
    }

    /**
     * Cancels every experiment of the sweep that still waits or runs, in one transaction, and marks the sweep
     * cancelled. False (nothing changed) when nothing of it was left to cancel. Reused experiments are not touched:
     * they belong to whoever ran them.
     */
    @Transactional
    public boolean cancel(UUID id) {
        // Locked before looking for what is left to cancel: a settled sweep's answer is stored under the same lock
        // (SweepAnswerStore.save), so this cancel either finds nothing left or the store sees cancelled_at.
        sweeps.lock(id).orElseThrow(() -> notFound(id));
        List<UUID> active = sweeps.activeExperiments(id);
        if (active.isEmpty()) {
            return false;
        }
        sweeps.markCancelled(id, experiments.now());
        active.forEach(experiments::cancel);
        return true;
    }

    /**
     * Deletes the sweep with the experiments it ran and their results, in one transaction: 404 when unknown, 409 while
     * one of its experiments runs (cancel the sweep first), like deleting an experiment. Waiting ones are deleted and
     * leave the queue. Experiments it reused are not touched (they belong to whoever ran them); experiments it ran
     * that a later sweep reused stay, and move to the oldest such sweep, whose table needs them.
     */
    @Transactional
    public void delete(UUID id) {
        sweeps.lock(id).orElseThrow(() -> notFound(id));
        Map<UUID, ExperimentStatus> own = sweeps.lockOwnExperiments(id);
        long running = own.values().stream().filter(ExperimentStatus.RUNNING::equals).count();
        if (running > 0) {
            throw ApiProblem.sweepRunning(id, running, ExperimentStatus.RUNNING.name());
        }
        Map<UUID, UUID> heirs = sweeps.reusedElsewhere(id);
        sweeps.delete(id);
        sweeps.moveExperiments(heirs);
        experiments.deleteAll(own.keySet().stream().filter(e -> !heirs.containsKey(e)).toList());
        answers.forget(id);
    }

    private static List<String> tags(JsonNode definition) {
        return definition.path("tags").valueStream().map(JsonNode::stringValue).toList();
    }

    /** What is stored as the sweep's definition: its request in the explicit form, plus its tags. */
    private ObjectNode definition(SweepPlan plan) {
        ObjectNode definition = jsonMapper.createObjectNode();
        definition.putObject("base").set("scenario", plan.base());
        definition.set("parameters", jsonMapper.valueToTree(plan.parameters()));
        definition.put("repetitions", plan.repetitions());
        definition.put("reuse", plan.reuse());
        definition.putObject("outputs").put("series", plan.seriesOutput().json());
        if (plan.metrics() != null) {
            ArrayNode metrics = definition.putArray("metrics");
            plan.metrics().forEach(metrics::add);
        }
        ArrayNode tags = definition.putArray("tags");
        plan.tags().forEach(tags::add);
        return definition;
    }

    static ApiProblem notFound(UUID id) {
        return ApiProblem.notFound("No sweep with id " + id + ".");
    }
}
