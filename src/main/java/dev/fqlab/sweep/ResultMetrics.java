package dev.fqlab.sweep;

import dev.fqlab.result.ResultMetricFields;
import dev.fqlab.result.ResultMetricRows;
import dev.fqlab.result.ResultMetricView;
import dev.fqlab.result.ResultRepository;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.function.Function;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.stereotype.Component;
import tools.jackson.databind.json.JsonMapper;

/**
 * The numbers a sweep aggregates: every numeric field of a stored result, named by its path in the document
 * ({@link ResultMetricFields} lists the rules: {@code summary.throughputMbps}, {@code flows.udp1.latencyMs.p99},
 * {@code txqs.sta1.0.drops}, …; {@link #WALL_CLOCK} describe the machine).
 *
 * <p>Since issue 17 they are stored with the result ({@code result_metrics}, {@link ResultMetricRows}): a sweep of a
 * thousand runs reads a thousand rows of doubles, and the names once per scenario shape, instead of parsing a
 * thousand documents. A result without such a row (stored by an older build after V17 ran) is read from its
 * document as before. A result never changes once stored (a deleted experiment leaves every sweep), so each instance
 * caches what it read, as compact {@link MetricValues} whose values live in a few large arrays ({@link MetricSlab}:
 * caching them adds nothing that a young collection copies), and polling a large sweep costs one query.
 */
@Component
public class ResultMetrics {

    /** How many result documents are read from the database at once: they are large (their series), metrics small. */
    static final int DOCUMENTS_AT_ONCE = 64;
    /** The engine fields that measure the machine, not the simulation: they differ between identical runs. */
    public static final Set<String> WALL_CLOCK = ResultMetricView.WALL_CLOCK;
    private static final int SHAPES = 1024;

    private final JsonMapper jsonMapper;
    private final ResultRepository results;
    private final MetricSlab cache;
    /** Metric name lists seen lately, so that results of one scenario shape share one list and index. */
    private final Map<List<String>, MetricValues.Shape> shapes = Collections.synchronizedMap(
            new LinkedHashMap<>(64, 0.75f, true) {
                @Override
                protected boolean removeEldestEntry(Map.Entry<List<String>, MetricValues.Shape> eldest) {
                    return size() > SHAPES;
                }
            });
    /** The same shapes by the SHA-256 of their stored names ({@code result_metrics.names_sha256}). */
    private final Map<String, MetricValues.Shape> shapesBySha = Collections.synchronizedMap(
            new LinkedHashMap<>(64, 0.75f, true) {
                @Override
                protected boolean removeEldestEntry(Map.Entry<String, MetricValues.Shape> eldest) {
                    return size() > SHAPES;
                }
            });

    /** The default metrics' shape of each full shape (by its names' SHA-256), with their positions in it. */
    private final Map<String, Projection> projections = Collections.synchronizedMap(
            new LinkedHashMap<>(64, 0.75f, true) {
                @Override
                protected boolean removeEldestEntry(Map.Entry<String, Projection> eldest) {
                    return size() > SHAPES;
                }
            });
    /**
     * The views read lately ({@link MetricView}), in a slab of their own for the reason {@link MetricSlab} gives (no
     * object per cached result for young collections to copy): each as its default metrics' values followed by
     * {@link #DIGEST_DOUBLES} doubles for the digest, under the projection's {@code stored} shape.
     */
    private final MetricSlab viewSlab = new MetricSlab(1 << 19, 4, 1 << 16);
    /** The projection of each {@code stored} shape in {@link #viewSlab}. */
    private final Map<MetricValues.Shape, Projection> byStored = Collections.synchronizedMap(new IdentityHashMap<>());
    /** A digest in the slab: whether there is one (1) or not (0), then its 32 bytes as 8 ints, each exact in a double. */
    private static final int DIGEST_DOUBLES = 9;

    /**
     * A full shape, the shape of its default metrics ({@link ResultMetricView#positions}), and the shape its views are
     * stored under in {@link #viewSlab} (the default metrics' names and the digest's places).
     */
    private record Projection(MetricValues.Shape all, MetricValues.Shape shown, MetricValues.Shape stored) {
    }

    @Autowired
    public ResultMetrics(JsonMapper jsonMapper, ResultRepository results) {
        this(jsonMapper, results, new MetricSlab());
    }

    /** With this cache (tests: small chunks, so that it wraps). */
    ResultMetrics(JsonMapper jsonMapper, ResultRepository results, MetricSlab cache) {
        this.jsonMapper = jsonMapper;
        this.results = results;
        this.cache = cache;
    }

    /** Only {@link #extract} works: for tests of the naming rules. */
    ResultMetrics(JsonMapper jsonMapper) {
        this(jsonMapper, null);
    }

    /**
     * The metrics of each experiment in {@code ids} (all succeeded), in the order of {@code ids}: from the cache, else
     * from their {@code result_metrics} rows, else from their documents, which {@code documents} loads a few at a
     * time.
     */
    public Map<UUID, MetricValues> of(List<UUID> ids, Function<List<UUID>, Map<UUID, String>> documents) {
        return of(ids, this::rows, documents);
    }

    /**
     * The same, with the {@code result_metrics} rows of the ids not cached read by {@code rows} (given those ids; it
     * may answer rows of other experiments too, which are ignored): a sweep reads many at once by the sweep
     * ({@link SweepRepository#metricRows}). What is read is cached: a running sweep's next read finds them here.
     */
    Map<UUID, MetricValues> of(List<UUID> ids, Function<List<UUID>, List<ResultMetricRows.Stored>> rows,
            Function<List<UUID>, Map<UUID, String>> documents) {
        Map<UUID, MetricValues> found = new HashMap<>();
        List<UUID> missing = fromCache(ids, cache::get, found);
        if (!missing.isEmpty()) {
            for (ResultMetricRows.Stored row : wanted(rows.apply(missing), missing,
                    ResultMetricRows.Stored::experimentId)) {
                MetricValues.Shape shape = shapeOf(row);
                if (shape != null) {
                    found.put(row.experimentId(), cache.put(row.experimentId(), shape, row.values(), row.seed()));
                }
            }
            missing.removeIf(found::containsKey);
        }
        return inOrder(ids, found, missing, documents);
    }

    /**
     * The views ({@link MetricView}) of each experiment in {@code ids} (all succeeded), in the order of {@code ids}:
     * from the cache, else from their stored rows, which {@code rows} reads (given the ids not cached; it may answer
     * rows of other experiments too). Null when one of them has no usable view — no {@code result_metrics} row, one
     * stored before V20 or with another list of defaults, names that cannot be read: then the caller reads every
     * metric, as before views. What is read is cached.
     */
    Map<UUID, MetricView> views(List<UUID> ids, Function<List<UUID>, List<ResultMetricRows.StoredView>> rows) {
        Map<UUID, MetricView> found = new HashMap<>();
        List<UUID> missing = fromCache(ids, this::cachedView, found);
        if (!missing.isEmpty()) {
            for (ResultMetricRows.StoredView row : wanted(rows.apply(missing), missing,
                    ResultMetricRows.StoredView::experimentId)) {
                Projection projection = projection(row);
                if (projection == null) {
                    return null;
                }
                MetricView view = new MetricView(new MetricValues(projection.shown(), row.values(), row.seed()),
                        projection.all(), row.digest());
                viewSlab.put(row.experimentId(), projection.stored(), stored(row.values(), row.digest()), row.seed());
                found.put(row.experimentId(), view);
            }
            for (UUID id : missing) {
                if (!found.containsKey(id)) {
                    return null;
                }
            }
        }
        Map<UUID, MetricView> inOrder = new LinkedHashMap<>();
        ids.forEach(id -> inOrder.put(id, found.get(id)));
        return inOrder;
    }

    /** Those of {@code rows} of an experiment in {@code missing}: a read by the sweep answers others too. */
    private static <R> List<R> wanted(List<R> rows, List<UUID> missing, Function<R, UUID> idOf) {
        Set<UUID> wanted = new HashSet<>(missing);
        List<R> kept = new ArrayList<>(Math.min(rows.size(), missing.size()));
        for (R row : rows) {
            if (wanted.contains(idOf.apply(row))) {
                kept.add(row);
            }
        }
        return kept;
    }

    /** The rows' views of these experiments (those that have a row). */
    List<ResultMetricRows.StoredView> viewRows(List<UUID> ids) {
        return results.metricViews(ids);
    }

    /** Whether this instance has the view of {@code id} cached. */
    boolean viewCached(UUID id) {
        return viewSlab.contains(id);
    }

    /** The cached view of {@code id}, or null. */
    private MetricView cachedView(UUID id) {
        MetricValues stored = viewSlab.get(id);
        Projection projection = stored == null ? null : byStored.get(stored.shape());
        if (projection == null) {
            return null;
        }
        int n = projection.shown().names().size();
        double[] values = new double[n];
        for (int i = 0; i < n; i++) {
            values[i] = stored.value(i);
        }
        byte[] digest = null;
        if (stored.value(n) == 1) {
            java.nio.ByteBuffer bytes = java.nio.ByteBuffer.allocate(32);
            for (int i = 0; i < 8; i++) {
                bytes.putInt((int) stored.value(n + 1 + i));
            }
            digest = bytes.array();
        }
        return new MetricView(new MetricValues(projection.shown(), values, stored.seed()), projection.all(), digest);
    }

    /** A view's values as {@link #viewSlab} keeps them: the default metrics' values, then the digest. */
    private static double[] stored(double[] values, byte[] digest) {
        double[] stored = java.util.Arrays.copyOf(values, values.length + DIGEST_DOUBLES);
        if (digest != null && digest.length == 32) {
            stored[values.length] = 1;
            java.nio.ByteBuffer bytes = java.nio.ByteBuffer.wrap(digest);
            for (int i = 0; i < 8; i++) {
                stored[values.length + 1 + i] = bytes.getInt();
            }
        }
        return stored;
    }

    /** The projection a stored row's view is read with, or null when it has none this build can use. */
    private Projection projection(ResultMetricRows.StoredView row) {
        if (row.version() == null || row.version() != ResultMetricView.VERSION || row.values() == null
                || (row.digest() != null && row.digest().length != 32)) {
            return null;
        }
        Projection projection = projections.get(row.namesSha256());
        if (projection == null) {
            MetricValues.Shape all = shapeBySha(row.namesSha256());
            if (all == null) {
                return null;
            }
            List<String> shown = new ArrayList<>();
            for (int i : ResultMetricView.positions(all.names())) {
                shown.add(all.names().get(i));
            }
            List<String> stored = new ArrayList<>(shown);
            for (int i = 0; i < DIGEST_DOUBLES; i++) {
                stored.add("#digest" + i);
            }
            projection = new Projection(all, shape(shown), newShape(stored));
            if (byStored.size() > 4 * SHAPES) {
                byStored.clear(); // views stored under a shape no longer known are read again
            }
            byStored.put(projection.stored(), projection);
            projections.put(row.namesSha256(), projection);
        }
        if (projection.shown().names().size() != row.values().length) {
            return null;
        }
        return projection;
    }

    /** Puts into {@code found} what {@code cached} has of {@code ids}; answers the others, in order. */
    private static <V> List<UUID> fromCache(List<UUID> ids, Function<UUID, V> cached, Map<UUID, V> found) {
        List<UUID> missing = new ArrayList<>();
        for (UUID id : ids) {
            V value = cached.apply(id);
            if (value != null) {
                found.put(id, value);
            } else {
                missing.add(id);
            }
        }
        return missing;
    }

    /** Whether this instance has the metrics of {@code id} cached. */
    boolean cached(UUID id) {
        return cache.contains(id);
    }

    /** The {@code result_metrics} rows of these experiments (those that have one). */
    List<ResultMetricRows.Stored> rows(List<UUID> ids) {
        return results.metricRows(ids);
    }

    /** The names of a stored row, or null when they cannot be read (then the document says it). */
    private MetricValues.Shape shapeOf(ResultMetricRows.Stored row) {
        MetricValues.Shape shape = shapeBySha(row.namesSha256());
        return shape == null || shape.names().size() != row.values().length ? null : shape;
    }

    /** The shape of the names stored under {@code namesSha256}, read once per instance; null when none are stored. */
    private MetricValues.Shape shapeBySha(String namesSha256) {
        MetricValues.Shape shape = shapesBySha.get(namesSha256);
        if (shape == null) {
            List<String> names = results.metricNames(namesSha256);
            if (names == null) {
                return null;
            }
            shape = shape(names);
            shapesBySha.put(namesSha256, shape);
        }
        return shape;
    }

    /** {@code found} and the {@code missing} ones from their documents, in the order of {@code ids}. */
    private Map<UUID, MetricValues> inOrder(List<UUID> ids, Map<UUID, MetricValues> found, List<UUID> missing,
            Function<List<UUID>, Map<UUID, String>> documents) {
        for (int from = 0; from < missing.size(); from += DOCUMENTS_AT_ONCE) {
            documents.apply(missing.subList(from, Math.min(missing.size(), from + DOCUMENTS_AT_ONCE)))
                    .forEach((id, document) -> {
                        ResultMetricFields.Extracted extracted = ResultMetricFields.extract(jsonMapper, document);
                        found.put(id, cache.put(id, shape(extracted.names()), extracted.values(), extracted.seed()));
                    });
        }
        Map<UUID, MetricValues> metrics = new LinkedHashMap<>();
        ids.forEach(id -> {
            if (found.containsKey(id)) {
                metrics.put(id, found.get(id));
            }
        });
        return metrics;
    }

    /** The metrics of one result document ({@link ResultMetricFields}). */
    MetricValues extract(String document) {
        ResultMetricFields.Extracted extracted = ResultMetricFields.extract(jsonMapper, document);
        return new MetricValues(shape(extracted.names()), extracted.values(), extracted.seed());
    }

    /** A shape of its own (not shared with other results of these names). */
    private static MetricValues.Shape newShape(List<String> names) {
        Map<String, Integer> index = new HashMap<>();
        for (int i = 0; i < names.size(); i++) {
            index.put(names.get(i), i);
        }
        return new MetricValues.Shape(List.copyOf(names), Map.copyOf(index));
    }

    private MetricValues.Shape shape(List<String> names) {
        return shapes.computeIfAbsent(List.copyOf(names), n -> {
            Map<String, Integer> index = new HashMap<>();
            for (int i = 0; i < n.size(); i++) {
                index.put(n.get(i), i);
            }
            return new MetricValues.Shape(n, Map.copyOf(index));
        });
    }
}
