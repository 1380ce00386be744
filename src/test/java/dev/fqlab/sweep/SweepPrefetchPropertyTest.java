package dev.fqlab.sweep;

import static org.assertj.core.api.Assertions.assertThat;

import dev.fqlab.result.ResultMetricRows;
import dev.fqlab.result.ResultRepository;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.UUID;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import tools.jackson.databind.json.JsonMapper;

/**
 * A sweep's first read takes its results' metric rows from a query by its cells that ran beside the query of its
 * cells ({@link SweepService#completed}): it answers what reading the rows after the cells gives — the oracle is a
 * model database in which results are stored over time and never change: rows stored before the prefetch read, rows
 * stored between the prefetch and the cells' query (their experiments finished in between, so the cells' query saw
 * them SUCCEEDED), rows of cells that are not asked for (cached, or not succeeded), and ids with no row at all (read
 * from their documents afterwards; here: absent). Over random sweeps and timings, {@link ResultMetrics#of} given the
 * completed prefetch answers exactly the rows of the results asked for as the database holds them after the cells'
 * query, and reads by id only those the prefetch lacked.
 */
class SweepPrefetchPropertyTest {

    private static final JsonMapper JSON = JsonMapper.builder().build();

    @Property(tries = 300)
    void answersWhatReadingTheRowsAfterTheCellsGives(@ForAll long seed) {
        Random random = new Random(seed);
        List<String> names = new ArrayList<>();
        for (int i = 0; i < 1 + random.nextInt(6); i++) {
            names.add("summary.m" + i);
        }
        Map<UUID, ResultMetricRows.Stored> later = new HashMap<>(); // every row once the cells' query has run
        Set<UUID> early = new HashSet<>(); // those stored before the prefetch read the cells
        List<UUID> cells = new ArrayList<>();
        for (int c = 0; c < 1 + random.nextInt(60); c++) {
            UUID id = new UUID(random.nextLong(), c);
            cells.add(id);
            if (random.nextInt(10) < 8) {
                double[] values = new double[names.size()];
                for (int i = 0; i < values.length; i++) {
                    values[i] = random.nextInt(1_000_000) / 1000.0;
                }
                later.put(id, new ResultMetricRows.Stored(id, "sha", random.nextBoolean() ? null : random.nextLong(), values));
                if (random.nextInt(10) < 6) {
                    early.add(id);
                }
            }
        }
        // The prefetch: the rows stored then, of every cell (asked for or not), in the database's order.
        List<ResultMetricRows.Stored> prefetched = new ArrayList<>();
        cells.stream().filter(early::contains).forEach(id -> prefetched.add(later.get(id)));
        Collections.shuffle(prefetched, random);
        // What the read asks for: cells seen SUCCEEDED and not cached (some stored late, some never).
        List<UUID> asked = new ArrayList<>(cells.stream().filter(id -> random.nextInt(4) != 0).toList());
        Collections.shuffle(asked, random);

        List<UUID> readById = new ArrayList<>();
        ResultMetrics metrics = new ResultMetrics(JSON, names(names), new MetricSlab());
        Map<UUID, MetricValues> got = metrics.of(asked, missing -> SweepService.completed(prefetched, missing, ids -> {
            readById.addAll(ids);
            return ids.stream().filter(later::containsKey).map(later::get).toList();
        }), missing -> Map.of());

        List<UUID> expected = asked.stream().filter(later::containsKey).toList();
        assertThat(new ArrayList<>(got.keySet())).isEqualTo(expected);
        for (UUID id : expected) {
            ResultMetricRows.Stored row = later.get(id);
            MetricValues values = got.get(id);
            assertThat(values.names()).isEqualTo(names);
            assertThat(values.seed()).isEqualTo(row.seed());
            for (int i = 0; i < names.size(); i++) {
                assertThat(values.value(i)).isEqualTo(row.values()[i]);
            }
        }
        // By id: only what the prefetch did not have, each once.
        Set<UUID> expectedById = new HashSet<>(asked);
        expectedById.removeAll(early);
        assertThat(new HashSet<>(readById)).isEqualTo(expectedById);
        assertThat(readById).doesNotHaveDuplicates();
    }

    private static ResultRepository names(List<String> names) {
        return new ResultRepository(null, null, JSON) {
            @Override
            public List<String> metricNames(String namesSha256) {
                return names;
            }
        };
    }
}
