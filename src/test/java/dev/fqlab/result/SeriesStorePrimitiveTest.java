package dev.fqlab.result;

import static org.assertj.core.api.Assertions.assertThat;

import dev.fqlab.sim.result.DoubleValues;
import dev.fqlab.sim.result.SparseLists;
import java.util.ArrayList;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.Tuple;

/**
 * Storing the engine's primitive-backed series reads its doubles directly; what it decides and writes must be what
 * the boxed path gives for the same values as an {@code ArrayList} (NaN as null).
 */
class SeriesStorePrimitiveTest {

    @Property(tries = 500)
    void primitiveSeriesAreStoredAsTheirBoxedValues(@ForAll("series") double[] values) {
        List<Double> boxed = new ArrayList<>();
        for (double v : values) {
            boxed.add(Double.isNaN(v) ? null : v);
        }
        var primitive = new DoubleValues(values, 0, values.length);
        assertThat(SeriesStore.realKeepsExactly(primitive)).isEqualTo(SeriesStore.realKeepsExactly(boxed));
        assertThat(SeriesStore.floats(primitive)).containsExactly(SeriesStore.floats(boxed));
    }

    @Property(tries = 300)
    void sparseSeriesAreStoredAsTheirBoxedValues(@ForAll("sparse") SparseLists sparse) {
        assertThat(SeriesStore.realKeepsExactly(sparse.list())).isEqualTo(SeriesStore.realKeepsExactly(sparse.boxed()));
        assertThat(SeriesStore.floats(sparse.list())).containsExactly(SeriesStore.floats(sparse.boxed()));
    }

    @Provide
    Arbitrary<SparseLists> sparse() {
        return SparseLists.arbitrary();
    }

    @Provide
    Arbitrary<double[]> series() {
        // six-digit values (what results hold) mostly, and now and then one a float cannot keep
        Arbitrary<Double> sixDigits = Arbitraries.doubles().between(1e-3, 1e4).ofScale(9).map(dev.fqlab.sim.stats.Numbers::round6);
        return Arbitraries.frequencyOf(Tuple.of(8, sixDigits), Tuple.of(2, Arbitraries.of(Double.NaN, 0.0)),
                        Tuple.of(1, Arbitraries.doubles().between(0, 1e6).ofScale(12)))
                .array(double[].class).ofMaxSize(30);
    }
}
