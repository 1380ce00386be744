package dev.fqlab.sim.wifi.rc;

import static org.assertj.core.api.Assertions.assertThat;

import dev.fqlab.sim.core.RandomStream;
import dev.fqlab.sim.scenario.PhyStandard;
import dev.fqlab.sim.wifi.channel.FrameErrors;
import dev.fqlab.sim.wifi.phy.PhyMode;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import net.jqwik.api.Assume;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.DoubleRange;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

/**
 * Minstrel-HT against step-table frame errors (rates up to a data rate lossless, faster ones losing 97–100 % of their
 * MPDUs, the cliff a real PER curve has): it must settle on the rate with the best expected throughput, computed
 * here from the PHY rates and the table, within one second, and carry within 10 % of the best fixed rate (found by
 * sweeping every fixed rate over the same link, {@link LinkHarness}).
 *
 * <p>Where that does not hold, measured with this harness (Minstrel-HT's goodput over 1–3 s as a share of the best
 * fixed rate's, mean of seeds 1–3, HT20 long GI, lossless up to MCS k):
 * <pre>
 *   1 stream,  90 % loss above:  k=0 0.82  1 0.75  2 0.83  3 0.90  4 0.92  5 0.92  6 0.95  7 0.96
 *   1 stream, 100 % loss above:  k=0 0.95  1 0.88  2 0.86  3 0.92  4 0.92  5 0.92  6 0.95  7 0.96
 *   2 streams, 90 % loss above:  k=0 0.40  1 0.71  2 0.66  3 0.83  4 0.90 ... 8 0.71  9 0.83  10 0.90 ... 15 0.98
 *   1 stream,  50 % loss above:  0.79 to 0.96
 * </pre>
 * The causes are the kernel's and ath9k's, not noise: a probe every 20 ms that fails and goes again at the fallback
 * series with RTS/CTS; ath9k's 4 ms cap at the chain's slowest series, the max_prob rate, which must be 18 % slower
 * than max_tp (so a slow best rate sends half-size aggregates); a lossy rate that one lucky single-frame probe makes
 * look good (the probability filter takes an idle rate's first measurement as it is) leads the table for about three
 * statistics intervals, each failed aggregate tried up to its retry count with a doubling contention window; and a
 * rate under 10 % success counts for nothing (2 streams, k = 0: MCS 15 at 10 % would carry twice MCS 0). The
 * property therefore covers best rates from 78 Mbit/s up (two streams, lossless up to MCS 12–15: where the seed-000
 * strong station runs), and one stream lossless up to MCS 4 is checked on its own. With 90–95 % loss instead of 97 %
 * the lucky probes are frequent enough to break the bound now and then (seeds 1–10, lowest share of the best fixed
 * rate, how many below 0.9): 90 %: one stream k = 4 0.872 (2 of 10), two streams k = 12 0.890 (1 of 10), k = 13–15
 * 0.91–0.98 (none); 95 %: k = 4 0.874 (1 of 10), k = 12–15 0.93–0.98 (none); 97 % and 100 %: 0.92–0.98 (none).
 */
class MinstrelConvergenceTest {
    private static final long SECOND = 1_000_000_000L;

    /** Every MPDU at a rate above {@code losslessUpToMbps} is lost with probability {@code lossyPer}. */
    record StepTable(double losslessUpToMbps, double lossyPer) implements FrameErrors {
        @Override
        public double successProbability(PhyMode mode, int mpduBytes, long nowNs) {
            return mode.dataRateMbps() <= losslessUpToMbps + 1e-9 ? 1 : 1 - lossyPer;
        }
    }

    private static List<PhyMode> rates(RateSet set) {
        List<PhyMode> modes = new ArrayList<>();
        for (int g = 0; g < MinstrelGroups.GROUPS; g++) {
            for (int i = 0; i < MinstrelGroups.MCS_GROUP_RATES; i++) {
                if ((set.supported(g) & (1 << i)) != 0) {
                    modes.add(set.mode(g, i));
                }
            }
        }
        return modes;
    }

    @Test
    void oneStreamMcs4LosslessMcs5UpLosing97Percent() {
        RateSet set = RateSet.of(PhyStandard.N, 7, 1, 20, false);
        StepTable table = new StepTable(PhyMode.ht(4, 20, false).dataRateMbps(), 0.97);
        for (int seed = 1; seed <= 5; seed++) {
            check(set, table, seed);
        }
    }

    @Property(tries = 40)
    void settlesOnTheBestExpectedRateWithinOneSecond(@ForAll @IntRange(min = 12, max = 15) int stepMcs,
                                                     @ForAll @DoubleRange(min = 0.97, max = 1.0) double lossyPer,
                                                     @ForAll @IntRange(min = 1, max = 1000) int seed) {
        int streams = 2;
        RateSet set = RateSet.of(PhyStandard.N, 8 * streams - 1, streams, 20, false);
        StepTable table = new StepTable(PhyMode.ht(stepMcs, 20, false).dataRateMbps(), lossyPer);
        List<PhyMode> modes = rates(set);
        // Minstrel judges rates by success capped at 90 % (minstrel_ht_get_tp_avg); a lossy rate within 30 % of the
        // best by that measure is as good a choice for an estimator that learns from single-frame probes: leave out
        double bestLossy = modes.stream().filter(m -> table.successProbability(m, 1538, 0) < 1)
                .mapToDouble(m -> judged(m, table)).max().orElse(0);
        PhyMode best = best(modes, table);
        Assume.that(table.successProbability(best, 1538, 0) == 1 && judged(best, table) >= 1.3 * bestLossy);
        check(set, table, seed);
    }

    /** Expected throughput as Minstrel-HT weighs it: the success probability capped at 90 %. */
    private static double judged(PhyMode mode, StepTable table) {
        return LinkHarness.expectedMbps(mode, Math.min(0.9, table.successProbability(mode, 1538, 0)));
    }

    private static PhyMode best(List<PhyMode> modes, StepTable table) {
        return modes.stream().max(Comparator.comparingDouble(m -> expected(m, table))).orElseThrow();
    }

    private static double expected(PhyMode mode, StepTable table) {
        return LinkHarness.expectedMbps(mode, table.successProbability(mode, 1538, 0));
    }

    private static void check(RateSet set, StepTable table, long seed) {
        List<PhyMode> modes = rates(set);
        PhyMode best = best(modes, table);

        MinstrelHt minstrel = new MinstrelHt(set, RandomStream.of(seed, "sample"), 0);
        LinkHarness link = new LinkHarness(minstrel, table, seed);
        link.runUntil(SECOND);
        // settled: from 1 s on, the best rate leads the rate table (max_tp_rate[0]) at most 10 ms checkpoints and is
        // one of its two throughput series (max_tp_rate[0] or [1]) at nearly all of them. A lossy rate that a few
        // single-frame probes have measured can overtake it for a statistics interval or two until its aggregates
        // say otherwise: the kernel's estimator does the same.
        long delivered = 0;
        int leading = 0;
        int inTopTwo = 0;
        int checkpoints = 200;
        for (int step = 1; step <= checkpoints; step++) {
            int bestRate = -1;
            for (int r = 0; r < minstrel.rateSlots(); r++) {
                if (best.equals(minstrel.mode(r))) {
                    bestRate = r;
                }
            }
            leading += minstrel.maxTpRate(0) == bestRate ? 1 : 0;
            inTopTwo += minstrel.maxTpRate(0) == bestRate || minstrel.maxTpRate(1) == bestRate ? 1 : 0;
            delivered += link.runUntil(SECOND + step * SECOND / 100);
        }
        String stats = minstrel.rcStats();
        assertThat(inTopTwo).as("checkpoints with %s in max_tp_rate[0..1], of %d; rc_stats:%s", best, checkpoints,
                stats).isGreaterThanOrEqualTo(checkpoints * 9 / 10);
        assertThat(leading).as("checkpoints with %s as max_tp_rate[0], of %d; rc_stats:%s", best, checkpoints,
                stats).isGreaterThanOrEqualTo(checkpoints / 2);
        double minstrelMbps = delivered * LinkHarness.IP_BYTES * 8 / 2.0 / 1e6;

        double bestFixedMbps = 0;
        for (PhyMode m : modes) {
            LinkHarness fixed = new LinkHarness(new FixedRate(m), table, seed);
            fixed.runUntil(SECOND);
            double mbps = fixed.runUntil(3 * SECOND) * LinkHarness.IP_BYTES * 8 / 2.0 / 1e6;
            bestFixedMbps = Math.max(bestFixedMbps, mbps);
        }
        assertThat(minstrelMbps).as("Minstrel-HT vs the best fixed rate, Mbit/s").isGreaterThanOrEqualTo(0.9 * bestFixedMbps);
    }
}
