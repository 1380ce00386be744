package dev.fqlab.sim.result;

import java.util.List;

/**
 * A latency distribution from every sample, as cumulative counts: {@code atMost[i]} samples had a latency of at
 * most {@code ms[i]}. Each {@code ms[i]} is the upper edge of an HdrHistogram bucket (the last one clamped to the
 * largest sample), so the count is exact at that value; between two points the distribution's step lies somewhere
 * in {@code (ms[i-1], ms[i]]}. Points are the histogram's buckets merged into cells at most 1/64 (1.6 %) of their
 * value wide ({@link dev.fqlab.sim.stats.LatencyRecorder#CELL_BITS}), so a flow spanning one decade of latency
 * has at most about 213 points; {@code atMost} ends at the sample count.
 */
public record LatencyDistribution(List<Double> ms, List<Long> atMost) {
}
