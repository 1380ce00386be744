package dev.fqlab.sim.result;

/** Latency distribution in milliseconds from an HdrHistogram; every value null when there are no samples. */
public record LatencyStats(Double mean, Double p50, Double p90, Double p99, Double max, long samples) {
}
