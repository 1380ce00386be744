package dev.fqlab.sim.result;

import java.util.ArrayList;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;

/**
 * Sparse {@link DoubleValues} for tests, each with the boxed list it must equal (the oracle): a list of {@code size}
 * values, {@code fill} but at a few ascending positions, stored at an offset inside larger arrays.
 */
public record SparseLists(DoubleValues list, List<Double> boxed, double[] dense) {

    public static Arbitrary<SparseLists> arbitrary() {
        Arbitrary<Double> value = Arbitraries.frequencyOf(
                net.jqwik.api.Tuple.of(6, Arbitraries.doubles().between(-1e6, 1e6).ofScale(6)),
                net.jqwik.api.Tuple.of(1, Arbitraries.of(Double.NaN, 0.0, -0.0, 1e-300, 123.456, 1e22)));
        Arbitrary<Integer> size = Arbitraries.integers().between(0, 40);
        Arbitrary<Double> fill = Arbitraries.of(0.0, Double.NaN);
        Arbitrary<Integer> before = Arbitraries.integers().between(0, 5);
        Arbitrary<Integer> after = Arbitraries.integers().between(0, 5);
        return Combinators.combine(size, fill, before, after).flatAs((n, f, b, a) ->
                Combinators.combine(Arbitraries.of(true, false).array(boolean[].class).ofSize(n),
                        value.array(double[].class).ofSize(n)).as((present, values) -> make(n, f, b, a, present, values)));
    }

    private static SparseLists make(int n, double fill, int before, int after, boolean[] present, double[] values) {
        int count = 0;
        for (boolean p : present) {
            count += p ? 1 : 0;
        }
        int[] at = new int[before + count + after];
        double[] stored = new double[at.length];
        double[] dense = new double[n];
        List<Double> boxed = new ArrayList<>();
        // positions outside the slice hold junk that the list must not read
        for (int i = 0; i < at.length; i++) {
            at[i] = -7;
            stored[i] = 99;
        }
        int k = before;
        for (int i = 0; i < n; i++) {
            double v = present[i] ? values[i] : fill;
            if (present[i]) {
                at[k] = i;
                stored[k++] = values[i];
            }
            dense[i] = v;
            boxed.add(Double.isNaN(v) ? null : v);
        }
        return new SparseLists(DoubleValues.sparse(n, fill, at, stored, before, count), boxed, dense);
    }
}
