package dev.fqlab.sweep;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Deque;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.UUID;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import org.junit.jupiter.api.Test;

/**
 * {@link MetricSlab} against a plain model: a list of chunks, each the ids appended to it in order (a new chunk when
 * the values would not fit, the oldest dropped beyond the chunk count), and a map of every id's values as put. Over
 * random puts and gets with small chunks (so that chunks fill and the ring wraps many times), ids put again, results
 * of no values and of more values than a chunk holds: the slab holds exactly the model's ids, each with the values
 * first put since it entered, and nothing it ever answered changes when the ring writes a chunk again.
 */
class MetricSlabTest {

    private static final MetricValues.Shape[] SHAPES = new MetricValues.Shape[40];

    static {
        for (int n = 0; n < SHAPES.length; n++) {
            List<String> names = new ArrayList<>();
            Map<String, Integer> index = new HashMap<>();
            for (int i = 0; i < n; i++) {
                names.add("m" + i);
                index.put("m" + i, i);
            }
            SHAPES[n] = new MetricValues.Shape(List.copyOf(names), Map.copyOf(index));
        }
    }

    /**
     * The model: chunks of ids in order (a new one when the values would not fit or when {@code entries} ids are
     * held; beyond {@code chunks} chunks the oldest goes), and the values each id present was put with.
     */
    private static final class Model {
        final int chunkDoubles;
        final int chunks;
        final int entries;
        final Deque<List<UUID>> ring = new ArrayDeque<>();
        int fill;
        final Map<UUID, double[]> present = new LinkedHashMap<>();

        Model(int chunkDoubles, int chunks, int entries) {
            this.chunkDoubles = chunkDoubles;
            this.chunks = chunks;
            this.entries = entries;
        }

        void put(UUID id, double[] values) {
            if (present.containsKey(id) || values.length > chunkDoubles) {
                return;
            }
            while (ring.isEmpty() || fill + values.length > chunkDoubles || present.size() == entries) {
                ring.addLast(new ArrayList<>());
                if (ring.size() > chunks) {
                    ring.removeFirst().forEach(present::remove);
                }
                fill = 0;
            }
            ring.getLast().add(id);
            fill += values.length;
            present.put(id, values.clone());
        }
    }

    @Property(tries = 300)
    void holdsWhatAPlainFifoOfChunksHolds(@ForAll long seed) {
        Random random = new Random(seed);
        int chunkDoubles = 1 + random.nextInt(64);
        int chunks = 1 + random.nextInt(4);
        int entries = random.nextBoolean() ? 1 + random.nextInt(20) : 1 << 16;
        MetricSlab slab = new MetricSlab(chunkDoubles, chunks, entries);
        Model model = new Model(chunkDoubles, chunks, entries);
        UUID[] ids = new UUID[5 + random.nextInt(60)];
        for (int i = 0; i < ids.length; i++) {
            ids[i] = new UUID(random.nextLong(), random.nextLong());
        }
        Map<MetricValues, double[]> handedOut = new IdentityHashMap<>();
        for (int step = 0; step < 400; step++) {
            UUID id = ids[random.nextInt(ids.length)];
            if (random.nextInt(3) == 0) {
                MetricValues got = slab.get(id);
                double[] expected = model.present.get(id);
                assertThat(got == null).isEqualTo(expected == null);
                if (got != null) {
                    assertThat(values(got)).isEqualTo(expected);
                }
                continue;
            }
            int n = random.nextInt(8) == 0 ? chunkDoubles + 1 + random.nextInt(3)
                    : random.nextInt(Math.min(SHAPES.length, chunkDoubles + 1));
            n = Math.min(n, SHAPES.length - 1);
            double[] values = new double[n];
            for (int i = 0; i < n; i++) {
                values[i] = random.nextInt(4) == 0 ? -0.0 : random.nextDouble() * 1e6;
            }
            Long resultSeed = random.nextBoolean() ? null : random.nextLong();
            double[] before = model.present.get(id);
            MetricValues answered = slab.put(id, SHAPES[n], values.clone(), resultSeed);
            model.put(id, values);
            // Already cached: the values first put; else these.
            assertThat(values(answered)).isEqualTo(before != null ? before : values);
            assertThat(answered.names()).hasSize(answered.size());
            if (before == null) {
                assertThat(answered.seed()).isEqualTo(resultSeed);
            }
            handedOut.put(answered, values(answered));
            assertThat(slab.size()).isEqualTo(model.present.size());
        }
        for (UUID id : ids) {
            MetricValues got = slab.get(id);
            double[] expected = model.present.get(id);
            assertThat(got == null).isEqualTo(expected == null);
            if (got != null) {
                assertThat(values(got)).isEqualTo(expected);
            }
        }
        // What it answered stays what it was, however far the ring moved on since.
        handedOut.forEach((view, values) -> assertThat(values(view)).isEqualTo(values));
    }

    @Test
    void whatItAnswersIsNeverAChunkWrittenAgain() {
        MetricSlab slab = new MetricSlab(4, 1, 16);
        double[] values = {1, 2, 3};
        MetricValues put = slab.put(new UUID(0, 1), SHAPES[3], values, 7L);
        MetricValues got = slab.get(new UUID(0, 1));
        // A second result does not fit: the only chunk is emptied and written again.
        MetricValues second = slab.put(new UUID(0, 2), SHAPES[3], new double[] {4, 5, 6}, null);
        assertThat(slab.get(new UUID(0, 1))).isNull();
        assertThat(values(put)).containsExactly(1, 2, 3);
        assertThat(values(got)).containsExactly(1, 2, 3);
        assertThat(got.seed()).isEqualTo(7L);
        assertThat(values(slab.get(new UUID(0, 2)))).containsExactly(4, 5, 6);
        assertThat(second.seed()).isNull();
        assertThat(got.get("m2")).isEqualTo(3.0);
        assertThat(got.entrySet()).hasSize(3);
    }

    @Test
    void anIdPutAgainAfterItLeftIsFoundAgainAndOthersStayFound() {
        // Few places, many ids through them: entries leave the probe runs (backward shift) and come back.
        MetricSlab slab = new MetricSlab(3, 2, 5);
        Map<UUID, Double> expected = new LinkedHashMap<>();
        for (int i = 0; i < 500; i++) {
            UUID id = new UUID(i % 7, (i * 31) % 11);
            double value = i;
            MetricValues put = slab.put(id, SHAPES[1], new double[] {value}, null);
            expected.putIfAbsent(id, put.value(0));
            if (put.value(0) == value) {
                expected.put(id, value);
            }
            for (Map.Entry<UUID, Double> e : expected.entrySet()) {
                MetricValues got = slab.get(e.getKey());
                if (got != null) {
                    assertThat(got.value(0)).isEqualTo(e.getValue());
                }
            }
            assertThat(slab.get(id)).isNotNull();
            assertThat(slab.size()).isBetween(1, 5);
        }
    }

    private static double[] values(MetricValues values) {
        double[] copy = new double[values.size()];
        for (int i = 0; i < copy.length; i++) {
            copy[i] = values.value(i);
        }
        return Arrays.copyOf(copy, copy.length);
    }
}
