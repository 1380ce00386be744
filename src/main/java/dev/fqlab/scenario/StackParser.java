package dev.fqlab.scenario;

import dev.fqlab.sim.scenario.CodelArithmetic;
import dev.fqlab.sim.scenario.CodelSettings;
import dev.fqlab.sim.scenario.QdiscSpec;
import dev.fqlab.sim.scenario.QuantumMode;
import dev.fqlab.sim.scenario.StackSpec;
import java.util.List;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/** Parses {@code stack} and its {@code qdisc} (scenario.md "stack"); see {@link ScenarioParser} for the rules. */
final class StackParser {

    static final List<String> WIFI_ONLY_PARTS = List.of("txqs", "scheduler", "aql", "driver");
    private static final List<String> QDISC_TYPES = List.of("noqueue", "pfifo", "codel", "fq_codel");
    /** Every parameter of any qdisc type: skipped unchecked when the type itself is invalid. */
    private static final List<String> ALL_QDISC_FIELDS = List.of("limit", "flows", "memoryLimitBytes", "quantum",
            "quantumMode", "dropBatchSize", "targetMs", "intervalMs", "ecn", "ceThresholdMs", "codelArithmetic");

    private static final IntRange LIMIT = IntRange.of(1, 1_000_000);
    private static final IntRange FQ_FLOWS = IntRange.of(1, 65536);
    private static final IntRange MEMORY_LIMIT = IntRange.of(1, 2_147_483_648L);
    // sch_fq_codel raises a smaller quantum to 256 and rejects one above 1 << 20; we reject both, never rewrite.
    private static final IntRange QUANTUM = IntRange.of(256, 1 << 20).withNote("Linux raises smaller values to 256");
    private static final IntRange DROP_BATCH = IntRange.of(1, 65536);
    private static final NumberRange TARGET_MS = NumberRange.openClosed(0, 10_000);
    private static final NumberRange INTERVAL_MS = NumberRange.openClosed(0, 100_000);
    private static final NumberRange CE_THRESHOLD_MS = NumberRange.closed(0, 100_000);

    private final Problems problems;
    private final LinkKind link;

    StackParser(Problems problems, LinkKind link) {
        this.problems = problems;
        this.link = link;
    }

    /** {@code node} is the document's {@code stack}, or null when absent. Null result = invalid. */
    StackSpec parse(JsonNode node, String pointer) {
        JsonNode stack = node == null ? JsonNodeFactory.instance.objectNode() : node;
        ObjectReader reader = ObjectReader.open(stack, pointer, problems, "an object");
        if (reader == null) {
            return null;
        }
        int before = problems.count();
        JsonNode qdiscNode = reader.take("qdisc");
        QdiscSpec qdisc = qdisc(qdiscNode == null ? defaultQdisc() : qdiscNode, reader.pointerOf("qdisc"));
        for (String part : WIFI_ONLY_PARTS) {
            if (link == LinkKind.WIRED) {
                reader.reject(part, "applies to wifi links only");
            } else {
                reader.skip(List.of(part)); // WiFi is not supported yet, and an unknown link already failed
            }
        }
        reader.finish();
        return problems.count() > before ? null : new StackSpec(qdisc);
    }

    /** The wired default (scenario.md: {@code {"type":"fq_codel"}}); the parameters then take their defaults. */
    private static ObjectNode defaultQdisc() {
        return JsonNodeFactory.instance.objectNode().put("type", "fq_codel");
    }

    private QdiscSpec qdisc(JsonNode node, String pointer) {
        ObjectReader reader = ObjectReader.open(node, pointer, problems, "an object");
        if (reader == null) {
            return null;
        }
        int before = problems.count();
        String allowed = "one of \"noqueue\", \"pfifo\", \"codel\", \"fq_codel\"";
        String type = reader.requiredString("type", allowed);
        QdiscSpec qdisc = switch (type == null ? "" : type) {
            case "noqueue" -> noqueue(reader);
            case "pfifo" -> pfifo(reader);
            case "codel" -> codel(reader);
            case "fq_codel" -> fqCodel(reader);
            default -> {
                if (type != null) {
                    reader.fail("type", "must be " + allowed);
                }
                reader.skip(ALL_QDISC_FIELDS);
                yield null;
            }
        };
        reader.finish();
        return problems.count() > before ? null : qdisc;
    }

    private QdiscSpec noqueue(ObjectReader reader) {
        if (link == LinkKind.WIRED) {
            reader.fail("type", "noqueue is not allowed on a wired link: the device has no queue of its own to fall"
                    + " back on (use pfifo, codel or fq_codel)");
        }
        return new QdiscSpec.Noqueue();
    }

    private QdiscSpec pfifo(ObjectReader reader) {
        Integer limit = reader.intValue("limit", LIMIT, 1000);
        return limit == null ? null : new QdiscSpec.Pfifo(limit);
    }

    private QdiscSpec codel(ObjectReader reader) {
        int before = problems.count();
        Integer limit = reader.intValue("limit", LIMIT, 1000);
        // Linux's codel qdisc starts with ECN off; fq_codel's starts with it on.
        CodelSettings settings = codelSettings(reader, false);
        return problems.count() > before ? null : new QdiscSpec.Codel(limit, settings);
    }

    private QdiscSpec fqCodel(ObjectReader reader) {
        int before = problems.count();
        Integer flows = reader.intValue("flows", FQ_FLOWS, 1024);
        Integer limit = reader.intValue("limit", LIMIT, 10240);
        Long memoryLimit = reader.integer("memoryLimitBytes", MEMORY_LIMIT, 32L << 20);
        Integer quantum = reader.intValue("quantum", QUANTUM, 1514);
        QuantumMode mode = reader.enumValue("quantumMode", QuantumMode.values(), QuantumMode::json, QuantumMode.BYTES);
        Integer dropBatch = reader.intValue("dropBatchSize", DROP_BATCH, 64);
        CodelSettings settings = codelSettings(reader, true);
        return problems.count() > before ? null
                : new QdiscSpec.FqCodel(flows, limit, memoryLimit, quantum, mode, dropBatch, settings);
    }

    /** The CoDel parameters, flat in the qdisc object. */
    private CodelSettings codelSettings(ObjectReader reader, boolean ecnDefault) {
        int before = problems.count();
        Double target = reader.number("targetMs", TARGET_MS, 5);
        Double interval = reader.number("intervalMs", INTERVAL_MS, 100);
        Boolean ecn = reader.bool("ecn", ecnDefault);
        Double ceThreshold = reader.nullableNumber("ceThresholdMs", CE_THRESHOLD_MS);
        CodelArithmetic arithmetic = reader.enumValue("codelArithmetic", CodelArithmetic.values(),
                CodelArithmetic::json, CodelArithmetic.LINUX);
        return problems.count() > before ? null : new CodelSettings(target, interval, ecn, ceThreshold, arithmetic);
    }
}
