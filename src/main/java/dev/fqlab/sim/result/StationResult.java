package dev.fqlab.sim.result;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.List;

/**
 * Per-station numbers (WiFi only). With {@code rateControl} {@code minstrel_ht}: {@code rates} per PHY rate and
 * direction, and Minstrel-HT's debugfs {@code rc_stats} text of the AP's rate control toward the station
 * ({@code rcStats}) and of the station's own toward the AP ({@code rcStatsUp}); absent with a fixed rate.
 *
 * @param channel the station's radio channel; null (absent) when the station has none
 */
public record StationResult(String name, double throughputMbps, double downMbps, double upMbps,
                            double airtimeShare, long airtimeUs, long ppdus, double avgAggregateSize,
                            long retries, long failedMpdus,
                            @JsonInclude(JsonInclude.Include.NON_NULL) StationChannelResult channel,
                            @JsonInclude(JsonInclude.Include.NON_NULL) List<RateResult> rates,
                            @JsonInclude(JsonInclude.Include.NON_NULL) String rcStats,
                            @JsonInclude(JsonInclude.Include.NON_NULL) String rcStatsUp) {

    /** A station without rate-control results (fixed rate). */
    public StationResult(String name, double throughputMbps, double downMbps, double upMbps, double airtimeShare,
                         long airtimeUs, long ppdus, double avgAggregateSize, long retries, long failedMpdus,
                         StationChannelResult channel) {
        this(name, throughputMbps, downMbps, upMbps, airtimeShare, airtimeUs, ppdus, avgAggregateSize, retries,
                failedMpdus, channel, null, null, null);
    }
}
