package dev.fqlab.sim.scenario;

import static dev.fqlab.sim.scenario.schema.Field.bool;
import static dev.fqlab.sim.scenario.schema.Field.enumeration;
import static dev.fqlab.sim.scenario.schema.Field.integer;
import static dev.fqlab.sim.scenario.schema.Field.number;

import dev.fqlab.sim.scenario.schema.IntRange;
import dev.fqlab.sim.scenario.schema.NumberRange;
import dev.fqlab.sim.scenario.schema.RecordSchema;
import dev.fqlab.sim.scenario.schema.Report;
import dev.fqlab.sim.scenario.schema.Scope;
import dev.fqlab.sim.scenario.schema.Variants;
import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;

/** What a flow sends (scenario.md {@code flows[].type} and its fields). */
public sealed interface TrafficSpec permits TrafficSpec.Udp, TrafficSpec.Ping, TrafficSpec.Tcp {

    Variants<TrafficSpec> VARIANTS = Variants.of("flow", "Flow", "What a flow sends.",
            Udp.SCHEMA, Ping.SCHEMA, Tcp.SCHEMA);

    /**
     * On WiFi a packet travels as one MSDU (alone, or as a subframe of an A-MSDU): at most 2304 bytes (IEEE
     * 802.11-2016, 9.2.4.7), of which the LLC/SNAP header takes 8.
     */
    int WIFI_MAX_PACKET_BYTES = 2296;

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

        static final int MAX_BURST = 100_000;
        /** Send intervals are whole nanoseconds in the engine: shorter would be no interval at all. */
        static final double MIN_INTERVAL_MS = 0.000001;
        static final double MAX_INTERVAL_MS = 3_600_000;

        static final RecordSchema<Udp> SCHEMA = RecordSchema.variant(Udp.class, "udp",
                "Constant bit rate of whole IP packets; a rate above capacity saturates (iperf -u -b).",
                number("rateMbps").optional().range(NumberRange.openClosed(0, 100_000)).check(Udp::sendInterval)
                        .unit("Mbit/s")
                        .help("Sending rate of IP bytes. Exactly one of rateMbps and intervalMs. The send interval "
                                + "it gives (burst × packetBytes × 8 / rate) must be at most intervalMs' maximum, "
                                + "3600000 ms."),
                number("intervalMs").optional().range(NumberRange.closed(MIN_INTERVAL_MS, MAX_INTERVAL_MS).orZero())
                        .unit("ms")
                        .help("Time between send events (0 with packets N sends one burst of N at startS; else at "
                                + "least 1 ns, the engine's resolution). Exactly one of rateMbps and intervalMs."),
                SharedFields.packetBytes(1500),
                integer("packets").optional().range(IntRange.atLeast(1))
                        .help("Total packets to send; absent = until stopS. Required (and at most 100000) when "
                                + "intervalMs is 0."),
                integer("burst").defaultValue(Udp::defaultBurst, "1; with intervalMs 0: packets")
                        .range(IntRange.of(1, MAX_BURST)).check(Udp::burstIsPackets)
                        .help("fqlab extension: packets per send event."),
                number("jitterMs").defaultValue(0).range(NumberRange.closed(0, 3_600_000)).unit("ms")
                        .help("fqlab extension: each send event is delayed by a uniform random time in [0, jitterMs) "
                                + "from its nominal, periodic time, drawn from the scenario seed."))
                .rule(Udp::rateOrInterval)
                .rule(Udp::singleBurstNeedsPackets);

        @Override
        public String type() {
            return "udp";
        }

        /** {@code intervalMs} 0: all packets leave at startS as one burst, so burst is normalized to packets. */
        private static boolean singleBurst(Scope flow) {
            Double interval = flow.number("intervalMs");
            return !flow.has("rateMbps") && interval != null && interval == 0;
        }

        /** The packets of a single burst, when valid and within the burst limit. */
        private static Long burstPackets(Scope flow) {
            Long packets = flow.integer("packets");
            return packets == null || packets > MAX_BURST ? null : packets;
        }

        private static Object defaultBurst(Scope flow) {
            return singleBurst(flow) ? burstPackets(flow) : Long.valueOf(1);
        }

        private static String burstIsPackets(Scope flow, Long burst) {
            Long packets = burstPackets(flow);
            return singleBurst(flow) && packets != null && !burst.equals(packets)
                    ? "must equal packets (or be omitted) when intervalMs is 0" : null;
        }

        /**
         * The interval a rate gives must be one intervalMs could give: a rate of 1e-300 Mbit/s would put the next
         * packet beyond the engine's nanosecond clock (and stall the run).
         */
        private static String sendInterval(Scope flow, Double rateMbps) {
            Long packetBytes = flow.integer("packetBytes");
            Long burst = flow.integer("burst");
            if (packetBytes == null || burst == null) {
                return null; // reported where they are
            }
            // Exact decimal arithmetic: interval = bits / rate ≤ MAX_INTERVAL_MS ⇔ rateMbps · 3.6e9 ≥ bits.
            BigDecimal bits = BigDecimal.valueOf(burst * packetBytes * 8);
            BigDecimal perInterval = BigDecimal.valueOf(MAX_INTERVAL_MS).multiply(BigDecimal.valueOf(1000));
            if (BigDecimal.valueOf(rateMbps).multiply(perInterval).compareTo(bits) >= 0) {
                return null;
            }
            BigDecimal minimum = bits.divide(perInterval, new MathContext(6, RoundingMode.UP));
            return "must be ≥ " + minimum.stripTrailingZeros().toPlainString() + " with " + burst + " packet"
                    + (burst == 1 ? "" : "s") + " of " + packetBytes + " bytes per send event: a lower rate leaves "
                    + "more than " + NumberRange.format(MAX_INTERVAL_MS) + " ms (intervalMs' maximum) between them";
        }

        private static void rateOrInterval(Scope flow, Report report) {
            if (flow.has("rateMbps") == flow.has("intervalMs")) {
                report.failObject("a udp flow needs exactly one of rateMbps and intervalMs");
            }
        }

        private static void singleBurstNeedsPackets(Scope flow, Report report) {
            if (!singleBurst(flow)) {
                return;
            }
            if (!flow.has("packets")) {
                report.fail("packets", "required when intervalMs is 0 (the flow sends one burst of packets at startS)");
            } else if (flow.integer("packets") != null && flow.integer("packets") > MAX_BURST) {
                report.fail("packets", "must be ≤ " + MAX_BURST + " when intervalMs is 0 (they are sent as one burst)");
            }
        }
    }

    /** isoping-like probe: one packet each way every interval. */
    record Ping(double intervalMs, int packetBytes) implements TrafficSpec {

        static final RecordSchema<Ping> SCHEMA = RecordSchema.variant(Ping.class, "ping",
                "isoping-like probe: a packet each way every interval; reports round-trip and one-way delays.",
                number("intervalMs").defaultValue(500).range(NumberRange.closed(Udp.MIN_INTERVAL_MS, 3_600_000))
                        .unit("ms").help("Time between probes (at least 1 ns, the engine's resolution)."),
                SharedFields.packetBytes(64));

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
     * @param pacing whether the socket is paced ({@code sk_pacing_status}): auto as Linux, on, off
     * @param mss payload bytes per segment; every segment carries 52 bytes of IPv4 + TCP header with timestamps
     * @param bytes payload to transfer, null = bulk until {@code stopS}
     * @param sack SACK negotiated (RFC 2018; Linux's {@code net.ipv4.tcp_sack = 1}): RACK-TLP, SACK recovery and PRR;
     *             false = NewReno
     */
    record Tcp(CongestionControlKind congestionControl, TcpOrigin origin, int pacingShift, PacingMode pacing, int mss,
               Long bytes, boolean sack) implements TrafficSpec {

        /**
         * TCP payload per segment: 536 (RFC 879's default MSS, the IPv4 minimum of 576 less 40 header bytes) to 8948
         * (a 9000-byte jumbo IP packet less the 52 bytes of IPv4 + TCP header with timestamps).
         */
        private static final IntRange MSS = IntRange.of(536, 8948)
                .withNote("536 = RFC 879's default MSS; 8948 = a 9000-byte jumbo packet less 52 bytes of IPv4 + TCP header");
        private static final IntRange WIFI_MSS = IntRange.of(536, WIFI_MAX_PACKET_BYTES - 52)
                .withNote("on WiFi a segment and its 52 header bytes are one MSDU of at most 2304 bytes, 8 of them LLC/SNAP");

        static final RecordSchema<Tcp> SCHEMA = RecordSchema.variant(Tcp.class, "tcp",
                "A TCP connection: handshake, slow start, congestion avoidance, fast retransmit, RTO, delayed ACKs, "
                        + "pacing, TCP Small Queues; ACKs take the reverse path.",
                enumeration("congestionControl", CongestionControlKind.class).defaultValue(CongestionControlKind.CUBIC)
                        .help("\"cubic\" (RFC 9438, with Linux's HyStart), \"reno\" (RFC 5681, NewReno recovery) or "
                                + "\"bbr\" (BBR v1 as Linux's tcp_bbr.c: paced at its bottleneck-bandwidth estimate, "
                                + "SK_PACING_NEEDED, so pacing auto paces internally; needs sack true)."),
                enumeration("origin", TcpOrigin.class).defaultValue(TcpOrigin.REMOTE)
                        .help("\"remote\": on the server wiredRttMs/2 behind the AP or router. \"local\": on the AP or "
                                + "router itself, so a down flow's segments enter its stack directly and TCP Small Queues "
                                + "caps the bytes below the socket (seed 002); an up flow ends there."),
                // sk_pacing_shift is a u8 used as a shift of a rate in bytes per second (kernel-spec §6).
                integer("pacingShift").defaultValue(10)
                        .range(IntRange.of(0, 31).withNote("a right shift of the pacing rate in bytes/s"))
                        .help("sk_pacing_shift: TCP Small Queues lets max(2 segments, pacing rate >> pacingShift) bytes "
                                + "of truesize sit below the socket (10 ≈ 1 ms of data, 8 ≈ 4 ms). Applies to local down "
                                + "flows and to every up flow."),
                enumeration("pacing", PacingMode.class).defaultValue(PacingMode.AUTO)
                        .help("\"auto\" (Linux): paced only through an fq qdisc on the sender's own host (the router "
                                + "or AP for origin local, the host for up flows on a wired link), which sets "
                                + "SK_PACING_FQ; otherwise segments leave at line rate. \"on\": TCP's internal pacing "
                                + "(SK_PACING_NEEDED, as BBR or SO_MAX_PACING_RATE get), fq taking over where present. "
                                + "\"off\": never paced. The pacing rate (200 % of cwnd × mss / srtt in slow start, "
                                + "120 % after) is computed in every mode: TCP Small Queues uses it."),
                integer("mss").defaultValue(1448)
                        .intRange(MSS, flow -> "wifi".equals(Scenario.linkType(flow)) ? WIFI_MSS : MSS,
                                "536 (RFC 879's default MSS) to 8948 (a 9000-byte jumbo packet); on a wifi link at most "
                                        + "2244 (one MSDU with the headers)")
                        .unit("bytes")
                        .help("Payload bytes per segment; each segment adds 52 bytes of IPv4 + TCP header with "
                                + "timestamps (1448 → 1500-byte IP packets)."),
                integer("bytes").optional().range(IntRange.atLeast(1)).unit("bytes")
                        .help("Payload to transfer; absent = bulk until stopS."),
                bool("sack").defaultValue(true).check(Tcp::bbrNeedsSack)
                        .help("SACK (RFC 2018), as Linux's default net.ipv4.tcp_sack = 1: the receiver reports "
                                + "out-of-order data in SACK blocks, the sender detects loss with RACK-TLP (RFC 8985) "
                                + "and reduces the window with PRR (RFC 6937), as Linux v6.6 does. false: NewReno "
                                + "recovery (RFC 6582), one hole per round trip, go-back-N after a timeout."));

        @Override
        public String type() {
            return "tcp";
        }

        /** fqlab runs BBR over the SACK scoreboard only (its rate samples come from SACKed and ACKed segments). */
        private static String bbrNeedsSack(Scope flow, Boolean sack) {
            return !sack && flow.value("congestionControl", CongestionControlKind.class) == CongestionControlKind.BBR
                    ? "must be true with congestionControl \"bbr\" (fqlab models BBR with SACK only)" : null;
        }
    }
}
