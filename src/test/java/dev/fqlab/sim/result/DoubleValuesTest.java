package dev.fqlab.sim.result;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;
import tools.jackson.databind.json.JsonMapper;

/**
 * The primitive-backed result lists must be indistinguishable from the boxed lists results held before (issue 16):
 * the oracle is an {@code ArrayList} built value by value, NaN as null, and Jackson's JSON of that list.
 */
class DoubleValuesTest {
    private static final JsonMapper JSON = JsonMapper.builder().build();

    @Property(tries = 300)
    void aSliceReadsAsTheBoxedListOfItsValues(@ForAll("values") double[] values, @ForAll @IntRange(max = 40) int a,
                                               @ForAll @IntRange(max = 40) int b) {
        int from = Math.min(Math.min(a, b), values.length);
        int to = Math.min(Math.max(a, b), values.length);
        List<Double> expected = new ArrayList<>();
        for (int i = from; i < to; i++) {
            expected.add(Double.isNaN(values[i]) ? null : Double.valueOf(values[i]));
        }
        var list = new DoubleValues(values, from, to - from);
        assertThat(list).isEqualTo(expected);
        assertThat(expected).isEqualTo(list);
        assertThat(list.hashCode()).isEqualTo(expected.hashCode());
        assertThat(JSON.writeValueAsString(list)).isEqualTo(JSON.writeValueAsString(expected));
        assertThat(List.copyOf(expected.stream().filter(v -> v != null).toList()))
                .isEqualTo(list.stream().filter(v -> v != null).toList());
        assertThatThrownBy(() -> list.get(to - from)).isInstanceOf(IndexOutOfBoundsException.class);
        assertThatThrownBy(() -> list.set(0, 1.0)).isInstanceOf(UnsupportedOperationException.class);
    }

    /** A sparse list (the flows' series) reads, compares, hashes and writes as the boxed list of its values. */
    @Property(tries = 300)
    void aSparseListReadsAsTheBoxedListOfItsValues(@ForAll("sparse") SparseLists sparse) {
        var list = sparse.list();
        List<Double> expected = sparse.boxed();
        assertThat(list).isEqualTo(expected);
        assertThat(expected).isEqualTo(list);
        assertThat(list.hashCode()).isEqualTo(expected.hashCode());
        assertThat(JSON.writeValueAsString(list)).isEqualTo(JSON.writeValueAsString(expected));
        List<Double> walked = new ArrayList<>();
        list.forEachDouble(v -> walked.add(Double.isNaN(v) ? null : v));
        assertThat(walked).isEqualTo(expected);
        for (int i = 0; i < list.size(); i++) {
            assertThat(Double.doubleToLongBits(list.getDouble(i))).isEqualTo(Double.doubleToLongBits(sparse.dense()[i]));
        }
        assertThatThrownBy(() -> list.get(list.size())).isInstanceOf(IndexOutOfBoundsException.class);
        assertThatThrownBy(() -> list.get(-1)).isInstanceOf(IndexOutOfBoundsException.class);
    }

    @Provide
    Arbitrary<SparseLists> sparse() {
        return SparseLists.arbitrary();
    }

    @Property(tries = 200)
    void countsReadAsTheBoxedListOfThem(@ForAll("counts") long[] values, @ForAll @IntRange(max = 40) int n) {
        int size = Math.min(n, values.length);
        List<Long> expected = new ArrayList<>();
        for (int i = 0; i < size; i++) {
            expected.add(values[i]);
        }
        var list = new LongValues(values, size);
        assertThat(list).isEqualTo(expected);
        assertThat(list.hashCode()).isEqualTo(expected.hashCode());
        assertThat(JSON.writeValueAsString(list)).isEqualTo(JSON.writeValueAsString(expected));
        assertThatThrownBy(() -> list.get(size)).isInstanceOf(IndexOutOfBoundsException.class);
    }

    @Provide
    Arbitrary<double[]> values() {
        Arbitrary<Double> special = Arbitraries.of(Double.NaN, 0.0, -0.0, 1e-300, 123.456, 1e22, Double.MIN_VALUE);
        return Arbitraries.frequencyOf(
                        net.jqwik.api.Tuple.of(3, Arbitraries.doubles().between(-1e9, 1e9)),
                        net.jqwik.api.Tuple.of(1, special))
                .array(double[].class).ofMaxSize(40);
    }

    @Provide
    Arbitrary<long[]> counts() {
        return Arbitraries.longs().array(long[].class).ofMaxSize(40);
    }
}
