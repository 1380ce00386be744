package dev.fqlab.sweep;

import java.util.AbstractMap;
import java.util.AbstractSet;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.Set;

/**
 * The metrics of one result (see {@link ResultMetrics}) as a read-only map, compact enough to cache thousands: the
 * names and their index live in a {@link Shape} shared by every result with the same names (all repetitions of a
 * scenario), each result holds only its doubles. A WiFi result has a few hundred metrics; as a map of boxed
 * doubles and its own name strings one would take ~30 kB, here ~2 kB.
 */
public final class MetricValues extends AbstractMap<String, Double> {

    /**
     * The metric names of a result, in order, with their positions; {@code machine[i]}: name {@code i} is one of
     * {@link ResultMetrics#WALL_CLOCK} (they measure the machine, not the simulation).
     */
    record Shape(List<String> names, Map<String, Integer> index, boolean[] machine) {

        Shape(List<String> names, Map<String, Integer> index) {
            this(names, index, machine(names));
        }

        /** Whether no name occurs twice (always, for names from a result document), so positions are names. */
        boolean distinct() {
            return index.size() == names.size();
        }

        private static boolean[] machine(List<String> names) {
            boolean[] machine = new boolean[names.size()];
            for (int i = 0; i < machine.length; i++) {
                machine[i] = ResultMetrics.WALL_CLOCK.contains(names.get(i));
            }
            return machine;
        }
    }

    private final Shape shape;
    private final double[] values;
    private final Long seed;

    MetricValues(Shape shape, double[] values, Long seed) {
        if (shape.names().size() != values.length) {
            throw new IllegalArgumentException("one value per name");
        }
        this.shape = shape;
        this.values = values;
        this.seed = seed;
    }

    /** The seed the run used (the result's {@code seed}); null when the document has none. */
    public Long seed() {
        return seed;
    }

    /** The names with their index; results of one scenario shape share it (compare with ==). */
    Shape shape() {
        return shape;
    }

    /** The metric names, in the result's order. */
    public List<String> names() {
        return shape.names();
    }

    /** The value of the metric at {@code index} of {@link #names()}. */
    public double value(int index) {
        return values[index];
    }

    @Override
    public int size() {
        return values.length;
    }

    @Override
    public boolean containsKey(Object key) {
        return shape.index().containsKey(key);
    }

    @Override
    public Double get(Object key) {
        Integer at = shape.index().get(key);
        return at == null ? null : values[at];
    }

    @Override
    public Set<Entry<String, Double>> entrySet() {
        return new AbstractSet<>() {
            @Override
            public int size() {
                return values.length;
            }

            @Override
            public Iterator<Entry<String, Double>> iterator() {
                return new Iterator<>() {
                    private int next;

                    @Override
                    public boolean hasNext() {
                        return next < values.length;
                    }

                    @Override
                    public Entry<String, Double> next() {
                        if (next >= values.length) {
                            throw new NoSuchElementException();
                        }
                        int at = next++;
                        return new SimpleImmutableEntry<>(shape.names().get(at), values[at]);
                    }
                };
            }
        };
    }
}
