package dev.fqlab.sweep;

import static org.assertj.core.api.Assertions.assertThat;

import dev.fqlab.experiment.ExperimentStatus;
import dev.fqlab.result.Csv;
import dev.fqlab.sim.stats.Numbers;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.UUID;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.JsonNodeFactory;

/**
 * The faster sweep rendering of issue 17 writes the bytes the previous code wrote. Oracles: the previous
 * {@code SweepTable.csv} (b0cab35: a field list per row, {@code Csv.format} of each boxed statistic, {@code Csv.line})
 * and the previous {@code MetricStats.of} (library sort, one pass of sums), copied here; random sweeps (labels with
 * commas, quotes and formula characters, metrics missing from some results, one repetition or many, values of every
 * magnitude and sign, exact ties and -0.0) and random choices of statistics.
 */
class SweepRenderPropertyTest {

    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    @Property(tries = 300)
    void tableCsvIsThePreviousCodesText(@ForAll long seed) {
        Random random = new Random(seed);
        Sweep sweep = sweep(random);
        List<String> statistics = statistics(random, SweepTable.STATISTICS);
        SweepResource resource = sweep.resource(false);

        assertThat(SweepTable.csv(resource, null, statistics)).isEqualTo(previousCsv(resource, null, statistics));
        List<String> some = List.of(resource.availableMetrics().isEmpty() ? "x" : resource.availableMetrics().getFirst());
        if (!resource.availableMetrics().isEmpty()) {
            assertThat(SweepTable.csv(resource, some, statistics)).isEqualTo(previousCsv(resource, some, statistics));
        }
    }

    @Property(tries = 300)
    void meanAndStddevAloneGiveTheSameTableCsv(@ForAll long seed) {
        Random random = new Random(seed);
        Sweep sweep = sweep(random);
        List<String> statistics = statistics(random, List.of("mean", "stddev", "n"));

        assertThat(SweepService.spreadOnly(statistics)).isTrue();
        assertThat(SweepTable.csv(sweep.resource(true), null, statistics))
                .isEqualTo(previousCsv(sweep.resource(false), null, statistics));
    }

    @Property(tries = 2000)
    void statisticsAreThePreviousCodes(@ForAll long seed) {
        Random random = new Random(seed);
        double[] values = values(random, 1 + random.nextInt(random.nextBoolean() ? 6 : 40));
        double[] copy = values.clone();

        MetricStats stats = MetricStats.of(values);

        assertThat(values).as("left as it is").isEqualTo(copy);
        assertThat(stats).isEqualTo(previousStats(values));
        MetricStats spread = MetricStats.meanAndStddev(values);
        assertThat(spread.mean()).isEqualTo(stats.mean());
        assertThat(spread.stddev()).isEqualTo(stats.stddev());
        assertThat(spread.n()).isEqualTo(stats.n());
    }

    // --- random sweeps -------------------------------------------------------------------------------------

    private record Sweep(List<SweepParameter> parameters, int combinations, List<SweepMember> members,
                         Map<UUID, Map<String, Double>> metrics, List<String> own) {

        SweepResource resource(boolean spreadOnly) {
            Set<String> names = new LinkedHashSet<>();
            members.forEach(m -> {
                if (metrics.containsKey(m.experimentId())) {
                    names.addAll(metrics.get(m.experimentId()).keySet());
                }
            });
            List<SweepRow> rows = SweepRow.of(parameters, combinations, members, metrics, null, spreadOnly);
            return new SweepResource(UUID.randomUUID(), "s", null, List.of(), ExperimentStatus.SUCCEEDED, 1.0,
                    Instant.EPOCH, Instant.EPOCH, combinations, 1, members.size(), 0, Map.of(), NODES.objectNode(),
                    parameters, true, own, List.copyOf(names), List.of(), rows, SweepResource.Links.of(UUID.randomUUID()));
        }
    }

    private static Sweep sweep(Random random) {
        List<SweepParameter> parameters = new ArrayList<>();
        int parameterCount = random.nextInt(3);
        for (int p = 0; p < parameterCount; p++) {
            List<JsonNode> values = new ArrayList<>();
            List<String> labels = new ArrayList<>();
            int count = 1 + random.nextInt(3);
            for (int v = 0; v < count; v++) {
                values.add(random.nextBoolean() ? NODES.numberNode(random.nextInt(100) - 50)
                        : NODES.stringNode(List.of("a,b", "q\"x", "=1+1", "-2", "plain", "x;y").get(random.nextInt(6)) + v));
                labels.add("l" + v + List.of("", ",", "\"", "+").get(random.nextInt(4)));
            }
            parameters.add(new SweepParameter(random.nextBoolean() ? "p" + p : null, "/p" + p, values,
                    random.nextBoolean() ? labels : null));
        }
        int combinations = parameters.stream().mapToInt(p -> p.values().size()).reduce(1, (a, b) -> a * b);
        int repetitions = 1 + random.nextInt(4);
        List<String> names = List.of("summary.throughputMbps", "flows.a.latencyMs.p99", "flows.b.rttMs.p50",
                "stations.s1.airtimeShare", "engine.wallS");
        List<SweepMember> members = new ArrayList<>();
        Map<UUID, Map<String, Double>> metrics = new LinkedHashMap<>();
        for (int c = 0; c < combinations; c++) {
            for (int r = 0; r < repetitions; r++) {
                UUID id = UUID.randomUUID();
                ExperimentStatus status = random.nextInt(8) == 0 ? ExperimentStatus.FAILED : ExperimentStatus.SUCCEEDED;
                members.add(new SweepMember(c * repetitions + r, c, r, id, false, status, 1.0, Instant.EPOCH));
                if (status == ExperimentStatus.SUCCEEDED) {
                    Map<String, Double> result = new LinkedHashMap<>();
                    double[] values = values(random, names.size());
                    for (int i = 0; i < names.size(); i++) {
                        if (random.nextInt(6) > 0) {
                            result.put(names.get(i), values[i]);
                        }
                    }
                    metrics.put(id, result);
                }
            }
        }
        List<String> own = random.nextInt(3) == 0 ? List.of("flows.*", "summary.throughputMbps") : null;
        return new Sweep(parameters, combinations, members, metrics, own);
    }

    /** Values of any magnitude and sign, exact ties, zeros of both signs and 6-digit ones as results hold. */
    private static double[] values(Random random, int n) {
        double[] values = new double[n];
        double base = Math.pow(10, random.nextInt(30) - 15) * (random.nextBoolean() ? 1 : -1);
        for (int i = 0; i < n; i++) {
            values[i] = switch (random.nextInt(6)) {
                case 0 -> i > 0 ? values[i - 1] : 0.0;
                case 1 -> random.nextBoolean() ? 0.0 : -0.0;
                case 2 -> Double.longBitsToDouble(random.nextLong() & 0x7fefffffffffffffL) * (random.nextBoolean() ? 1 : -1);
                default -> Numbers.round6(base * (1 + random.nextDouble()));
            };
        }
        return values;
    }

    private static List<String> statistics(Random random, List<String> from) {
        List<String> chosen = new ArrayList<>();
        for (String statistic : from) {
            if (random.nextBoolean()) {
                chosen.add(statistic);
            }
        }
        if (chosen.isEmpty()) {
            chosen.add(from.get(random.nextInt(from.size())));
        }
        if (random.nextBoolean()) {
            java.util.Collections.shuffle(chosen, random);
        }
        return chosen;
    }

    // --- the previous code (b0cab35), the oracle ---------------------------------------------------------------

    private static String previousCsv(SweepResource sweep, List<String> metricFilter, List<String> statistics) {
        List<String> metrics = metricFilter != null && !metricFilter.isEmpty() ? SweepTable.requested(sweep, metricFilter)
                : SweepTable.columns(sweep, sweep.metrics());
        StringBuilder csv = new StringBuilder();
        List<String> header = new ArrayList<>();
        sweep.parameters().forEach(p -> header.add(p.header()));
        header.add("n");
        for (String metric : metrics) {
            statistics.forEach(s -> header.add(metric + " " + s));
        }
        Csv.line(csv, header);
        for (SweepRow row : sweep.rows()) {
            List<String> fields = new ArrayList<>();
            int[] index = SweepReader.indices(sweep.parameters(), row.combination());
            for (int i = 0; i < sweep.parameters().size(); i++) {
                fields.add(sweep.parameters().get(i).display(index[i]));
            }
            fields.add(Integer.toString(row.succeeded()));
            for (String metric : metrics) {
                MetricStats stats = row.metrics().get(metric);
                for (String statistic : statistics) {
                    fields.add(stats == null ? "" : Csv.format(previousStatistic(stats, statistic)));
                }
            }
            Csv.line(csv, fields);
        }
        return csv.toString();
    }

    private static Object previousStatistic(MetricStats stats, String statistic) {
        return switch (statistic) {
            case "mean" -> stats.mean();
            case "stddev" -> stats.stddev();
            case "min" -> stats.min();
            case "max" -> stats.max();
            case "n" -> stats.n();
            case "median" -> stats.median();
            case "ci95Low" -> stats.ci95Low();
            case "ci95High" -> stats.ci95High();
            default -> throw new IllegalArgumentException(statistic);
        };
    }

    /** {@code MetricStats.of} at b0cab35 (library sort, one pass of sums): the oracle of both render property tests. */
    static MetricStats previousStats(double[] values) {
        int n = values.length;
        double[] sorted = new double[n];
        double sum = 0;
        for (int i = 0; i < n; i++) {
            sorted[i] = values[i];
            sum += sorted[i];
        }
        Arrays.sort(sorted);
        double mean = sum / n;
        double median = n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
        Double stddev = null;
        Double low = null;
        Double high = null;
        if (n > 1) {
            double squares = 0;
            for (double value : values) {
                squares += (value - mean) * (value - mean);
            }
            double s = Math.sqrt(squares / (n - 1));
            if (s < 1e-12 * Math.abs(mean)) {
                s = 0;
            }
            stddev = Numbers.round6(s);
            double halfWidth = StudentT.quantile975(n - 1) * s / Math.sqrt(n);
            low = Numbers.round6(mean - halfWidth);
            high = Numbers.round6(mean + halfWidth);
        }
        return new MetricStats(Numbers.round6(mean), stddev, Numbers.round6(sorted[0]), Numbers.round6(sorted[n - 1]),
                n, Numbers.round6(median), low, high);
    }
}
