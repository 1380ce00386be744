package dev.fqlab.sim.scenario;

import static dev.fqlab.sim.scenario.schema.Field.bool;
import static dev.fqlab.sim.scenario.schema.Field.enumeration;
import static dev.fqlab.sim.scenario.schema.Field.flat;
import static dev.fqlab.sim.scenario.schema.Field.integer;
import static dev.fqlab.sim.scenario.schema.Field.number;

import dev.fqlab.sim.scenario.schema.IntRange;
import dev.fqlab.sim.scenario.schema.NumberRange;
import dev.fqlab.sim.scenario.schema.RecordSchema;
import dev.fqlab.sim.scenario.schema.Report;
import dev.fqlab.sim.scenario.schema.Scope;
import dev.fqlab.sim.scenario.schema.Variants;

/** The interface qdisc (scenario.md {@code stack.qdisc}). */
public sealed interface QdiscSpec
        permits QdiscSpec.Noqueue, QdiscSpec.Pfifo, QdiscSpec.Codel, QdiscSpec.FqCodel, QdiscSpec.Fq {

    Variants<QdiscSpec> VARIANTS = Variants.of("qdisc", "Qdisc", "The interface qdisc.",
            Noqueue.SCHEMA, Pfifo.SCHEMA, Codel.SCHEMA, FqCodel.SCHEMA, Fq.SCHEMA);

    /** The scenario's {@code type}: noqueue, pfifo, codel, fq_codel, fq. */
    String type();


    /** No qdisc queue: packets go straight to the device's own queues (WiFi with TXQs). */
    record Noqueue() implements QdiscSpec {
        static final RecordSchema<Noqueue> SCHEMA = RecordSchema.variant(Noqueue.class, "noqueue",
                "No qdisc queue: packets go straight to mac80211's TXQs (wifi links with txqs enabled only).")
                .rule(Noqueue::needsAQueueBelow);

        @Override
        public String type() {
            return "noqueue";
        }

        private static void needsAQueueBelow(Scope qdisc, Report report) {
            String link = Scenario.linkType(qdisc);
            if ("wired".equals(link)) {
                report.fail("type", "noqueue is not allowed on a wired link: the device has no queue of its own to "
                        + "fall back on (use pfifo, codel or fq_codel)");
            } else if ("wifi".equals(link) && Boolean.FALSE.equals(TxqsSpec.enabled(qdisc.parent()))) {
                report.fail("type", "noqueue needs the mac80211 TXQs (stack.txqs.enabled true): with them disabled "
                        + "nothing would queue packets (use pfifo, codel or fq_codel)");
            }
        }
    }

    /** Tail-drop FIFO of {@code limit} packets (net/sched/sch_fifo.c). */
    record Pfifo(int limit) implements QdiscSpec {
        static final RecordSchema<Pfifo> SCHEMA = RecordSchema.variant(Pfifo.class, "pfifo",
                "Tail-drop FIFO (sch_fifo).", SharedFields.qdiscLimit(1000));

        @Override
        public String type() {
            return "pfifo";
        }
    }

    /** sch_codel: one CoDel queue of at most {@code limit} packets (tail drop beyond). */
    record Codel(int limit, CodelSettings codel) implements QdiscSpec {
        static final RecordSchema<Codel> SCHEMA = RecordSchema.variant(Codel.class, "codel",
                "One CoDel queue (sch_codel), tail drop beyond limit; ECN off unless asked for (tc's noecn).",
                SharedFields.qdiscLimit(1000), flat("codel", CodelSettings.CODEL_QDISC));

        @Override
        public String type() {
            return "codel";
        }
    }

    /** sch_fq_codel with its parameters (kernel-spec §2). */
    record FqCodel(int flows, int limit, long memoryLimitBytes, int quantum, QuantumMode quantumMode,
                   int dropBatchSize, CodelSettings codel) implements QdiscSpec {
        static final RecordSchema<FqCodel> SCHEMA = RecordSchema.variant(FqCodel.class, "fq_codel",
                "Flow queueing with CoDel per flow (sch_fq_codel).",
                integer("flows").defaultValue(1024).range(IntRange.of(1, 65536))
                        .help("Number of flow queues (hash buckets)."),
                SharedFields.qdiscLimit(10240),
                integer("memoryLimitBytes").defaultValue(32L << 20).range(IntRange.of(1, 2_147_483_648L)).unit("bytes")
                        .help("Limit on the memory (truesize) of queued packets."),
                // sch_fq_codel raises a smaller quantum to 256 and rejects one above 1 << 20; we reject both.
                integer("quantum").defaultValue(1514)
                        .range(IntRange.of(256, 1 << 20).withNote("Linux raises smaller values to 256")).unit("bytes")
                        .help("DRR quantum."),
                enumeration("quantumMode", QuantumMode.class).defaultValue(QuantumMode.BYTES)
                        .help("A newly active flow's credit: \"bytes\" is Linux DRR (quantum bytes); \"packets\" is seed "
                            + "003's patch (min(quantum, its first packet's length)), then byte DRR; "
                            + "\"packet-round-robin\" gives every flow, new or old, one packet per turn whatever its "
                            + "size."),
                integer("dropBatchSize").defaultValue(64).range(IntRange.of(1, 65536)).unit("packets")
                        .help("Packets dropped at most at once from the fattest flow when over limit."),
                flat("codel", CodelSettings.QDISC));

        @Override
        public String type() {
            return "fq_codel";
        }
    }

    /**
     * sch_fq (net/sched/sch_fq.c) with its {@code tc} parameters and Linux's defaults ({@code fq_init}); absent
     * quanta follow the device MTU ({@code psched_mtu}: 1514 on Ethernet and WiFi).
     *
     * @param quantum null = 2 × the device MTU
     * @param initialQuantum null = 10 × the device MTU
     * @param maxRateMbps null = no per-flow cap ({@code ~0UL})
     * @param ceThresholdMs null = Linux's default of ~0U µs (4294.97 s: never)
     */
    record Fq(int limit, int flowLimit, Integer quantum, Integer initialQuantum, Double maxRateMbps, boolean pacing,
              double refillDelayMs, double lowRateThresholdMbps, int orphanMask, double horizonMs,
              boolean horizonDrop, Double ceThresholdMs) implements QdiscSpec {
        static final RecordSchema<Fq> SCHEMA = RecordSchema.variant(Fq.class, "fq",
                "Fair Queue packet scheduler with per-flow pacing (sch_fq): one queue per socket of the host, "
                        + "forwarded packets by hash; a TCP sender on this host is paced at its sk_pacing_rate.",
                integer("limit").defaultValue(10000).range(IntRange.of(1, 1_000_000)).unit("packets")
                        .help("Queue limit (tc's limit; from Linux 6.7 per priority band, and fqlab's packets all "
                                + "use band 1)."),
                integer("flowLimit").defaultValue(100).range(IntRange.of(1, 1_000_000)).unit("packets")
                        .help("Packets one flow may queue (flow_limit); the next is dropped and counted in "
                                + "flowsPlimit."),
                integer("quantum").optional().range(IntRange.of(1, 1 << 20)).unit("bytes")
                        .help("DRR credit a flow gets per round; absent = 2 × the device MTU (3028)."),
                integer("initialQuantum").optional().range(IntRange.of(0, Integer.MAX_VALUE)).unit("bytes")
                        .help("Credit of a new flow; absent = 10 × the device MTU (15140)."),
                number("maxRateMbps").optional().range(NumberRange.openClosed(0, 34_359))
                        .unit("Mbit/s").help("Per-flow rate cap (maxrate, at most ~0U bytes/s); absent = none."),
                bool("pacing").defaultValue(true)
                        .help("Pace flows (false = tc's nopacing): honour departure times and socket pacing rates."),
                number("refillDelayMs").defaultValue(40).range(NumberRange.closed(0, 3_600_000)).unit("ms")
                        .help("A flow idle this long gets at least quantum credit back when it sends again."),
                number("lowRateThresholdMbps").defaultValue(0.55).range(NumberRange.closed(0, 34_359))
                        .unit("Mbit/s")
                        .help("Flows paced by fq at or below this rate are paced per packet, not per quantum."),
                integer("orphanMask").defaultValue(1023).range(IntRange.of(0, 65535)
                                .withNote("Linux accepts any u32; fqlab keeps a table of orphanMask + 1 flows"))
                        .help("Packets without a socket of this host (forwarded) are flows by hash & orphanMask."),
                number("horizonMs").defaultValue(10_000).range(NumberRange.closed(0, 4_294_967)).unit("ms")
                        .help("Departure times further ahead than this are dropped (horizonDrop) or capped "
                                + "(kernels from 2020: 5.10 and later)."),
                bool("horizonDrop").defaultValue(true)
                        .help("Beyond the horizon: drop (true) or cap the departure time to it (false)."),
                number("ceThresholdMs").optional().range(NumberRange.closed(0, 4_294_967)).unit("ms")
                        .help("Mark CE on a packet that leaves this much after its due time; absent = never."));

        @Override
        public String type() {
            return "fq";
        }
    }
}
