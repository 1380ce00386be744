package dev.fqlab.sim.result;

import com.fasterxml.jackson.annotation.JsonInclude;

/**
 * Per-flow numbers. Counters cover [warmupS, durationS] except {@code queuedPackets} (at the end).
 * {@code rttMs} and {@code upLatencyMs} exist for ping flows, {@code tcp} for TCP flows.
 *
 * @param station null on wired links
 */
public record FlowResult(
        String name,
        String type,
        String station,
        String direction,
        long sentPackets,
        long deliveredPackets,
        long droppedPackets,
        long ecnMarks,
        long queuedPackets,
        long reorderedPackets,
        long sentBytes,
        long deliveredBytes,
        double throughputMbps,
        LatencyStats latencyMs,
        @JsonInclude(JsonInclude.Include.NON_NULL) LatencyStats rttMs,
        @JsonInclude(JsonInclude.Include.NON_NULL) LatencyStats upLatencyMs,
        @JsonInclude(JsonInclude.Include.NON_NULL) TcpStats tcp) {
}
