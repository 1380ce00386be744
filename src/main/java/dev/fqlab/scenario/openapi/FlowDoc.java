package dev.fqlab.scenario.openapi;

import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.media.Schema.RequiredMode;

/** One traffic flow (spec/scenario.md, "flows"): common fields, then those of its type. */
@Schema(name = "Flow", description = "One traffic flow. Common fields: name, type, station (wifi links), "
        + "direction, ac, startS, stopS, ecn. udp adds exactly one of rateMbps and intervalMs, plus packetBytes, "
        + "packets, burst and jitterMs; ping adds intervalMs and packetBytes. A field of another type is rejected "
        + "as unknown. Type \"tcp\" is not supported by this version yet.")
public record FlowDoc(
        @Schema(description = "Unique name, [A-Za-z0-9_.-]{1,64}.", requiredMode = RequiredMode.REQUIRED,
                pattern = "^[A-Za-z0-9_.-]{1,64}$", example = "bulk")
        String name,

        @Schema(description = "What the flow sends: udp (constant bit rate of whole IP packets) or ping "
                + "(isoping-like probe, a packet each way every interval). \"tcp\" is not supported yet.",
                requiredMode = RequiredMode.REQUIRED, allowableValues = {"udp", "ping"})
        String type,

        @Schema(description = "wifi links, required: the name of the station the flow belongs to (its traffic goes "
                + "between the AP and that station). Not allowed on a wired link.", example = "sta1")
        String station,

        @Schema(description = "\"down\" is server → receiver, \"up\" the reverse; ping probes go both ways anyway.",
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

        @Schema(description = "ECN codepoint the sender puts on its packets.", defaultValue = "not-ect",
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
        Double jitterMs) {
}
