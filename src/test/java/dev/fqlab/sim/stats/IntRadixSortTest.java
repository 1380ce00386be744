package dev.fqlab.sim.stats;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.Tuple;

/**
 * The kept latency samples are sorted by {@link IntRadixSort} (issue 16); the oracle is {@link Arrays#sort}: the
 * same values in the same order, for ranges of one to four passes (up to {@code Integer.MAX_VALUE}), with repeats,
 * all-equal runs and an array longer than the values sorted (its tail must stay as it was).
 */
class IntRadixSortTest {

    @Property(tries = 1_000)
    void sortsAsArraysSortDoes(@ForAll("values") List<Integer> values, @ForAll("spare") int spare) {
        int n = values.size();
        int[] array = new int[n + spare];
        for (int i = 0; i < n; i++) {
            array[i] = values.get(i);
        }
        Arrays.fill(array, n, array.length, -7);
        int[] expected = Arrays.copyOf(array, n);
        Arrays.sort(expected);

        int[] sorted = IntRadixSort.sort(array, n);

        assertThat(Arrays.copyOf(sorted, n)).isEqualTo(expected);
        if (sorted == array) {
            int[] tail = new int[spare];
            Arrays.fill(tail, -7);
            assertThat(Arrays.copyOfRange(array, n, array.length)).isEqualTo(tail);
        } else {
            assertThat(sorted).hasSize(n);
        }
    }

    @Provide
    Arbitrary<List<Integer>> values() {
        // a base and offsets of a few bits to all 31, so that one to four passes (and skipped ones) all occur
        Arbitrary<Integer> bits = Arbitraries.integers().between(0, 31);
        return bits.flatMap(b -> {
            int range = b == 31 ? Integer.MAX_VALUE : (1 << b) - 1;
            Arbitrary<Integer> base = Arbitraries.integers().between(0, Integer.MAX_VALUE - range);
            return base.flatMap(lo -> Arbitraries.frequencyOf(
                            Tuple.of(6, Arbitraries.integers().between(lo, lo + range)),
                            Tuple.of(1, Arbitraries.of(lo, lo + range)))
                    .list().ofMinSize(0).ofMaxSize(3000));
        });
    }

    @Provide
    Arbitrary<Integer> spare() {
        return Arbitraries.integers().between(0, 40);
    }
}
