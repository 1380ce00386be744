package dev.fqlab.sim.scenario;

/** What a flow sends (scenario.md {@code flows[].type} and its fields). */
public sealed interface TrafficSpec permits TrafficSpec.Udp, TrafficSpec.Ping, TrafficSpec.Tcp {

    String type();

    /**
     * Constant bit rate of whole IP packets. Exactly one of {@code rateMbps} (IP bytes) and
     * {@code intervalMs} is set. Every send event emits {@code burst} packets (an fqlab extension, default 1);
     * {@code intervalMs} 0 with {@code packets} N sends one burst of N at {@code startS}.
     *
     * @param packets total packets to send, null = until {@code stopS}
     * @param jitterMs fqlab extension: each send event is delayed by a uniform random time in [0, jitterMs) from its
     *                 nominal time (the nominal schedule stays periodic, so the rate does not drift); 0 = periodic
     */
    record Udp(Double rateMbps, Double intervalMs, int packetBytes, Long packets, int burst, double jitterMs)
            implements TrafficSpec {
        @Override
        public String type() {
            return "udp";
        }
    }

    /** isoping-like probe: one packet each way every interval. */
    record Ping(double intervalMs, int packetBytes) implements TrafficSpec {
        @Override
        public String type() {
            return "ping";
        }
    }

    /**
     * A TCP connection (kernel-spec §6): the sender at the server end for {@code down}, at the station (or wired
     * host) for {@code up}.
     *
     * @param pacingShift {@code sk_pacing_shift}: TCP Small Queues lets {@code pacingRate >> pacingShift} bytes
     *                    sit below the socket
     * @param mss payload bytes per segment; every segment carries 52 bytes of IPv4 + TCP header with timestamps
     * @param bytes payload to transfer, null = bulk until {@code stopS}
     */
    record Tcp(CongestionControlKind congestionControl, TcpOrigin origin, int pacingShift, int mss, Long bytes)
            implements TrafficSpec {
        @Override
        public String type() {
            return "tcp";
        }
    }
}
