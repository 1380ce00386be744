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

    /**
     * Per station (WiFi only): goodput, share of the interval's airtime, packets queued for it at the AP at the
     * end; the AP's transmit (down) and receive (up) airtime in µs during the interval, as flent's wifi_stats
     * counts them; and the mean number of MPDUs per PPDU the AP sent it (null in an interval without one).
     */
    public record StationSeries(List<Double> throughputMbps, List<Double> airtimeShare, List<Double> backlogPackets,
                                List<Double> airtimeTxUs, List<Double> airtimeRxUs, List<Double> avgAggregateSize) {

        public StationSeries(List<Double> throughputMbps, List<Double> airtimeShare, List<Double> backlogPackets) {
            this(throughputMbps, airtimeShare, backlogPackets, null, null, null);
        }
    }

    /**
     * The down qdisc: backlog in packets and bytes at the end of each interval; drops and ECN marks during it; and
     * the mean time the packets it handed on during the interval had spent in it (null when it handed on none).
     */
    public record QdiscSeries(List<Double> backlogPackets, List<Double> drops, List<Double> backlogBytes,
                              List<Double> ecnMarks, List<Double> delayMs) {

        public QdiscSeries(List<Double> backlogPackets, List<Double> drops) {
            this(backlogPackets, drops, null, null, null);
        }
    }
}
