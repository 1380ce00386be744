package dev.fqlab.result;

import static org.assertj.core.api.Assertions.assertThat;

import dev.fqlab.sim.result.DoubleValues;
import dev.fqlab.sim.result.LatencyDistribution;
import dev.fqlab.sim.result.LongValues;
import dev.fqlab.sim.result.SparseLists;
import java.util.ArrayList;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.Tuple;
import tools.jackson.databind.json.JsonMapper;

/**
 * The module's JSON for the engine's primitive-backed lists is Jackson's own JSON for the same values as boxed
 * lists (the oracle: a plain mapper writing {@code ArrayList}s built value by value, NaN as null).
 */
class PrimitiveValuesModuleTest {
    private static final JsonMapper PLAIN = JsonMapper.builder().build();
    private static final JsonMapper WITH_MODULE = JsonMapper.builder().addModule(new PrimitiveValuesModule()).build();

    @Property(tries = 300)
    void writesWhatJacksonWritesForTheBoxedValues(@ForAll("doubles") double[] ms, @ForAll("longs") long[] counts) {
        List<Double> boxedMs = new ArrayList<>();
        for (double v : ms) {
            boxedMs.add(Double.isNaN(v) ? null : v);
        }
        List<Long> boxedCounts = new ArrayList<>();
        for (long v : counts) {
            boxedCounts.add(v);
        }
        var primitive = new LatencyDistribution(new DoubleValues(ms, 0, ms.length), new LongValues(counts, counts.length));
        var boxed = new LatencyDistribution(boxedMs, boxedCounts);
        assertThat(WITH_MODULE.writeValueAsString(primitive)).isEqualTo(PLAIN.writeValueAsString(boxed));
        assertThat(WITH_MODULE.writeValueAsString(List.of(primitive, primitive)))
                .isEqualTo(PLAIN.writeValueAsString(List.of(boxed, boxed)));
    }

    @Property(tries = 300)
    void writesASparseListAsJacksonWritesItsBoxedValues(@ForAll("sparse") SparseLists a, @ForAll("sparse") SparseLists b) {
        assertThat(WITH_MODULE.writeValueAsString(a.list())).isEqualTo(PLAIN.writeValueAsString(a.boxed()));
        assertThat(WITH_MODULE.writeValueAsString(List.of(a.list(), b.list())))
                .isEqualTo(PLAIN.writeValueAsString(List.of(a.boxed(), b.boxed())));
    }

    @Provide
    Arbitrary<SparseLists> sparse() {
        return SparseLists.arbitrary();
    }

    @Provide
    Arbitrary<double[]> doubles() {
        return Arbitraries.frequencyOf(Tuple.of(4, Arbitraries.doubles().between(-1e12, 1e12)),
                        Tuple.of(1, Arbitraries.of(Double.NaN, 0.0, -0.0, 1e-7, 1e21, 123456.7, Double.MIN_VALUE)))
                .array(double[].class).ofMaxSize(50);
    }

    @Provide
    Arbitrary<long[]> longs() {
        return Arbitraries.longs().array(long[].class).ofMaxSize(50);
    }
}
