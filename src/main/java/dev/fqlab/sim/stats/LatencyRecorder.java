package dev.fqlab.sim.stats;

import dev.fqlab.sim.core.Time;
import dev.fqlab.sim.result.DoubleValues;
import dev.fqlab.sim.result.LatencyDistribution;
import dev.fqlab.sim.result.LatencyStats;
import dev.fqlab.sim.result.LongValues;
import java.util.Arrays;
import org.HdrHistogram.AbstractHistogram;
import org.HdrHistogram.IntCountsHistogram;

/**
 * A latency distribution: percentiles from an HdrHistogram with 3 significant digits, mean, min and max kept
 * exactly. A percentile is the upper end of its histogram bucket, clamped into [min, max] so that p50 never
 * reads above the largest value actually seen.
 * Values are nanoseconds resolved to 1 µs (the finest any link here needs).
 * <p>A flow's first {@value #SPARSE_LIMIT} samples are kept in the histogram's finest unit (a growing {@code int[]}
 * of multiples of {@link #UNIT_SHIFT 512 ns}, at most 16 KiB): every bucket is a whole number of those units, so a
 * sample's unit decides its bucket exactly as its nanoseconds do. The histogram (about 37 KiB sized for 100 ms, or for twice the largest sample so far, grown on demand) is
 * allocated only when a flow has more, and the samples kept so far go into it. The percentiles and the distribution of a sparse flow are computed from
 * its sorted samples with the histogram's own bucket arithmetic ({@code highestEquivalentValue}) — at the end of a
 * run from its samples counted per distribution cell, sorting only the cells that hold p50, p90 and p99 — so they are
 * the same numbers the histogram would give — without allocating one and scanning its ~9000 counters per flow,
 * which made thousands of flows with few packets each cost more than their packets (issue 16). Flows without
 * samples cost nothing. The whole distribution ({@link #distribution}) is read once, at the end of the run.
 */
public final class LatencyRecorder {
    /**
     * Significant bits a distribution cell keeps: buckets whose upper edges agree in their top 7 bits share a
     * cell, so a cell spans at most 1/64 of its values (64 cells per octave, about 213 per decade).
     */
    public static final int CELL_BITS = 7;
    private static final long LOWEST_NS = 1_000;
    private static final long INITIAL_HIGHEST_NS = 100_000_000;

    /**
     * Samples kept before the histogram exists: 4096 × 4 bytes, less than the histogram's initial counters (so a
     * flow's memory stays bounded as before), and sorting that many at the end is cheaper than walking the
     * histogram's buckets between the smallest and the largest latency (~10 000 for a flow from 1 ms to 1 s). A
     * WiFi station's flow of 30 s has about 1200 samples; with 1024 here, 128 stations' histograms — recording into
     * them, resizing them past 100 ms and walking them — were a third of the run (issue 16).
     */
    static final int SPARSE_LIMIT = 4096;
    /**
     * The first sample's array: room for 32 (128 bytes), so that a flow with few packets — thousands of flows
     * sharing a link — never copies it. Growing from 8 was a twentieth of a 3000-flow run (issue 16).
     */
    private static final int INITIAL_SPARSE = 32;
    /** Only its bucket arithmetic is used (configuration fields, read-only): shared by every recorder. */
    private static final AbstractHistogram BUCKETS = newHistogram(INITIAL_HIGHEST_NS);
    /**
     * log2 of the histogram's smallest bucket (its unit, 512 ns for a 1 µs lowest value): every bucket spans a
     * whole number of units, aligned to them, so {@code ns >> UNIT_SHIFT} decides the bucket and the order of
     * buckets. Kept samples are stored so, in half the memory of nanoseconds — with thousands of flows, fewer cache
     * lines per flow to miss (issue 16). Min, max and the mean stay exact in their own fields.
     */
    static final int UNIT_SHIFT = Long.numberOfTrailingZeros(BUCKETS.sizeOfEquivalentValueRange(0));
    /**
     * log2 of the units a bucket of the histogram's first level spans one by one (2048 for 3 significant digits): a
     * sample of {@code u} units lies in a bucket of {@code 2^k} units, {@code k = max(0, bits(u) − this)}.
     */
    private static final int SUB_BUCKET_BITS = subBucketBits();
    /** The largest sample an {@code int} of units holds (about 1100 s); a larger one starts the histogram. */
    private static final long LARGEST_KEPT_NS = ((long) Integer.MAX_VALUE << UNIT_SHIFT) | ((1L << UNIT_SHIFT) - 1);

    /** The first sample array's length: {@link #INITIAL_SPARSE}, or what {@link #expect} asked for. */
    private int firstSparse = INITIAL_SPARSE;
    private AbstractHistogram histogram;
    /** The kept samples in units ({@code ns >> UNIT_SHIFT}), null once the histogram holds them. */
    private int[] sparse;
    private boolean sorted;
    private long samples;
    private long sumNs;
    private long minNs = Long.MAX_VALUE;
    private long maxNs;

    public void record(long ns) {
        long v = Math.max(ns, 0);
        if (histogram != null) {
            histogram.recordValue(v);
        } else if (samples < SPARSE_LIMIT && v <= LARGEST_KEPT_NS) {
            int n = (int) samples;
            if (sparse == null) {
                sparse = new int[firstSparse];
            } else if (n == sparse.length) {
                sparse = Arrays.copyOf(sparse, 2 * n);
            }
            sparse[n] = (int) (v >> UNIT_SHIFT);
            sorted = false;
        } else {
            // sized for the largest sample so far, so that it rarely has to grow (the buckets are the same)
            histogram = newHistogram(Math.max(INITIAL_HIGHEST_NS, 2 * Math.max(maxNs, v)));
            for (int i = 0; i < samples; i++) {
                // the unit's first value: the same bucket as the sample's nanoseconds
                histogram.recordValue(nanoseconds(sparse[i]));
            }
            sparse = null;
            histogram.recordValue(v);
        }
        samples++;
        sumNs += v;
        if (v > maxNs) {
            maxNs = v;
        }
        if (v < minNs) {
            minNs = v;
        }
    }

    /**
     * A hint, before the first sample: about {@code samples} will come. The kept samples' first array then takes
     * the power of two at or below it (between {@link #INITIAL_SPARSE} and {@link #SPARSE_LIMIT}) instead of growing
     * there by doubling: 128 stations' floods copied 2 MB of growing arrays per run, and allocating and copying
     * them during the run cost about 2 % of its CPU (issue 16). The numbers recorded are the same either way.
     */
    public void expect(long samples) {
        if (sparse == null && histogram == null && samples > INITIAL_SPARSE) {
            firstSparse = (int) Long.highestOneBit(Math.min(samples, SPARSE_LIMIT));
        }
    }

    public long samples() {
        return samples;
    }

    public long maxNs() {
        return maxNs;
    }

    /** Percentile in ms (HdrHistogram's value at that percentile), NaN without samples. */
    public double percentileMs(double percentile) {
        if (samples == 0) {
            return Double.NaN;
        }
        long v = Math.clamp(histogram != null ? histogram.getValueAtPercentile(percentile)
                : sparsePercentile(percentile), minNs, maxNs);
        return Time.toMs(v);
    }

    private static AbstractHistogram newHistogram(long highestNs) {
        AbstractHistogram h = new IntCountsHistogram(LOWEST_NS, highestNs, 3);
        h.setAutoResize(true);
        return h;
    }

    /** The first power of two of units whose bucket spans more than one unit, as a power: HdrHistogram's own answer. */
    private static int subBucketBits() {
        long unit = 1L << UNIT_SHIFT;
        int bits = 0;
        while (BUCKETS.sizeOfEquivalentValueRange((1L << bits) * unit) == unit) {
            bits++;
        }
        return bits;
    }

    /**
     * {@code highestEquivalentValue} of a kept sample's unit, {@code BUCKETS.highestEquivalentValue(u << UNIT_SHIFT)},
     * computed in place: the top of the bucket of {@code 2^k} units that holds {@code u}, without the histogram's
     * call chain (bucket and sub-bucket index, back to a value, the range's size), once per kept sample of every flow
     * when the results are collected (issue 16).
     */
    static long bucketTop(int unit) {
        int k = Math.max(0, 32 - Integer.numberOfLeadingZeros(unit) - SUB_BUCKET_BITS);
        return ((((long) unit >> k) + 1) << (k + UNIT_SHIFT)) - 1;
    }

    /** The lowest nanoseconds of a kept sample's unit. */
    private static long nanoseconds(int unit) {
        return (long) unit << UNIT_SHIFT;
    }

    /** The sparse samples (units) in ascending order. */
    private int[] sortedSparse() {
        if (!sorted) {
            Arrays.sort(sparse, 0, (int) samples);
            sorted = true;
        }
        return sparse;
    }

    /**
     * HdrHistogram 2.2.2's {@code getValueAtPercentile} over the sorted samples: the rank
     * {@code max(1, ceil(p⁻ × n / 100))} with {@code p⁻} the double just below {@code p}, and the highest value
     * equivalent to the sample at that rank (the top of its bucket).
     */
    private long sparsePercentile(double percentile) {
        double requested = Math.min(Math.max(Math.nextAfter(percentile, Double.NEGATIVE_INFINITY), 0.0), 100.0);
        long rank = Math.max((long) Math.ceil(requested * samples / 100.0), 1);
        long value = nanoseconds(sortedSparse()[(int) Math.min(rank, samples) - 1]);
        return percentile == 0.0 ? BUCKETS.lowestEquivalentValue(value) : BUCKETS.highestEquivalentValue(value);
    }

    public LatencyStats toStats() {
        if (samples == 0) {
            return new LatencyStats(null, null, null, null, null, 0);
        }
        double p50;
        double p90;
        double p99;
        LatencyDistribution distribution;
        if (histogram != null) {
            // one walk over the buckets for the distribution and the three percentiles, not four scans
            long[] ranks = {rank(50), rank(90), rank(99)};
            long[] values = new long[3];
            distribution = distribution(ranks, values);
            p50 = Time.toMs(Math.clamp(values[0], minNs, maxNs));
            p90 = Time.toMs(Math.clamp(values[1], minNs, maxNs));
            p99 = Time.toMs(Math.clamp(values[2], minNs, maxNs));
        } else if (!sorted && cellsSpanned() <= samples) {
            // counting per cell walks every cell the samples span: cheaper than sorting only when they are no more
            // than the samples (a station's ~1200 over a few hundred; not a flow of 20 packets over 1000 cells)
            return unsortedSparseStats();
        } else {
            p50 = percentileMs(50);
            p90 = percentileMs(90);
            p99 = percentileMs(99);
            distribution = distribution();
        }
        return new LatencyStats(
                Numbers.round6(Time.toMs(sumNs) / samples),
                Numbers.round6(p50),
                Numbers.round6(p90),
                Numbers.round6(p99),
                Numbers.round6(Time.toMs(maxNs)),
                samples,
                distribution);
    }

    /**
     * {@link #toStats} for kept samples not yet sorted, without sorting them: the distribution needs only each
     * cell's sample count and its highest bucket edge, and a percentile the bucket of the sample at its rank, which
     * lies in the cell where the counts reach that rank — so one pass counts the samples per cell, and only the
     * (at most three) cells holding p50, p90 and p99 are sorted. The same numbers as the sorted walk; sorting all of
     * a WiFi station's ~1200 samples was half of collecting 128 stations' results (issue 16).
     */
    private LatencyStats unsortedSparseStats() {
        int n = (int) samples;
        long lowestCell = cellIndex(minNs);
        int span = (int) cellsSpanned();
        int[] counts = new int[span];
        long[] topEdges = new long[span];
        // every cell index is below 2^12 (at most 64 cells per power of two of a long), so a short holds it
        short[] cellOf = new short[n];
        for (int i = 0; i < n; i++) {
            long edge = bucketTop(sparse[i]);
            int c = (int) (cellIndex(edge) - lowestCell);
            cellOf[i] = (short) c;
            counts[c]++;
            topEdges[c] = Math.max(topEdges[c], edge);
        }
        long[] ranks = {rank(50), rank(90), rank(99)};
        double[] percentilesMs = new double[3];
        int capacity = (int) Math.min(samples, span);
        double[] ms = new double[capacity];
        long[] atMost = new long[capacity];
        int points = 0;
        int pending = 0;
        long cumulative = 0;
        for (int c = 0; c < span; c++) {
            if (counts[c] == 0) {
                continue;
            }
            long before = cumulative;
            cumulative += counts[c];
            int[] inCell = null; // this cell's samples, sorted, once a percentile falls in it
            while (pending < 3 && cumulative >= ranks[pending]) {
                if (inCell == null) {
                    inCell = new int[counts[c]];
                    for (int i = 0, k = 0; k < inCell.length; i++) {
                        if (cellOf[i] == c) {
                            inCell[k++] = sparse[i];
                        }
                    }
                    Arrays.sort(inCell);
                }
                long edge = bucketTop(inCell[(int) (ranks[pending] - before) - 1]);
                percentilesMs[pending++] = Time.toMs(Math.clamp(edge, minNs, maxNs));
            }
            // the last cell's top edge may lie above every sample; the largest sample bounds them all exactly
            ms[points] = Time.toMs(cumulative == samples ? Math.min(topEdges[c], maxNs) : topEdges[c]);
            atMost[points++] = cumulative;
        }
        return new LatencyStats(
                Numbers.round6(Time.toMs(sumNs) / samples),
                Numbers.round6(percentilesMs[0]),
                Numbers.round6(percentilesMs[1]),
                Numbers.round6(percentilesMs[2]),
                Numbers.round6(Time.toMs(maxNs)),
                samples,
                new LatencyDistribution(new DoubleValues(ms, 0, points), new LongValues(atMost, points)));
    }

    /**
     * HdrHistogram 2.2.2's {@code getValueAtPercentile} rank for a percentile above 0: the count
     * {@code max(1, ceil(p⁻ × n / 100))}, {@code p⁻} the double just below {@code p}; its value is the top edge
     * of the first bucket whose cumulative count reaches it.
     */
    private long rank(double percentile) {
        double requested = Math.min(Math.max(Math.nextAfter(percentile, Double.NEGATIVE_INFINITY), 0.0), 100.0);
        return Math.max((long) Math.ceil(requested * samples / 100.0), 1);
    }

    /**
     * Every sample's latency as cumulative counts at the upper edges of the histogram's buckets, merged into cells
     * of {@value #CELL_BITS} significant bits (see {@link LatencyDistribution}); null without samples. The values
     * are whole nanoseconds written in ms, not rounded, so that the count at each point stays exact.
     */
    public LatencyDistribution distribution() {
        if (samples == 0) {
            return null;
        }
        return distribution(new long[0], new long[0]);
    }

    /**
     * The distribution; with the histogram, also the top edge of the first bucket whose cumulative count reaches
     * each of {@code ranks} (ascending) into {@code atRanks} (the sparse path leaves it alone).
     */
    private LatencyDistribution distribution(long[] ranks, long[] atRanks) {
        int pending = 0;
        // a sparse flow has at most a point per sample and per cell its buckets' edges span; a histogram's grow
        int capacity = histogram == null ? (int) Math.min(samples, cellsSpanned()) : 64;
        double[] ms = new double[capacity];
        long[] atMost = new long[capacity];
        int points = 0;
        long cell = -1;
        long upper = 0;
        long cumulative = 0;
        if (histogram != null) {
            // The histogram's recorded values (what its recordedValues() iterator yields), bucket by bucket from
            // the smallest sample's bucket up to the largest's: the iterator starts at the first counter and costs
            // several calls per counter, which for 128 flows was a twelfth of a WiFi run (issue 16).
            AbstractHistogram h = histogram;
            for (long v = h.lowestEquivalentValue(minNs); cumulative < samples; v = h.nextNonEquivalentValue(v)) {
                long count = h.getCountAtValue(v);
                if (count == 0) {
                    continue;
                }
                long edge = h.highestEquivalentValue(v);
                long c = cell(edge);
                if (cell >= 0 && c != cell) {
                    if (points == ms.length) {
                        ms = Arrays.copyOf(ms, 2 * points);
                        atMost = Arrays.copyOf(atMost, 2 * points);
                    }
                    ms[points] = Time.toMs(upper);
                    atMost[points++] = cumulative;
                }
                cell = c;
                upper = edge;
                cumulative += count;
                while (pending < ranks.length && cumulative >= ranks[pending]) {
                    atRanks[pending++] = edge;
                }
            }
            if (points == ms.length) {
                ms = Arrays.copyOf(ms, points + 1);
                atMost = Arrays.copyOf(atMost, points + 1);
            }
        } else {
            // the histogram's recorded values, one per non-empty bucket: its top edge and the count up to it
            int[] values = sortedSparse();
            for (int i = 0; i < samples; i++) {
                long edge = bucketTop(values[i]);
                if (edge == upper && cell >= 0) {
                    cumulative++;
                    continue;
                }
                long c = cell(edge);
                if (cell >= 0 && c != cell) {
                    ms[points] = Time.toMs(upper);
                    atMost[points++] = cumulative;
                }
                cell = c;
                upper = edge;
                cumulative++;
            }
        }
        // The last bucket's edge may lie above every sample; the largest sample bounds them all exactly.
        ms[points] = Time.toMs(Math.min(upper, maxNs));
        atMost[points++] = cumulative;
        return new LatencyDistribution(new DoubleValues(ms, 0, points), new LongValues(atMost, points));
    }

    /**
     * How many cells the sparse samples' bucket edges can fall in: from the smallest sample's cell to the cell of the
     * largest sample's bucket top. A 30-s flow of a WiFi station has ~1200 samples over a few hundred cells; arrays
     * of a point per sample were a quarter of collecting 128 stations' results, nearly all of it fresh memory
     * (issue 16).
     */
    private long cellsSpanned() {
        return cellIndex(BUCKETS.highestEquivalentValue(maxNs)) - cellIndex(minNs) + 1;
    }

    /**
     * The cells in increasing order, numbered without gaps: values below 2^{@value #CELL_BITS} are their own cells,
     * then 2^({@value #CELL_BITS} − 1) cells per power of two.
     */
    static long cellIndex(long ns) {
        int shift = Math.max(0, 64 - Long.numberOfLeadingZeros(ns) - CELL_BITS);
        return ((long) shift << (CELL_BITS - 1)) + (ns >> shift);
    }

    /** The lowest value of the cell holding {@code ns}: {@code ns} with all but its top CELL_BITS bits cleared. */
    static long cell(long ns) {
        int shift = Math.max(0, 64 - Long.numberOfLeadingZeros(ns) - CELL_BITS);
        return ns >> shift << shift;
    }
}
