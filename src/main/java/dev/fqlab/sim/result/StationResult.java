package dev.fqlab.sim.result;

/** Per-station numbers (WiFi only). */
public record StationResult(String name, double throughputMbps, double downMbps, double upMbps,
                            double airtimeShare, long airtimeUs, long ppdus, double avgAggregateSize,
                            long retries, long failedMpdus) {
}
