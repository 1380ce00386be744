package dev.fqlab.sim.scenario;

import static dev.fqlab.sim.scenario.schema.Field.integer;

import dev.fqlab.sim.scenario.schema.Field;
import dev.fqlab.sim.scenario.schema.IntRange;

/**
 * Field declarations several records share (a qdisc's {@code limit}, a flow's {@code packetBytes}). They live here,
 * not in the sealed interfaces: a record that builds its schema from a static method of its own interface would
 * start that interface's initialisation, whose {@code VARIANTS} reads the record's schema before it exists.
 */
final class SharedFields {

    private SharedFields() {
    }

    /** A qdisc's packet limit (pfifo, codel, fq_codel). */
    static Field qdiscLimit(int defaultPackets) {
        return integer("limit").defaultValue(defaultPackets).range(IntRange.of(1, 1_000_000)).unit("packets")
                .help("Queue limit.");
    }

    /** IP packet sizes: 28 (IPv4 + UDP headers) to 65535; on WiFi one MSDU. */
    static Field packetBytes(int defaultBytes) {
        IntRange any = IntRange.of(28, 65535).withNote("28 = IPv4 + UDP headers");
        IntRange wifi = IntRange.of(28, TrafficSpec.WIFI_MAX_PACKET_BYTES)
                .withNote("on WiFi a packet is one MSDU: 2304 bytes at most, 8 of them LLC/SNAP");
        return integer("packetBytes").defaultValue(defaultBytes)
                .intRange(any, flow -> "wifi".equals(Scenario.linkType(flow)) ? wifi : any,
                        "28 (IPv4 + UDP headers) to 65535; on a wifi link at most 2296 (one MSDU)")
                .unit("bytes").help("IP packet size.");
    }
}
