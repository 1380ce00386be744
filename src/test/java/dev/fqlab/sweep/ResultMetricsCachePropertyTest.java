package dev.fqlab.sweep;

import static org.assertj.core.api.Assertions.assertThat;

import dev.fqlab.result.ResultMetricFields;
import dev.fqlab.result.ResultMetricRows;
import dev.fqlab.result.ResultRepository;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.UUID;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import tools.jackson.databind.json.JsonMapper;

/**
 * {@link ResultMetrics#of} with its cache in {@link MetricSlab} (issue 17: no array per cached result) answers what
 * reading every result afresh gives — the oracle is the stored rows themselves (names by their SHA-256, values, seed)
 * and, for results without a row, {@link ResultMetricFields#extract} of their documents, as the previous
 * implementation built its {@code MetricValues} — over random sequences of reads of random id sets (repeats, unknown
 * ids, results of several shapes, rows whose names are missing or of another length) with chunks small enough that
 * the cache wraps many times; and every answer read earlier still holds its values after the cache moved on.
 */
class ResultMetricsCachePropertyTest {

    private static final JsonMapper JSON = JsonMapper.builder().build();

    /** What one result is, for the oracle. */
    private record Truth(List<String> names, double[] values, Long seed) {
    }

    @Property(tries = 200)
    void answersWhatReadingEveryResultAfreshGives(@ForAll long seed) {
        Random random = new Random(seed);
        // Shapes: name lists under their "SHA-256"; one key names nothing, one names a list of another length.
        Map<String, List<String>> names = new HashMap<>();
        List<String> shas = new ArrayList<>();
        for (int s = 0; s < 1 + random.nextInt(4); s++) {
            List<String> list = new ArrayList<>();
            for (int i = 0; i < random.nextInt(12); i++) {
                list.add("summary.m" + s + "x" + i);
            }
            names.put("sha" + s, List.copyOf(list));
            shas.add("sha" + s);
        }
        Map<UUID, ResultMetricRows.Stored> rows = new HashMap<>();
        Map<UUID, String> documents = new HashMap<>();
        Map<UUID, Truth> truth = new HashMap<>();
        List<UUID> universe = new ArrayList<>();
        for (int r = 0; r < 10 + random.nextInt(80); r++) {
            UUID id = new UUID(random.nextLong(), r);
            universe.add(id);
            int kind = random.nextInt(10);
            Long resultSeed = random.nextInt(4) == 0 ? null : (long) random.nextInt(1_000_000);
            if (kind < 7) {
                String sha = shas.get(random.nextInt(shas.size()));
                double[] values = values(random, names.get(sha).size());
                rows.put(id, new ResultMetricRows.Stored(id, sha, resultSeed, values));
                truth.put(id, new Truth(names.get(sha), values.clone(), resultSeed));
            } else if (kind < 9) {
                // No row (or one whose names cannot be read): from the document.
                if (kind == 8) {
                    rows.put(id, new ResultMetricRows.Stored(id, random.nextBoolean() ? "unknown" : shas.getFirst(),
                            resultSeed, values(random, names.get(shas.getFirst()).size() + 1)));
                }
                StringBuilder document = new StringBuilder("{");
                if (resultSeed != null) {
                    document.append("\"seed\":").append(resultSeed).append(',');
                }
                document.append("\"summary\":{");
                for (int i = 0; i < random.nextInt(6); i++) {
                    document.append(i == 0 ? "" : ",").append("\"d").append(i).append("\":").append(random.nextInt(1000) / 8.0);
                }
                document.append("}}");
                documents.put(id, document.toString());
                ResultMetricFields.Extracted extracted = ResultMetricFields.extract(JSON, document.toString());
                truth.put(id, new Truth(extracted.names(), extracted.values(), extracted.seed()));
            } // else: an id with neither (not a result): absent from the answer
        }
        ResultRepository repository = new ResultRepository(null, null, JSON) {
            @Override
            public List<String> metricNames(String namesSha256) {
                return names.get(namesSha256);
            }
        };
        ResultMetrics metrics = new ResultMetrics(JSON, repository,
                new MetricSlab(1 + random.nextInt(40), 1 + random.nextInt(3), 1 + random.nextInt(30)));
        Map<MetricValues, Truth> answered = new IdentityHashMap<>();
        for (int read = 0; read < 30; read++) {
            List<UUID> ids = new ArrayList<>();
            for (int i = 0; i < random.nextInt(20); i++) {
                UUID id = universe.get(random.nextInt(universe.size()));
                if (!ids.contains(id)) {
                    ids.add(id);
                }
            }
            boolean bySweep = random.nextBoolean();
            Map<UUID, MetricValues> got = metrics.of(ids, missing -> {
                // By the sweep's cells: rows of other results too, which must be ignored; else by id.
                return (bySweep ? universe : missing).stream().filter(rows::containsKey).map(rows::get).toList();
            }, missing -> {
                Map<UUID, String> found = new LinkedHashMap<>();
                missing.stream().filter(documents::containsKey).forEach(id -> found.put(id, documents.get(id)));
                return found;
            });
            List<UUID> expectedIds = ids.stream().filter(truth::containsKey).toList();
            assertThat(new ArrayList<>(got.keySet())).isEqualTo(expectedIds);
            for (UUID id : expectedIds) {
                assertSame(got.get(id), truth.get(id));
                answered.put(got.get(id), truth.get(id));
            }
        }
        answered.forEach(ResultMetricsCachePropertyTest::assertSame);
    }

    private static void assertSame(MetricValues got, Truth truth) {
        assertThat(got.names()).isEqualTo(truth.names());
        assertThat(got.seed()).isEqualTo(truth.seed());
        double[] values = new double[got.size()];
        for (int i = 0; i < values.length; i++) {
            values[i] = got.value(i);
        }
        assertThat(values).isEqualTo(truth.values());
        Map<String, Double> plain = new LinkedHashMap<>();
        for (int i = 0; i < truth.names().size(); i++) {
            plain.put(truth.names().get(i), truth.values()[i]);
        }
        assertThat(new ArrayList<>(got.entrySet())).isEqualTo(new ArrayList<>(plain.entrySet()));
    }

    private static double[] values(Random random, int n) {
        double[] values = new double[n];
        for (int i = 0; i < n; i++) {
            values[i] = switch (random.nextInt(5)) {
                case 0 -> -0.0;
                case 1 -> Double.longBitsToDouble(random.nextLong());
                default -> random.nextInt(1_000_000) / 1000.0;
            };
        }
        return values;
    }
}
