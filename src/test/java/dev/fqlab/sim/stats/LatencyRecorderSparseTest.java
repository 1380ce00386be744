package dev.fqlab.sim.stats;

import static org.assertj.core.api.Assertions.assertThat;

import dev.fqlab.sim.result.LatencyDistribution;
import java.util.ArrayList;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.LongRange;
import org.HdrHistogram.HistogramIterationValue;
import org.HdrHistogram.IntCountsHistogram;

/**
 * A flow's few samples are kept as they are, not in a histogram (issue 16); what they give must be what
 * HdrHistogram itself gives for them: its {@code getValueAtPercentile} (clamped into [min, max]) for p50, p90,
 * p99, and its recorded values (bucket top edges, counts up to them) for the distribution. The oracle is the
 * library, recorded directly, below and above {@link LatencyRecorder#SPARSE_LIMIT}.
 */
class LatencyRecorderSparseTest {

    /**
     * Around the switch to the histogram, which is sized for the largest sample so far rather than 100 ms (its
     * buckets, and so every number, must not depend on that), with latencies up to 3 s.
     */
    @Property(tries = 40)
    void aroundTheSwitchToTheHistogramTheNumbersAreHdrHistograms(@ForAll("aroundTheSwitch") List<Long> samplesNs) {
        fewSamplesGiveHdrHistogramsPercentilesAndDistribution(samplesNs);
    }

    /**
     * A size hint ({@link LatencyRecorder#expect}, issue 16) only sizes the kept samples' first array: whatever it
     * says, the numbers are HdrHistogram's (the library recorded directly) and those of a recorder without it.
     */
    @Property(tries = 60)
    void aSizeHintChangesNoNumber(@ForAll("aroundTheSwitch") List<Long> many, @ForAll("latencies") List<Long> few,
                                  @ForAll boolean fewOnly, @ForAll @LongRange(min = -1, max = 20_000) long hint) {
        List<Long> samplesNs = fewOnly ? few : many;
        var hinted = new LatencyRecorder();
        hinted.expect(hint);
        var plain = new LatencyRecorder();
        var library = new IntCountsHistogram(1_000, 100_000_000, 3);
        library.setAutoResize(true);
        long min = Long.MAX_VALUE;
        long max = 0;
        for (long ns : samplesNs) {
            hinted.record(ns);
            plain.record(ns);
            library.recordValue(Math.max(ns, 0));
            min = Math.min(min, Math.max(ns, 0));
            max = Math.max(max, ns);
        }
        var stats = hinted.toStats();
        assertThat(stats).isEqualTo(plain.toStats());
        assertThat(hinted.distribution()).isEqualTo(plain.distribution());
        assertThat(stats.p50()).isEqualTo(Numbers.round6(Math.clamp(library.getValueAtPercentile(50), min, max) / 1e6));
        assertThat(stats.p99()).isEqualTo(Numbers.round6(Math.clamp(library.getValueAtPercentile(99), min, max) / 1e6));
    }

    @Property(tries = 300)
    void fewSamplesGiveHdrHistogramsPercentilesAndDistribution(@ForAll("latencies") List<Long> samplesNs) {
        var recorder = new LatencyRecorder();
        // the result read first, before anything sorts the kept samples: counted per cell, not sorted
        var unread = new LatencyRecorder();
        var library = new IntCountsHistogram(1_000, 100_000_000, 3);
        library.setAutoResize(true);
        long min = Long.MAX_VALUE;
        long max = 0;
        for (long ns : samplesNs) {
            recorder.record(ns);
            unread.record(ns);
            library.recordValue(ns);
            min = Math.min(min, ns);
            max = Math.max(max, ns);
        }
        var unsortedStats = unread.toStats();
        for (double p : new double[] {0, 0.1, 25, 50, 90, 99, 99.9, 100}) {
            long expected = Math.clamp(library.getValueAtPercentile(p), min, max);
            assertThat(recorder.percentileMs(p)).as("p%s of %s samples", p, samplesNs.size())
                    .isEqualTo(expected / 1e6);
        }
        // the result's percentiles (one walk with the histogram) are the library's too, rounded as results are
        var stats = recorder.toStats();
        assertThat(unsortedStats).isEqualTo(stats);
        assertThat(stats.p50()).isEqualTo(Numbers.round6(Math.clamp(library.getValueAtPercentile(50), min, max) / 1e6));
        assertThat(stats.p90()).isEqualTo(Numbers.round6(Math.clamp(library.getValueAtPercentile(90), min, max) / 1e6));
        assertThat(stats.p99()).isEqualTo(Numbers.round6(Math.clamp(library.getValueAtPercentile(99), min, max) / 1e6));
        assertThat(stats.distribution()).isEqualTo(recorder.distribution());
        LatencyDistribution d = stats.distribution();
        List<Long> edges = new ArrayList<>();
        List<Long> counts = new ArrayList<>();
        for (HistogramIterationValue v : library.recordedValues()) {
            edges.add(v.getValueIteratedTo());
            counts.add(v.getTotalCountToThisValue());
        }
        // the distribution's points are the last bucket of each cell; every point must be one of the library's
        // buckets with the library's count, and the points must be exactly the cell ends
        List<Double> expectedMs = new ArrayList<>();
        List<Long> expectedAtMost = new ArrayList<>();
        for (int i = 0; i < edges.size(); i++) {
            boolean last = i == edges.size() - 1;
            if (last || LatencyRecorder.cell(edges.get(i + 1)) != LatencyRecorder.cell(edges.get(i))) {
                expectedMs.add((last ? Math.min(edges.get(i), max) : edges.get(i)) / 1e6);
                expectedAtMost.add(counts.get(i));
            }
        }
        assertThat(d.ms()).isEqualTo(expectedMs);
        assertThat(d.atMost()).isEqualTo(expectedAtMost);
        assertThat(d.atMost().getLast()).isEqualTo(samplesNs.size());
    }

    /**
     * Kept samples are stored in the histogram's unit ({@link LatencyRecorder#UNIT_SHIFT}); around a unit's edges and
     * beyond what an int of units holds (about 1100 s, where the histogram takes over early) the numbers must still
     * be the library's.
     */
    @Property(tries = 100)
    void samplesKeptInUnitsGiveTheLibrarysNumbers(@ForAll("unitEdges") List<Long> samplesNs) {
        fewSamplesGiveHdrHistogramsPercentilesAndDistribution(samplesNs);
    }

    /**
     * Reading the percentiles sorts the kept samples; samples recorded after that must still count, in their place:
     * the numbers after more samples are the library's for all of them.
     */
    @Property(tries = 100)
    void samplesRecordedAfterAReadStillCount(@ForAll("latencies") List<Long> first, @ForAll("latencies") List<Long> more) {
        var recorder = new LatencyRecorder();
        var library = new IntCountsHistogram(1_000, 100_000_000, 3);
        library.setAutoResize(true);
        long min = Long.MAX_VALUE;
        long max = 0;
        for (List<Long> part : List.of(first, more)) {
            for (long ns : part) {
                recorder.record(ns);
                library.recordValue(ns);
                min = Math.min(min, ns);
                max = Math.max(max, ns);
            }
            for (double p : new double[] {0, 50, 99, 100}) {
                assertThat(recorder.percentileMs(p)).isEqualTo(Math.clamp(library.getValueAtPercentile(p), min, max) / 1e6);
            }
        }
        assertThat(recorder.distribution().atMost().getLast()).isEqualTo(first.size() + more.size());
    }

    @Provide
    Arbitrary<List<Long>> unitEdges() {
        long unit = 1L << LatencyRecorder.UNIT_SHIFT;
        long largestKept = ((long) Integer.MAX_VALUE << LatencyRecorder.UNIT_SHIFT) + unit - 1;
        Arbitrary<Long> edge = Arbitraries.longs().between(1, 4_000_000).flatMap(k -> Arbitraries.of(
                k * unit - 1, k * unit, k * unit + 1, k * unit + unit / 2));
        Arbitrary<Long> huge = Arbitraries.longs().between(largestKept - 3, largestKept + 3)
                .injectDuplicates(0.2);
        return Arbitraries.frequencyOf(net.jqwik.api.Tuple.of(8, edge), net.jqwik.api.Tuple.of(1, huge))
                .list().ofMinSize(1).ofMaxSize(300);
    }

    @Provide
    Arbitrary<List<Long>> latencies() {
        // 0 ns (below the histogram's 1 µs unit), µs, ms and seconds (beyond its initial 100 ms), with repeats
        Arbitrary<Long> ns = Arbitraries.oneOf(Arbitraries.longs().between(0, 5_000),
                Arbitraries.longs().between(100_000, 30_000_000), Arbitraries.longs().between(50_000_000, 3_000_000_000L),
                Arbitraries.of(562_400L, 10_000_000L));
        return ns.list().ofMinSize(1).ofMaxSize(2 * LatencyRecorder.SPARSE_LIMIT + 10);
    }

    @Provide
    Arbitrary<List<Long>> aroundTheSwitch() {
        Arbitrary<Long> ns = Arbitraries.oneOf(Arbitraries.longs().between(0, 30_000_000),
                Arbitraries.longs().between(50_000_000, 3_000_000_000L));
        return ns.list().ofMinSize(LatencyRecorder.SPARSE_LIMIT - 2).ofMaxSize(LatencyRecorder.SPARSE_LIMIT + 300);
    }
}
