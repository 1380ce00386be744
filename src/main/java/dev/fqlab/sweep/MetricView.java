package dev.fqlab.sweep;

/**
 * What a sweep's default table needs of one result (issue 17, {@link dev.fqlab.result.ResultMetricView}): its default
 * metrics ({@code shown}, a {@link MetricValues} over those names only), the names of all its metrics ({@code all},
 * for {@code availableMetrics}) and the digest of its non-wall-clock metrics (null: one of them is NaN, so it is
 * identical to no other result).
 */
record MetricView(MetricValues shown, MetricValues.Shape all, byte[] digest) {
}
