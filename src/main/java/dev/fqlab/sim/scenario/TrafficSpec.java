package dev.fqlab.sim.scenario;

/** What a flow sends (scenario.md {@code flows[].type} and its fields). */
public sealed interface TrafficSpec permits TrafficSpec.Udp, TrafficSpec.Ping {

    String type();

    /**
     * Constant bit rate of whole IP packets. Exactly one of {@code rateMbps} (IP bytes) and
     * {@code intervalMs} is set. Every send event emits {@code burst} packets (an fqlab extension, default 1);
     * {@code intervalMs} 0 with {@code packets} N sends one burst of N at {@code startS}.
     *
     * @param packets total packets to send, null = until {@code stopS}
     */
    record Udp(Double rateMbps, Double intervalMs, int packetBytes, Long packets, int burst) implements TrafficSpec {
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
}
