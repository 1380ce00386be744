package dev.fqlab.sweep;

import static org.assertj.core.api.Assertions.assertThat;

import dev.fqlab.experiment.ExperimentStatus;
import dev.fqlab.result.ShortestDecimal;
import dev.fqlab.sim.stats.Numbers;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.UUID;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import tools.jackson.core.JsonGenerator;
import tools.jackson.core.io.SerializedString;
import tools.jackson.databind.SerializationContext;
import tools.jackson.databind.ValueSerializer;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.module.SimpleModule;

/**
 * The render of a sweep allocates less since issue 17's last line (numbers written through a per-thread buffer,
 * statistics sorted in a reused array, no streams per row) and writes what it wrote before. Oracles: the record's
 * default serializer and the previous {@code SweepJson.StatsWriter} (7f6517c: a new {@code char[]} per number, the
 * generator's {@code writeNumber(double)} for the others), copied here, for statistics of every kind of value (0.0,
 * -0.0, NaN, infinities, tiny and huge, 6-digit, nulls); and the statistics of a plain reference aggregation (each
 * combination's succeeded repetitions in order, each metric's values through the previous {@code MetricStats.of})
 * for {@code SweepRow.of}'s rows.
 */
class SweepRenderAllocationPropertyTest {

    private static final JsonMapper PLAIN = JsonMapper.builder().build();
    private static final JsonMapper NEW = PLAIN.rebuild()
            .addModule(new SimpleModule("new").addSerializer(MetricStats.class, new SweepJson.StatsWriter())).build();
    private static final JsonMapper PREVIOUS = PLAIN.rebuild()
            .addModule(new SimpleModule("previous").addSerializer(MetricStats.class, new PreviousStatsWriter())).build();

    @Property(tries = 1000)
    void statisticsAreWrittenAsBefore(@ForAll long seed) {
        Random random = new Random(seed);
        List<MetricStats> stats = new ArrayList<>();
        for (int i = 0; i < 1 + random.nextInt(20); i++) {
            stats.add(random.nextBoolean() ? MetricStats.of(values(random, 1 + random.nextInt(6)))
                    : new MetricStats(value(random), random.nextInt(4) == 0 ? null : value(random), value(random),
                            value(random), random.nextInt(10), value(random),
                            random.nextInt(4) == 0 ? null : value(random), random.nextInt(4) == 0 ? null : value(random)));
        }
        Map<String, Object> document = new LinkedHashMap<>();
        document.put("stats", stats);
        document.put("one", stats.getFirst());

        byte[] written = NEW.writeValueAsBytes(document);

        assertThat(new String(written)).isEqualTo(new String(PREVIOUS.writeValueAsBytes(document)));
        assertThat(written).isEqualTo(PLAIN.writeValueAsBytes(document));
    }

    @Property(tries = 300)
    void rowsHoldTheStatisticsOfAPlainAggregation(@ForAll long seed) {
        Random random = new Random(seed);
        List<String> names = new ArrayList<>();
        for (int i = 0; i < 1 + random.nextInt(8); i++) {
            names.add("m" + i);
        }
        Map<String, Integer> index = new HashMap<>();
        for (int i = 0; i < names.size(); i++) {
            index.put(names.get(i), i);
        }
        MetricValues.Shape shape = new MetricValues.Shape(List.copyOf(names), Map.copyOf(index));
        int combinations = 1 + random.nextInt(6);
        int repetitions = 1 + random.nextInt(5);
        List<SweepMember> members = new ArrayList<>();
        Map<UUID, MetricValues> metrics = new HashMap<>();
        for (int c = 0; c < combinations; c++) {
            for (int r = 0; r < repetitions; r++) {
                UUID id = new UUID(random.nextLong(), random.nextLong());
                ExperimentStatus status = random.nextInt(5) == 0 ? ExperimentStatus.FAILED : ExperimentStatus.SUCCEEDED;
                members.add(new SweepMember(c * repetitions + r, c, r, id, false, status, 1.0, Instant.EPOCH));
                if (status == ExperimentStatus.SUCCEEDED && random.nextInt(8) > 0) {
                    metrics.put(id, new MetricValues(shape, values(random, names.size()), null));
                }
            }
        }
        java.util.Collections.shuffle(members, random);
        Set<String> chosen = random.nextBoolean() ? null : Set.of(names.get(random.nextInt(names.size())));

        List<SweepRow> rows = SweepRow.of(List.of(), combinations, members, metrics, chosen, false);

        assertThat(rows).hasSize(combinations);
        for (int c = 0; c < combinations; c++) {
            int combination = c;
            List<SweepMember> cell = members.stream().filter(m -> m.combination() == combination)
                    .sorted(Comparator.comparingInt(SweepMember::repetition)).toList();
            List<MetricValues> results = cell.stream().filter(m -> m.status() == ExperimentStatus.SUCCEEDED)
                    .map(m -> metrics.get(m.experimentId())).filter(java.util.Objects::nonNull).toList();
            Map<String, MetricStats> expected = new LinkedHashMap<>();
            if (!results.isEmpty()) {
                for (int i = 0; i < names.size(); i++) {
                    if (chosen == null || chosen.contains(names.get(i))) {
                        double[] values = new double[results.size()];
                        for (int r = 0; r < values.length; r++) {
                            values[r] = results.get(r).value(i);
                        }
                        expected.put(names.get(i), SweepRenderPropertyTest.previousStats(values));
                    }
                }
            }
            SweepRow row = rows.get(c);
            assertThat(row.succeeded()).isEqualTo(results.size());
            assertThat(row.experiments()).isEqualTo(cell.stream().map(SweepMember::experimentId).toList());
            assertThat(new ArrayList<>(row.metrics().keySet())).isEqualTo(new ArrayList<>(expected.keySet()));
            assertThat(row.metrics()).isEqualTo(expected);
            // and by name, as table.csv and the plots read them
            expected.forEach((name, stats) -> {
                assertThat(row.metrics().get(name)).as(name).isEqualTo(stats);
                assertThat(row.metrics().containsKey(name)).isTrue();
            });
            assertThat(row.metrics().get("no such metric")).isNull();
            assertThat(row.metrics().containsKey("no such metric")).isFalse();
        }
    }

    @Property(tries = 1000)
    void statisticsFromAReusedArrayAreThePreviousCodes(@ForAll long seed) {
        Random random = new Random(seed);
        double[] values = values(random, 1 + random.nextInt(random.nextBoolean() ? 6 : 40));
        double[] copy = values.clone();
        double[] scratch = values(random, values.length);

        assertThat(MetricStats.of(values, scratch)).isEqualTo(SweepRenderPropertyTest.previousStats(values));
        assertThat(values).as("left as it is").isEqualTo(copy);
    }

    // --- random values -------------------------------------------------------------------------------------

    /** Any kind of double a statistic can be: zeros of both signs, 6-digit ones, tiny, huge, not finite. */
    private static double value(Random random) {
        return switch (random.nextInt(9)) {
            case 0 -> random.nextBoolean() ? 0.0 : -0.0;
            case 1 -> List.of(Double.NaN, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY).get(random.nextInt(3));
            case 2 -> Double.longBitsToDouble(random.nextLong() & 0x7fefffffffffffffL) * (random.nextBoolean() ? 1 : -1);
            case 3 -> Numbers.round6(Math.pow(10, random.nextInt(40) - 20) * random.nextDouble());
            case 4 -> random.nextInt(1000) * (random.nextBoolean() ? 1.0 : 1e7);
            default -> Numbers.round6(Math.pow(10, random.nextInt(12) - 4) * (1 + random.nextDouble()))
                    * (random.nextBoolean() ? 1 : -1);
        };
    }

    /** Finite values as results hold them, with exact ties. */
    private static double[] values(Random random, int n) {
        double[] values = new double[n];
        for (int i = 0; i < n; i++) {
            double v = value(random);
            values[i] = random.nextInt(5) == 0 && i > 0 ? values[i - 1] : Double.isFinite(v) ? v : 1.5;
        }
        return values;
    }

    // --- the previous code (7f6517c), the oracle ---------------------------------------------------------------

    /** {@code SweepJson.StatsWriter} at 7f6517c. */
    private static final class PreviousStatsWriter extends ValueSerializer<MetricStats> {

        private static final SerializedString MEAN = new SerializedString("mean");
        private static final SerializedString STDDEV = new SerializedString("stddev");
        private static final SerializedString MIN = new SerializedString("min");
        private static final SerializedString MAX = new SerializedString("max");
        private static final SerializedString N = new SerializedString("n");
        private static final SerializedString MEDIAN = new SerializedString("median");
        private static final SerializedString CI95_LOW = new SerializedString("ci95Low");
        private static final SerializedString CI95_HIGH = new SerializedString("ci95High");

        @Override
        public void serialize(MetricStats stats, JsonGenerator gen, SerializationContext context) {
            gen.writeStartObject(stats);
            gen.writeName(MEAN);
            number(gen, stats.mean());
            nullable(gen, STDDEV, stats.stddev());
            gen.writeName(MIN);
            number(gen, stats.min());
            gen.writeName(MAX);
            number(gen, stats.max());
            gen.writeName(N);
            gen.writeNumber(stats.n());
            gen.writeName(MEDIAN);
            number(gen, stats.median());
            nullable(gen, CI95_LOW, stats.ci95Low());
            nullable(gen, CI95_HIGH, stats.ci95High());
            gen.writeEndObject();
        }

        private static void nullable(JsonGenerator gen, SerializedString name, Double value) {
            gen.writeName(name);
            if (value == null) {
                gen.writeNull();
            } else {
                number(gen, value.doubleValue());
            }
        }

        private static void number(JsonGenerator gen, double value) {
            char[] text = new char[ShortestDecimal.MAX_FAST_LENGTH];
            int length = ShortestDecimal.writeJava(text, value);
            if (length >= 0) {
                gen.writeNumber(text, 0, length);
            } else {
                gen.writeNumber(value);
            }
        }
    }
}
