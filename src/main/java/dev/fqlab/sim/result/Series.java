package dev.fqlab.sim.result;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.List;
import java.util.Map;

/**
 * Time series at {@code intervalMs}; {@code t} is the end of each interval in seconds and every array
 * has one value per interval (null where undefined). Series cover the whole run, warm-up included.
 * Maps keep scenario order.
 */
public record Series(double intervalMs, List<Double> t, Map<String, FlowSeries> flows,
                     Map<String, StationSeries> stations, QdiscSeries qdisc) {

    /**
     * Per flow: goodput and mean one-way latency of the packets delivered in each interval (TCP: of its data
     * segments). TCP flows add the congestion window in segments, time-weighted over the part of the interval the
     * connection was open, and the mean of the sender's RTT samples taken in the interval; both null for other
     * flows.
     */
    public record FlowSeries(List<Double> throughputMbps, List<Double> latencyMs,
                             @JsonInclude(JsonInclude.Include.NON_NULL) List<Double> cwndPackets,
                             @JsonInclude(JsonInclude.Include.NON_NULL) List<Double> rttMs) {

        public FlowSeries(List<Double> throughputMbps, List<Double> latencyMs) {
            this(throughputMbps, latencyMs, null, null);
        }
    }

    /** Per station (WiFi only). */
    public record StationSeries(List<Double> throughputMbps, List<Double> airtimeShare, List<Double> backlogPackets) {
    }

    /** The down qdisc: backlog at the end of each interval and drops during it. */
    public record QdiscSeries(List<Double> backlogPackets, List<Double> drops) {
    }
}
