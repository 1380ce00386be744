package dev.fqlab.scenario;

import dev.fqlab.sim.scenario.AqlSpec;
import dev.fqlab.sim.scenario.CodelArithmetic;
import dev.fqlab.sim.scenario.CodelSettings;
import dev.fqlab.sim.scenario.DequeueStrategy;
import dev.fqlab.sim.scenario.DriverSpec;
import dev.fqlab.sim.scenario.QdiscSpec;
import dev.fqlab.sim.scenario.QuantumMode;
import dev.fqlab.sim.scenario.SchedulerSpec;
import dev.fqlab.sim.scenario.StackSpec;
import dev.fqlab.sim.scenario.TxqsSpec;
import java.util.List;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * Parses {@code stack} (scenario.md "stack"): the qdisc, and on wifi links the TXQs, scheduler, AQL and driver; see
 * {@link ScenarioParser} for the rules.
 */
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
    private static final IntRange TXQ_QUANTUM = IntRange.of(1, 1 << 20);
    private static final List<String> AIRTIME_FIELDS = List.of("quantumUs", "chargeRx");
    private static final IntRange AIRTIME_QUANTUM_US = IntRange.of(1, 100_000);
    private static final IntRange AQL_US = IntRange.of(1, 1_000_000);
    private static final IntRange HW_AGGREGATES = IntRange.of(1, 16);
    private static final IntRange DRIVER_PACKETS = IntRange.of(1, 100_000);
    private static final NumberRange CPU_US = NumberRange.closed(0, 1_000_000);

    private final Problems problems;
    private final LinkKind link;

    StackParser(Problems problems, LinkKind link) {
        this.problems = problems;
        this.link = link;
    }

    /** {@code node} is the document's {@code stack}, or null when absent. Null result = invalid. */
    StackSpec parse(JsonNode node, String pointer) {
        JsonNode stack = node == null ? emptyObject() : node;
        ObjectReader reader = ObjectReader.open(stack, pointer, problems, "an object");
        if (reader == null) {
            return null;
        }
        int before = problems.count();
        StackSpec spec = link == LinkKind.WIFI ? wifi(reader) : wired(reader);
        reader.finish();
        return problems.count() > before ? null : spec;
    }

    /** A wired link's stack (or one of an unknown link): the qdisc, default fq_codel. */
    private StackSpec wired(ObjectReader reader) {
        JsonNode qdiscNode = reader.take("qdisc");
        QdiscSpec qdisc = qdisc(qdiscNode == null ? withType("fq_codel") : qdiscNode, reader.pointerOf("qdisc"),
                null);
        for (String part : WIFI_ONLY_PARTS) {
            if (link == LinkKind.WIRED) {
                reader.reject(part, "applies to wifi links only");
            } else {
                reader.skip(List.of(part)); // the link is unknown (already reported): their rules are too
            }
        }
        return new StackSpec(qdisc);
    }

    /**
     * A wifi link's stack: the TXQs first, since the qdisc's default and whether noqueue is allowed depend on
     * {@code txqs.enabled}.
     */
    private StackSpec wifi(ObjectReader reader) {
        JsonNode txqsNode = reader.take("txqs");
        Boolean txqsEnabled = txqsEnabled(txqsNode);
        TxqsSpec txqs = txqs(txqsNode, reader.pointerOf("txqs"));
        JsonNode qdiscNode = reader.take("qdisc");
        QdiscSpec qdisc;
        if (qdiscNode != null) {
            qdisc = qdisc(qdiscNode, reader.pointerOf("qdisc"), txqsEnabled);
        } else if (txqsEnabled != null) {
            qdisc = txqsEnabled ? new QdiscSpec.Noqueue() : new QdiscSpec.Pfifo(1000);
        } else {
            qdisc = null; // the default depends on txqs.enabled, which is invalid (reported)
        }
        SchedulerSpec scheduler = scheduler(reader.take("scheduler"), reader.pointerOf("scheduler"));
        AqlSpec aql = aql(reader.take("aql"), reader.pointerOf("aql"));
        if (aql != null && aql.enabled() && Boolean.FALSE.equals(txqsEnabled)) {
            // mac80211 keeps AQL's accounting in ieee80211_tx_dequeue: without TXQs nothing would count airtime.
            problems.add(reader.pointerOf("aql") + "/enabled",
                    "must be false when txqs.enabled is false: AQL limits what leaves mac80211's TXQs");
            aql = null;
        }
        DriverSpec driver = driver(reader.take("driver"), reader.pointerOf("driver"));
        return new StackSpec(qdisc, txqs, scheduler, aql, driver);
    }

    private static ObjectNode emptyObject() {
        return JsonNodeFactory.instance.objectNode();
    }

    /** An object with just a type: a default qdisc (wired: fq_codel) or scheduler, whose parameters then default. */
    private static ObjectNode withType(String type) {
        return emptyObject().put("type", type);
    }

    // ---- the WiFi parts

    /** {@code txqs.enabled} (default true), or null when it is invalid; {@link #txqs} reports the problem. */
    private static Boolean txqsEnabled(JsonNode txqs) {
        if (txqs == null || !txqs.isObject() || !txqs.has("enabled")) {
            return txqs == null || txqs.isObject() ? Boolean.TRUE : null;
        }
        JsonNode enabled = txqs.get("enabled");
        return enabled.isBoolean() ? enabled.booleanValue() : null;
    }

    private TxqsSpec txqs(JsonNode node, String pointer) {
        ObjectReader reader = ObjectReader.open(node == null ? emptyObject() : node, pointer, problems, "an object");
        if (reader == null) {
            return null;
        }
        int before = problems.count();
        Boolean enabled = reader.bool("enabled", true);
        Boolean fq = reader.bool("fq", true);
        Integer flows = reader.intValue("flows", FQ_FLOWS, 4096);
        Integer limit = reader.intValue("limit", LIMIT, 8192);
        Long memoryLimit = reader.integer("memoryLimitBytes", MEMORY_LIMIT, 16L << 20);
        Integer quantum = reader.intValue("quantum", TXQ_QUANTUM, 300);
        QuantumMode mode = reader.enumValue("quantumMode", QuantumMode.values(), QuantumMode::json, QuantumMode.BYTES);
        Double target = reader.number("targetMs", TARGET_MS, 20);
        Double interval = reader.number("intervalMs", INTERVAL_MS, 100);
        Boolean ecn = reader.bool("ecn", true);
        CodelArithmetic arithmetic = reader.enumValue("codelArithmetic", CodelArithmetic.values(),
                CodelArithmetic::json, CodelArithmetic.LINUX);
        Boolean collisionCheck = reader.bool("collisionCheck", true);
        reader.reject("ceThresholdMs", "unknown field: mac80211's TXQ CoDel has no CE threshold");
        reader.finish();
        return problems.count() > before ? null : new TxqsSpec(enabled, fq, flows, limit, memoryLimit, quantum, mode,
                new CodelSettings(target, interval, ecn, null, arithmetic), collisionCheck);
    }

    private SchedulerSpec scheduler(JsonNode node, String pointer) {
        ObjectReader reader = ObjectReader.open(node == null ? withType("round-robin") : node, pointer, problems,
                "an object with a type (\"round-robin\" or \"airtime\")");
        if (reader == null) {
            return null;
        }
        int before = problems.count();
        String allowed = "one of \"round-robin\", \"airtime\"";
        String type = reader.requiredString("type", allowed);
        SchedulerSpec scheduler = switch (type == null ? "" : type) {
            case "round-robin" -> new SchedulerSpec.RoundRobin();
            case "airtime" -> {
                Integer quantum = reader.intValue("quantumUs", AIRTIME_QUANTUM_US, 256);
                Boolean chargeRx = reader.bool("chargeRx", true);
                yield quantum == null || chargeRx == null ? null : new SchedulerSpec.Airtime(quantum, chargeRx);
            }
            default -> {
                if (type != null) {
                    reader.fail("type", "must be " + allowed);
                }
                reader.skip(AIRTIME_FIELDS);
                yield null;
            }
        };
        reader.finish();
        return problems.count() > before ? null : scheduler;
    }

    private AqlSpec aql(JsonNode node, String pointer) {
        ObjectReader reader = ObjectReader.open(node == null ? emptyObject() : node, pointer, problems, "an object");
        if (reader == null) {
            return null;
        }
        int before = problems.count();
        Boolean enabled = reader.bool("enabled", false);
        boolean highGiven = reader.has("highUs");
        Integer low = reader.intValue("lowUs", AQL_US, 5000);
        Integer high = reader.intValue("highUs", AQL_US, 12000);
        Integer threshold = reader.intValue("thresholdUs", AQL_US, 24000);
        if (low != null && high != null && low > high) {
            // reported at the field the user wrote: highUs if given, else lowUs against highUs' default
            if (highGiven) {
                reader.fail("highUs", "must be ≥ lowUs (" + low + ") (got " + high + ")");
            } else {
                reader.fail("lowUs", "must be ≤ highUs (" + high + ", its default) (got " + low + ")");
            }
        }
        reader.finish();
        return problems.count() > before ? null : new AqlSpec(enabled, low, high, threshold);
    }

    private DriverSpec driver(JsonNode node, String pointer) {
        ObjectReader reader = ObjectReader.open(node == null ? emptyObject() : node, pointer, problems, "an object");
        if (reader == null) {
            return null;
        }
        int before = problems.count();
        DequeueStrategy dequeue = reader.enumValue("dequeue", DequeueStrategy.values(), DequeueStrategy::json,
                DequeueStrategy.AGGREGATE);
        Integer hwAggregates = reader.intValue("hwQueueAggregates", HW_AGGREGATES, 2);
        Integer hwPackets = reader.intValue("hwQueuePackets", DRIVER_PACKETS, 123);
        Integer budget = reader.intValue("budgetPackets", DRIVER_PACKETS, 16);
        Double perWake = reader.number("perWakeCpuUs", CPU_US, 0);
        Double perPacket = reader.number("perPacketCpuUs", CPU_US, 0);
        Double contention = reader.number("batchContentionCpuUs", CPU_US, 0);
        reader.finish();
        return problems.count() > before ? null
                : new DriverSpec(dequeue, hwAggregates, hwPackets, budget, perWake, perPacket, contention);
    }

    /**
     * {@code txqsEnabled}: on a wifi link whether the TXQs are on (null when unknown: invalid, or not a wifi link);
     * noqueue needs them.
     */
    private QdiscSpec qdisc(JsonNode node, String pointer, Boolean txqsEnabled) {
        ObjectReader reader = ObjectReader.open(node, pointer, problems, "an object");
        if (reader == null) {
            return null;
        }
        int before = problems.count();
        String allowed = "one of \"noqueue\", \"pfifo\", \"codel\", \"fq_codel\"";
        String type = reader.requiredString("type", allowed);
        QdiscSpec qdisc = switch (type == null ? "" : type) {
            case "noqueue" -> noqueue(reader, txqsEnabled);
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

    private QdiscSpec noqueue(ObjectReader reader, Boolean txqsEnabled) {
        if (link == LinkKind.WIRED) {
            reader.fail("type", "noqueue is not allowed on a wired link: the device has no queue of its own to fall"
                    + " back on (use pfifo, codel or fq_codel)");
        } else if (Boolean.FALSE.equals(txqsEnabled)) {
            reader.fail("type", "noqueue needs the mac80211 TXQs (stack.txqs.enabled true): with them disabled"
                    + " nothing would queue packets (use pfifo, codel or fq_codel)");
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
        // scenario.md gives the CoDel parameters one set of defaults, ecn true included (Linux's codel qdisc would
        // start with noecn; fq_codel's starts with ecn, as here).
        CodelSettings settings = codelSettings(reader, true);
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
