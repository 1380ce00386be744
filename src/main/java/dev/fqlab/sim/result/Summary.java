package dev.fqlab.sim.result;

/**
 * Headline numbers. {@code jainThroughput} is over stations (over flows on wired links);
 * {@code jainAirtime} is null on wired links.
 */
public record Summary(double throughputMbps, Double jainThroughput, Double jainAirtime) {
}
