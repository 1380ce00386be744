package dev.fqlab.sim.result;

import com.fasterxml.jackson.annotation.JsonInclude;

/**
 * Latency distribution in milliseconds from an HdrHistogram; every value null when there are no samples.
 * {@code distribution} is the whole distribution from every sample (null without samples).
 */
public record LatencyStats(Double mean, Double p50, Double p90, Double p99, Double max, long samples,
                           @JsonInclude(JsonInclude.Include.NON_NULL) LatencyDistribution distribution) {

    /** Percentiles without the distribution. */
    public LatencyStats(Double mean, Double p50, Double p90, Double p99, Double max, long samples) {
        this(mean, p50, p90, p99, max, samples, null);
    }
}
