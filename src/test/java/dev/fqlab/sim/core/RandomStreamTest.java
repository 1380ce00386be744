package dev.fqlab.sim.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.nio.charset.StandardCharsets;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import org.junit.jupiter.api.Test;

class RandomStreamTest {

    @Test
    void sameSeedAndNameGiveTheSameStream() {
        var a = RandomStream.of(7, "link.loss");
        var b = RandomStream.of(7, "link.loss");
        for (int i = 0; i < 100; i++) {
            assertThat(a.nextLong()).isEqualTo(b.nextLong());
        }
    }

    @Test
    void streamsOfOtherNamesOrSeedsDiffer() {
        assertThat(RandomStream.of(7, "a").nextLong()).isNotEqualTo(RandomStream.of(7, "b").nextLong());
        assertThat(RandomStream.of(7, "a").nextLong()).isNotEqualTo(RandomStream.of(8, "a").nextLong());
    }

    @Test
    void splitMix64MatchesItsReferenceOutput() {
        // SplitMix64 (Steele, Lea, Flood 2014) seeded with 0: first outputs of the reference C implementation
        long state = 0;
        state += 0x9E3779B97F4A7C15L;
        assertThat(RandomStream.mix(state)).isEqualTo(0xE220A8397B1DCDAFL);
        state += 0x9E3779B97F4A7C15L;
        assertThat(RandomStream.mix(state)).isEqualTo(0x6E789E6AA1B965F4L);
    }

    /** A stream kept as a field (issue 16) draws what the object draws: the object is the oracle. */
    @Property(tries = 300)
    void aKeptStateDrawsWhatTheStreamDraws(@ForAll long seed, @ForAll String name) {
        RandomStream stream = RandomStream.of(seed, name);
        long state = RandomStream.initialState(seed, name);
        for (int i = 0; i < 50; i++) {
            state += RandomStream.GAMMA;
            assertThat(RandomStream.output(state)).isEqualTo(stream.nextLong());
        }
    }

    @Test
    void aKeptStateFollowsTheReferenceOutput() {
        // the SplitMix64 reference above, from state 0
        assertThat(RandomStream.output(RandomStream.GAMMA)).isEqualTo(0xE220A8397B1DCDAFL);
        assertThat(RandomStream.output(2 * RandomStream.GAMMA)).isEqualTo(0x6E789E6AA1B965F4L);
    }

    @Test
    void doublesAreUniformInTheUnitInterval() {
        var r = RandomStream.of(1, "u");
        double sum = 0;
        int below = 0;
        for (int i = 0; i < 100_000; i++) {
            double d = r.nextDouble();
            assertThat(d).isGreaterThanOrEqualTo(0).isLessThan(1);
            sum += d;
            if (d < 0.1) {
                below++;
            }
        }
        assertThat(sum / 100_000).isCloseTo(0.5, within(0.005));
        assertThat(below / 100_000.0).isCloseTo(0.1, within(0.003));
    }

    @Test
    void fnv1aMatchesTheReferenceTestVectors() {
        // FNV-1a 64-bit test vectors (Fowler, Noll, Vo; draft-eastlake-fnv, test suite of the reference code)
        assertThat(RandomStream.fnv1a("")).isEqualTo(0xcbf29ce484222325L);
        assertThat(RandomStream.fnv1a("a")).isEqualTo(0xaf63dc4c8601ec8cL);
        assertThat(RandomStream.fnv1a("foobar")).isEqualTo(0x85944171f73967e8L);
    }

    /** Names are hashed over their UTF-8 bytes, whatever characters they hold (ASCII names are read in place). */
    @Property(tries = 500)
    void fnv1aHashesTheUtf8Bytes(@ForAll String name) {
        long h = 0xcbf29ce484222325L;
        for (byte b : name.getBytes(StandardCharsets.UTF_8)) {
            h = (h ^ (b & 0xff)) * 0x100000001b3L;
        }
        assertThat(RandomStream.fnv1a(name)).isEqualTo(h);
    }
}
