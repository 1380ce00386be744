package dev.fqlab.scenario.openapi;

import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.media.Schema.RequiredMode;

/** One traffic flow (spec/scenario.md, "flows"): common fields, then those of its type. */
@Schema(name = "Flow", description = "One traffic flow. Common fields: name, type, station (wifi links), "
        + "direction, ac, startS, stopS, ecn. udp adds exactly one of rateMbps and intervalMs, plus packetBytes, "
        + "packets, burst and jitterMs; ping adds intervalMs and packetBytes; tcp adds congestionControl, origin, "
        + "pacingShift, mss and bytes. A field of another type is rejected.")
public record FlowDoc(
        @Schema(description = "Unique name, [A-Za-z0-9_.-]{1,64}.", requiredMode = RequiredMode.REQUIRED,
                pattern = "^[A-Za-z0-9_.-]{1,64}$", example = "bulk")
        String name,

        @Schema(description = "What the flow sends: udp (constant bit rate of whole IP packets), ping "
                + "(isoping-like probe, a packet each way every interval) or tcp (a TCP connection: handshake, slow "
                + "start, congestion avoidance, fast retransmit, RTO, delayed ACKs, pacing, TCP Small Queues).",
                requiredMode = RequiredMode.REQUIRED, allowableValues = {"udp", "ping", "tcp"})
        String type,

        @Schema(description = "wifi links, required: the name of the station the flow belongs to (its traffic goes "
                + "between the AP and that station). Not allowed on a wired link.", example = "sta1")
        String station,

        @Schema(description = "\"down\" is server → receiver, \"up\" the reverse; ping probes go both ways anyway. "
                + "tcp: the data direction (ACKs take the other); down is sent by the server end, up by the station "
                + "or wired host.",
                defaultValue = "down", allowableValues = {"down", "up"})
        String direction,

        @Schema(description = "802.11 access category: the EDCA queue and TXQ (TID) of the flow's packets (matters on "
                + "wifi links only).", defaultValue = "BE",
                allowableValues = {"BE", "BK", "VI", "VO"})
        String ac,

        @Schema(description = "When the flow starts, in seconds; ≥ 0 and < durationS.", defaultValue = "0",
                minimum = "0")
        Double startS,

        @Schema(description = "When the flow stops, in seconds; > startS and ≤ durationS. Default: durationS.",
                minimum = "0", exclusiveMinimum = true)
        Double stopS,

        @Schema(description = "ECN codepoint the sender puts on its packets. tcp: ect0/ect1 turn ECN on (new data "
                + "segments carry the codepoint, the receiver echoes CE, the sender reduces once per window).",
                defaultValue = "not-ect",
                allowableValues = {"not-ect", "ect0", "ect1"})
        String ecn,

        @Schema(description = "udp: sending rate of IP bytes in Mbit/s; > 0 and ≤ 100000. A rate above capacity "
                + "saturates (iperf -u -b). Exactly one of rateMbps and intervalMs.", minimum = "0",
                exclusiveMinimum = true, maximum = "100000")
        Double rateMbps,

        @Schema(description = "udp: time between send events in milliseconds, 0 to 3600000 (0 with packets N sends "
                + "one burst of N at startS); exactly one of rateMbps and intervalMs. ping: time between probes, "
                + "> 0 and ≤ 3600000, default 500.", minimum = "0", maximum = "3600000")
        Double intervalMs,

        @Schema(description = "IP packet size in bytes; integer 28 (IPv4 + UDP headers) to 65535. Default 1500 for "
                + "udp, 64 for ping.", minimum = "28", maximum = "65535")
        Integer packetBytes,

        @Schema(description = "udp: total packets to send, integer ≥ 1; absent = until stopS. Required (and at most "
                + "100000) when intervalMs is 0.", format = "int64", minimum = "1")
        Long packets,

        @Schema(description = "udp (fqlab extension): packets per send event; integer 1 to 100000. With intervalMs 0 "
                + "it is normalized to packets.", defaultValue = "1", minimum = "1", maximum = "100000")
        Integer burst,

        @Schema(description = "udp (fqlab extension): each send event is delayed by a uniform random time in "
                + "[0, jitterMs) milliseconds from its nominal, periodic time, drawn from the scenario seed; 0 to "
                + "3600000.", defaultValue = "0", minimum = "0", maximum = "3600000")
        Double jitterMs,

        @Schema(description = "tcp: congestion avoidance, \"cubic\" (RFC 9438, with Linux's HyStart) or \"reno\" "
                + "(RFC 5681).", defaultValue = "cubic", allowableValues = {"cubic", "reno"})
        String congestionControl,

        @Schema(description = "tcp: where the server end runs. \"remote\": on the server wiredRttMs/2 behind the AP "
                + "or router. \"local\": on the AP or router itself, so a down flow's segments enter its stack "
                + "directly and TCP Small Queues caps the bytes below the socket (seed 002); an up flow ends there.",
                defaultValue = "remote", allowableValues = {"remote", "local"})
        String origin,

        @Schema(description = "tcp: sk_pacing_shift; TCP Small Queues lets max(2 segments, pacing rate >> "
                + "pacingShift) bytes of truesize sit below the socket (10 ≈ 1 ms of data, 8 ≈ 4 ms). Applies to "
                + "local down flows and to every up flow (the station sends through its own device). Integer 0 to 31.",
                defaultValue = "10", minimum = "0", maximum = "31")
        Integer pacingShift,

        @Schema(description = "tcp: payload bytes per segment; each segment adds 52 bytes of IPv4 + TCP header with "
                + "timestamps (1448 → 1500-byte IP packets). Integer 536 (RFC 879's default MSS) to 8948 (a 9000-byte "
                + "jumbo packet).", defaultValue = "1448", minimum = "536", maximum = "8948")
        Integer mss,

        @Schema(description = "tcp: payload bytes to transfer, integer ≥ 1; absent = bulk until stopS. Throughput "
                + "counts the payload delivered in order.", format = "int64", minimum = "1")
        Long bytes) {
}
