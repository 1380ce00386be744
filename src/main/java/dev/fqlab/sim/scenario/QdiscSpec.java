package dev.fqlab.sim.scenario;

import static dev.fqlab.sim.scenario.schema.Field.enumeration;
import static dev.fqlab.sim.scenario.schema.Field.flat;
import static dev.fqlab.sim.scenario.schema.Field.integer;

import dev.fqlab.sim.scenario.schema.IntRange;
import dev.fqlab.sim.scenario.schema.RecordSchema;
import dev.fqlab.sim.scenario.schema.Report;
import dev.fqlab.sim.scenario.schema.Scope;
import dev.fqlab.sim.scenario.schema.Variants;

/** The interface qdisc (scenario.md {@code stack.qdisc}). */
public sealed interface QdiscSpec permits QdiscSpec.Noqueue, QdiscSpec.Pfifo, QdiscSpec.Codel, QdiscSpec.FqCodel {

    Variants<QdiscSpec> VARIANTS = Variants.of("qdisc", "Qdisc", "The interface qdisc.",
            Noqueue.SCHEMA, Pfifo.SCHEMA, Codel.SCHEMA, FqCodel.SCHEMA);

    /** The scenario's {@code type}: noqueue, pfifo, codel, fq_codel. */
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
}
