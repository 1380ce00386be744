package dev.fqlab.sim.packet;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.fqlab.sim.core.RandomStream;
import org.junit.jupiter.api.Test;

/** 5-tuple hashing and bucket mapping against the collision statistics of kernel-spec §2.6 and §9.5. */
class FlowHashTest {

    /** Mean fraction of {@code flows} random 5-tuples that share their bucket with no other, over many salts. */
    private static double aloneFraction(int flows, int buckets, int trials) {
        var random = RandomStream.of(42, "tuples");
        long alone = 0;
        for (int t = 0; t < trials; t++) {
            int salt = random.nextInt();
            int[] bucketOf = new int[flows];
            int[] occupancy = new int[buckets];
            for (int f = 0; f < flows; f++) {
                int h = FlowHash.of(0x0A000001, 0x0A000100 + f % 200, 5001 + f, 40001 + f, 17, salt);
                bucketOf[f] = FlowHash.bucket(h, buckets);
                occupancy[bucketOf[f]]++;
            }
            for (int f = 0; f < flows; f++) {
                if (occupancy[bucketOf[f]] == 1) {
                    alone++;
                }
            }
        }
        return (double) alone / ((long) flows * trials);
    }

    @Test
    void hundredFlowsInFqCodelsBucketsCollideAsTheBirthdayBoundSays() {
        // (1023/1024)^99 = 90.78 % of flows have a bucket of their own
        assertThat(aloneFraction(100, 1024, 2000)).isCloseTo(0.9078, within(0.003));
    }

    @Test
    void hundredFlowsInMac80211sBucketsCollideAsTheBirthdayBoundSays() {
        // (4095/4096)^99 = 97.61 %
        assertThat(aloneFraction(100, 4096, 2000)).isCloseTo(0.9761, within(0.002));
    }

    @Test
    void theSaltChangesTheBucket() {
        int a = FlowHash.bucket(FlowHash.of(1, 2, 3, 4, 17, 1), 1024);
        int moved = 0;
        for (int salt = 2; salt < 100; salt++) {
            if (FlowHash.bucket(FlowHash.of(1, 2, 3, 4, 17, salt), 1024) != a) {
                moved++;
            }
        }
        assertThat(moved).isGreaterThan(90);
    }

    @Test
    void reciprocalScaleMapsTheHashRangeOntoTheBuckets() {
        assertThat(FlowHash.bucket(0, 1024)).isZero();
        assertThat(FlowHash.bucket(0xFFFFFFFF, 1024)).isEqualTo(1023);
        assertThat(FlowHash.bucket(0x80000000, 1024)).isEqualTo(512);
        assertThat(FlowHash.bucket(5 << 22, 1024)).isEqualTo(5);
    }
}
