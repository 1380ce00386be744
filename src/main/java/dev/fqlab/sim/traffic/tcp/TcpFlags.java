package dev.fqlab.sim.traffic.tcp;

/** The TCP header bits the model uses ({@code Packet.tcpFlags}), RFC 9293 §3.1 and RFC 3168 §6.1. */
public final class TcpFlags {
    /** Opens the connection (carries no data here). */
    public static final int SYN = 1;
    /** A segment with payload. */
    public static final int DATA = 1 << 1;
    /** The acknowledgement field is valid: pure ACKs and the SYN-ACK. */
    public static final int ACK = 1 << 2;
    /** ECN-Echo: the receiver saw CE and waits for CWR (RFC 3168 §6.1.3). */
    public static final int ECE = 1 << 3;
    /** Congestion Window Reduced: the sender reacted to ECE (RFC 3168 §6.1.2). */
    public static final int CWR = 1 << 4;
    /** Model-only marker: a retransmitted segment (for counting; not a header bit). */
    public static final int RETRANSMIT = 1 << 5;

    private TcpFlags() {
    }
}
