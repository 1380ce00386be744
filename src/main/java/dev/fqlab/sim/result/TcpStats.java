package dev.fqlab.sim.result;

/**
 * A TCP flow's sender (results.md {@code tcp}): retransmitted segments and retransmission timeouts over the whole
 * run; the congestion window in segments, time-weighted over the time the connection was open in the measurement
 * window; the mean of the RTT samples taken in the measurement window. A mean is null when undefined (the
 * connection never opened, or no sample).
 */
public record TcpStats(long retransmits, long rtoCount, Double meanCwndPackets, Double meanRttMs) {
}
