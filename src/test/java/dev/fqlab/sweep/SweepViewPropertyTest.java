package dev.fqlab.sweep;

import static org.assertj.core.api.Assertions.assertThat;

import dev.fqlab.experiment.ExperimentStatus;
import dev.fqlab.result.ResultMetricRows;
import dev.fqlab.result.ResultMetricView;
import dev.fqlab.result.ResultRepository;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.UUID;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import tools.jackson.databind.json.JsonMapper;

/**
 * A sweep's default table from its results' views (V20: the default metrics' values and a digest of the rest,
 * {@link ResultMetricView}) is the table from every metric: the same available metrics, the same rows, the same
 * combinations warned of identical repetitions. Oracle: {@link ResultMetrics#of} over the full stored rows with
 * {@link SweepRow#of} and {@link SweepRow#identicalRepetitions}, which compare the values themselves — over random
 * sweeps whose repetitions are identical, equal to 6 digits but not in their bits, different in one metric at the
 * 6th digit or at the 7th, different only in a wall-clock metric, -0.0 against 0.0, NaN or infinite; results of
 * several shapes (the same names in another order, with or without wall-clock names, none at all); failed cells and
 * cells without results.
 */
class SweepViewPropertyTest {

    private static final JsonMapper JSON = JsonMapper.builder().build();

    /** Names of every kind: default ones, others, wall-clock ones. */
    private static final List<String> POOL = List.of("summary.throughputMbps", "summary.jainThroughput",
            "stations.sta1.throughputMbps", "stations.sta1.airtimeShare", "stations.sta1.txBytes",
            "flows.udp1.throughputMbps", "flows.udp1.latencyMs.p50", "flows.udp1.latencyMs.p90",
            "flows.udp1.latencyMs.p99", "txqs.sta1.0.drops", "engine.events", "engine.wallS", "engine.speedup",
            "engine.eventsPerS", "seed");

    @Property(tries = 400)
    void theDefaultTableFromViewsIsTheTableFromEveryMetric(@ForAll long seed) {
        Random random = new Random(seed);
        // 1–3 shapes; the second may be the first reordered, or the first with wall-clock names added or removed.
        List<List<String>> shapes = new ArrayList<>();
        List<String> first = pick(random);
        shapes.add(first);
        for (int s = 1; s < 1 + random.nextInt(3); s++) {
            List<String> other = switch (random.nextInt(4)) {
                case 0 -> {
                    List<String> reordered = new ArrayList<>(first);
                    Collections.shuffle(reordered, random);
                    yield reordered;
                }
                case 1 -> {
                    List<String> changed = new ArrayList<>(first);
                    changed.removeIf(ResultMetricView.WALL_CLOCK::contains);
                    if (random.nextBoolean()) {
                        changed.add("engine.wallS");
                    }
                    yield changed;
                }
                default -> pick(random);
            };
            shapes.add(other);
        }
        Map<String, List<String>> namesBySha = new HashMap<>();
        List<String> shas = new ArrayList<>();
        for (List<String> names : shapes) {
            String sha = "sha-" + names.hashCode() + "-" + names.size();
            namesBySha.put(sha, names);
            shas.add(sha);
        }

        int combinations = 1 + random.nextInt(5);
        int repetitions = 1 + random.nextInt(4);
        List<SweepMember> members = new ArrayList<>();
        List<ResultMetricRows.Stored> rows = new ArrayList<>();
        List<ResultMetricRows.StoredView> views = new ArrayList<>();
        List<UUID> succeeded = new ArrayList<>();
        for (int c = 0; c < combinations; c++) {
            int shapeOfCombination = random.nextInt(shapes.size());
            double[] base = null;
            for (int r = 0; r < repetitions; r++) {
                UUID id = new UUID(random.nextLong(), random.nextLong());
                boolean ok = random.nextInt(6) > 0;
                members.add(new SweepMember(c * repetitions + r, c, r, id, false,
                        ok ? ExperimentStatus.SUCCEEDED : ExperimentStatus.FAILED, 1.0, Instant.EPOCH));
                if (!ok) {
                    continue;
                }
                int shape = random.nextInt(5) == 0 ? random.nextInt(shapes.size()) : shapeOfCombination;
                List<String> names = shapes.get(shape);
                double[] values = values(random, names, base);
                if (base == null || base.length != values.length) {
                    base = values;
                }
                succeeded.add(id);
                Long runSeed = random.nextBoolean() ? null : (long) random.nextInt(5);
                rows.add(new ResultMetricRows.Stored(id, shas.get(shape), runSeed, values));
                views.add(new ResultMetricRows.StoredView(id, shas.get(shape), runSeed, ResultMetricView.VERSION,
                        ResultMetricView.project(values, ResultMetricView.positions(names)),
                        ResultMetricView.digest(names, values)));
            }
        }
        Collections.shuffle(members, random);
        ResultRepository repository = new ResultRepository(null, null, JSON) {
            @Override
            public List<String> metricNames(String namesSha256) {
                return namesBySha.get(namesSha256);
            }
        };

        Map<UUID, MetricValues> full = new ResultMetrics(JSON, repository).of(succeeded, missing -> rows, ids -> Map.of());
        List<String> available = SweepRow.metricNames(combinations, members, full);
        Set<String> chosen = Set.copyOf(SweepTable.columns(new LinkedHashSet<>(available), SweepService.DEFAULT_METRICS));
        List<SweepRow> expectedRows = SweepRow.of(List.of(), combinations, members, full, chosen, false);
        Set<Integer> expectedIdentical = SweepRow.identicalRepetitions(combinations, members, full);

        ResultMetrics reader = new ResultMetrics(JSON, repository);
        Map<UUID, MetricView> read = reader.views(succeeded, missing -> views);
        assertThat(read).isNotNull();
        // Read again, all from the cache (its slab keeps the digest in doubles): the same views.
        Map<UUID, MetricView> again = reader.views(succeeded, missing -> List.of());
        assertThat(again).isNotNull();
        assertThat(again.keySet()).containsExactlyElementsOf(read.keySet());
        read.forEach((id, view) -> {
            MetricView cached = again.get(id);
            assertThat(cached.shown()).containsExactlyEntriesOf(view.shown());
            assertThat(cached.shown().shape()).isSameAs(view.shown().shape());
            assertThat(cached.shown().seed()).isEqualTo(view.shown().seed());
            assertThat(cached.all()).isSameAs(view.all());
            assertThat(cached.digest()).isEqualTo(view.digest());
        });
        Map<UUID, MetricValues> shown = new HashMap<>();
        read.forEach((id, view) -> shown.put(id, view.shown()));

        assertThat(SweepRow.metricNames(combinations, members, read, view -> view.all().names())).isEqualTo(available);
        assertThat(SweepRow.of(List.of(), combinations, members, shown, chosen, false)).isEqualTo(expectedRows);
        assertThat(SweepRow.identicalByDigest(combinations, members, read)).isEqualTo(expectedIdentical);
    }

    @Example
    void aViewStoredBeforeV20OrForOtherDefaultsIsNotUsed() {
        List<String> names = List.of("summary.throughputMbps", "txqs.sta1.0.drops");
        double[] values = {1.5, 2};
        ResultRepository repository = new ResultRepository(null, null, JSON) {
            @Override
            public List<String> metricNames(String namesSha256) {
                return names;
            }
        };
        UUID id = UUID.randomUUID();
        ResultMetricRows.StoredView before = new ResultMetricRows.StoredView(id, "s", null, null, null, null);
        ResultMetricRows.StoredView other = new ResultMetricRows.StoredView(id, "s", null,
                (short) (ResultMetricView.VERSION + 1), new double[] {1.5}, ResultMetricView.digest(names, values));
        ResultMetricRows.StoredView current = new ResultMetricRows.StoredView(id, "s", null, ResultMetricView.VERSION,
                new double[] {1.5}, ResultMetricView.digest(names, values));

        assertThat(new ResultMetrics(JSON, repository).views(List.of(id), missing -> List.of(before))).isNull();
        assertThat(new ResultMetrics(JSON, repository).views(List.of(id), missing -> List.of(other))).isNull();
        assertThat(new ResultMetrics(JSON, repository).views(List.of(id), missing -> List.of())).isNull();
        Map<UUID, MetricView> read = new ResultMetrics(JSON, repository).views(List.of(id), missing -> List.of(current));
        assertThat(read.get(id).shown().names()).containsExactly("summary.throughputMbps");
        assertThat(read.get(id).all().names()).isEqualTo(names);
    }

    /** The digest compares to 6 significant digits, as the statistics show values: the worked cases. */
    @Example
    void digestsAreEqualExactlyForValuesEqualTo6Digits() {
        List<String> names = List.of("summary.throughputMbps", "engine.wallS");
        byte[] base = ResultMetricView.digest(names, new double[] {9.19256, 0.5});
        assertThat(ResultMetricView.digest(names, new double[] {9.192564, 0.7})).isEqualTo(base); // 7th digit, wall clock
        assertThat(ResultMetricView.digest(names, new double[] {9.19257, 0.5})).isNotEqualTo(base); // 6th digit
        assertThat(ResultMetricView.digest(List.of("a"), new double[] {0.0}))
                .isEqualTo(ResultMetricView.digest(List.of("a"), new double[] {-0.0}));
        assertThat(ResultMetricView.digest(List.of("a"), new double[] {Double.NaN})).isNull();
        assertThat(ResultMetricView.digest(List.of("a", "b"), new double[] {1, 2}))
                .isEqualTo(ResultMetricView.digest(List.of("b", "a"), new double[] {2, 1}));
        assertThat(ResultMetricView.digest(List.of("a", "b"), new double[] {1, 2}))
                .isNotEqualTo(ResultMetricView.digest(List.of("a", "b"), new double[] {2, 1}));
    }

    /** A few names of the pool, in random order (sometimes none). */
    private static List<String> pick(Random random) {
        List<String> names = new ArrayList<>(POOL);
        Collections.shuffle(names, random);
        return new ArrayList<>(names.subList(0, random.nextInt(8) == 0 ? 0 : 1 + random.nextInt(POOL.size())));
    }

    /** A result's values: new ones, or those of {@code base} (same length) repeated with at most one change. */
    private static double[] values(Random random, List<String> names, double[] base) {
        double[] values = new double[names.size()];
        if (base == null || base.length != values.length || random.nextInt(4) == 0) {
            for (int i = 0; i < values.length; i++) {
                values[i] = value(random);
            }
            return values;
        }
        System.arraycopy(base, 0, values, 0, values.length);
        if (values.length > 0 && random.nextBoolean()) {
            int i = random.nextInt(values.length);
            double v = values[i];
            values[i] = switch (random.nextInt(7)) {
                case 0 -> v * (1 + 1e-9); // equal to 6 digits, not in its bits
                case 1 -> v * (1 + 1e-3) + 1e-3; // different at the 3rd digit
                case 2 -> Math.nextUp(v);
                case 3 -> v == 0 ? -v : v;
                case 4 -> Double.NaN;
                case 5 -> random.nextBoolean() ? Double.POSITIVE_INFINITY : Double.NEGATIVE_INFINITY;
                default -> v + 5e-6 * Math.abs(v); // near the 6th digit: either way
            };
        }
        return values;
    }

    private static double value(Random random) {
        return switch (random.nextInt(6)) {
            case 0 -> random.nextBoolean() ? 0.0 : -0.0;
            case 1 -> random.nextInt(3);
            case 2 -> Math.round(random.nextDouble() * 1e6) / 1e3;
            default -> random.nextDouble() * Math.pow(10, random.nextInt(12) - 6);
        };
    }
}
