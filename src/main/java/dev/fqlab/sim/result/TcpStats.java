package dev.fqlab.sim.result;

/** TCP sender numbers (with the TCP issue). */
public record TcpStats(long retransmits, long rtoCount, double meanCwndPackets, double meanRttMs) {
}
