package dev.fqlab.sim.result;

import com.fasterxml.jackson.annotation.JsonInclude;

/**
 * Per-station numbers (WiFi only).
 *
 * @param channel the station's radio channel; null (absent) when the station has none
 */
public record StationResult(String name, double throughputMbps, double downMbps, double upMbps,
                            double airtimeShare, long airtimeUs, long ppdus, double avgAggregateSize,
                            long retries, long failedMpdus,
                            @JsonInclude(JsonInclude.Include.NON_NULL) StationChannelResult channel) {
}
