package dev.fqlab.sim.stats;

import static org.assertj.core.api.Assertions.assertThat;

import dev.fqlab.sim.result.DoubleValues;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * The flows' sparse series must be the dense series the recorder built before (issue 16), here computed the plain
 * way as the oracle: per interval and flow the sums of what it delivered, then goodput in Mbit/s and mean latency
 * in ms rounded (results.md), 0 and null where a flow delivered nothing. Deliveries after the last ended interval
 * are in no series.
 */
class FlowSeriesLogTest {

    /** One delivery: flow, goodput bytes, whether it is a latency sample, its delay. */
    record Delivery(int flow, long goodput, boolean sample, long delayNs) {
    }

    /** An interval's deliveries and its length. */
    record Interval(List<Delivery> deliveries, double seconds) {
    }

    @Property(tries = 300)
    void sparseSeriesAreTheDenseSeries(@ForAll("flowCounts") int flows, @ForAll("programs") List<Interval> program,
                                       @ForAll("deliveries") List<Delivery> unfinished) {
        int n = program.size();
        var log = new FlowSeriesLog(flows, n);
        int[] entry = new int[flows];
        Arrays.fill(entry, -1);
        double[][] throughput = new double[flows][n];
        double[][] latency = new double[flows][n];
        for (int s = 0; s < n; s++) {
            long[] bytes = new long[flows];
            long[] sum = new long[flows];
            long[] count = new long[flows];
            boolean[] active = new boolean[flows];
            for (Delivery d : program.get(s).deliveries()) {
                int f = d.flow() % flows;
                entry[f] = log.delivered(f, entry[f], d.goodput(), d.sample(), d.delayNs());
                active[f] = true;
                bytes[f] += d.goodput();
                if (d.sample()) {
                    sum[f] += d.delayNs();
                    count[f]++;
                }
            }
            double seconds = program.get(s).seconds();
            log.endInterval(seconds);
            for (int f = 0; f < flows; f++) {
                throughput[f][s] = active[f] ? Numbers.round6(bytes[f] * 8 / seconds / 1e6) : 0.0;
                latency[f][s] = active[f] && count[f] > 0 ? Numbers.round6((double) sum[f] / count[f] / 1e6) : Double.NaN;
            }
        }
        for (Delivery d : unfinished) {
            int f = d.flow() % flows;
            entry[f] = log.delivered(f, entry[f], d.goodput(), d.sample(), d.delayNs());
        }
        List<DoubleValues> throughputs = new ArrayList<>();
        List<DoubleValues> latencies = new ArrayList<>();
        log.series(throughputs, latencies);
        assertThat(throughputs).hasSize(flows);
        for (int f = 0; f < flows; f++) {
            assertThat(throughputs.get(f)).as("flow %d goodput", f).isEqualTo(boxed(throughput[f]));
            assertThat(latencies.get(f)).as("flow %d latency", f).isEqualTo(boxed(latency[f]));
        }
    }

    /**
     * Many flows delivering in most intervals: more entries than one chunk of the log (4096) and than its first
     * chunks' table (four of them) holds.
     */
    @Property(tries = 15)
    void manyEntriesGiveTheDenseSeriesToo(@ForAll @net.jqwik.api.constraints.IntRange(min = 400, max = 700) int flows,
                                          @ForAll @net.jqwik.api.constraints.IntRange(min = 25, max = 40) int intervals,
                                          @ForAll @net.jqwik.api.constraints.DoubleRange(min = 0.7, max = 1) double active,
                                          @ForAll long seed) {
        var random = new java.util.Random(seed);
        List<Interval> program = new ArrayList<>();
        for (int s = 0; s < intervals; s++) {
            List<Delivery> deliveries = new ArrayList<>();
            for (int f = 0; f < flows; f++) {
                for (int k = random.nextDouble() < active ? 1 + random.nextInt(3) : 0; k > 0; k--) {
                    deliveries.add(new Delivery(f, 1472 * random.nextInt(2), random.nextInt(4) > 0,
                            random.nextLong(200_000_000L)));
                }
            }
            java.util.Collections.shuffle(deliveries, random);
            program.add(new Interval(deliveries, s % 7 == 6 ? 0.05 : 0.1));
        }
        sparseSeriesAreTheDenseSeries(flows, program, List.of(new Delivery(0, 1472, true, 5)));
    }

    private static List<Double> boxed(double[] values) {
        List<Double> list = new ArrayList<>();
        for (double v : values) {
            list.add(Double.isNaN(v) ? null : v);
        }
        return list;
    }

    @Provide
    Arbitrary<Integer> flowCounts() {
        // now and then enough flows for more entries than one of the log's chunks holds (4096)
        return Arbitraries.frequencyOf(net.jqwik.api.Tuple.of(4, Arbitraries.integers().between(1, 40)),
                net.jqwik.api.Tuple.of(1, Arbitraries.integers().between(300, 600)));
    }

    @Provide
    Arbitrary<List<Delivery>> deliveries() {
        Arbitrary<Delivery> delivery = Combinators.combine(Arbitraries.integers().between(0, 599),
                Arbitraries.of(0L, 1472L, 1448L, 40L).injectDuplicates(0.3), Arbitraries.of(true, true, false),
                Arbitraries.longs().between(0, 2_000_000_000L)).as(Delivery::new);
        // up to 1100 deliveries in an interval: more than the log's first room for open entries
        return Arbitraries.oneOf(delivery.list().ofMaxSize(30), delivery.list().ofMinSize(1000).ofMaxSize(1100));
    }

    @Provide
    Arbitrary<List<Interval>> programs() {
        Arbitrary<List<Delivery>> small = deliveries().filter(l -> l.size() <= 30);
        Arbitrary<Interval> interval = Combinators.combine(
                Arbitraries.frequencyOf(net.jqwik.api.Tuple.of(9, small), net.jqwik.api.Tuple.of(1, deliveries())),
                Arbitraries.of(0.1, 0.1, 0.05, 0.0237)).as(Interval::new);
        return interval.list().ofMaxSize(25);
    }
}
