package dev.fqlab.scenario;

import dev.fqlab.sim.scenario.CodelSettings;
import dev.fqlab.sim.scenario.DriverSpec;
import dev.fqlab.sim.scenario.FlowSpec;
import dev.fqlab.sim.scenario.LinkSpec;
import dev.fqlab.sim.scenario.QdiscSpec;
import dev.fqlab.sim.scenario.Scenario;
import dev.fqlab.sim.scenario.SchedulerSpec;
import dev.fqlab.sim.scenario.StackSpec;
import dev.fqlab.sim.scenario.StationSpec;
import dev.fqlab.sim.scenario.TrafficSpec;
import dev.fqlab.sim.scenario.TxqsSpec;
import dev.fqlab.sim.scenario.WifiLinkSpec;
import dev.fqlab.sim.scenario.WiredLinkSpec;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * Writes a normalized scenario back to JSON: every field with its value, defaults included, in scenario.md order.
 *
 * <p>The output identifies a scenario (its SHA-256 is the scenario's key), so it must be stable: keys always come
 * in the same order, and a double with a whole value below 2^53 is always written as a JSON integer ({@code 5},
 * never {@code 5.0}); other doubles use Jackson's shortest round-tripping form. Parsing the output gives back an
 * equal {@link Scenario}, and writing that gives identical JSON.
 */
public final class ScenarioJson {

    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;
    /** Above 2^53 not every whole double is exact as a long, so such values stay doubles. */
    private static final double MAX_EXACT_WHOLE = 0x1p53;

    private ScenarioJson() {
    }

    public static ObjectNode toJson(Scenario scenario) {
        ObjectNode json = NODES.objectNode();
        if (scenario.name() != null) {
            json.put("name", scenario.name());
        }
        json.put("seed", scenario.seed());
        number(json, "durationS", scenario.durationS());
        number(json, "warmupS", scenario.warmupS());
        number(json, "sampleIntervalMs", scenario.sampleIntervalMs());
        json.set("link", link(scenario.link()));
        ArrayNode stations = json.putArray("stations");
        scenario.stations().forEach(station -> stations.add(station(station)));
        number(json, "wiredRttMs", scenario.wiredRttMs());
        json.set("stack", stack(scenario.stack()));
        ArrayNode flows = json.putArray("flows");
        scenario.flows().forEach(flow -> flows.add(flow(flow)));
        return json;
    }

    private static ObjectNode link(LinkSpec link) {
        ObjectNode json = NODES.objectNode().put("type", link.type());
        switch (link) {
            case WiredLinkSpec wired -> {
                number(json, "rateMbps", wired.rateMbps());
                number(json, "upRateMbps", wired.upRateMbps());
                number(json, "lossRate", wired.lossRate());
                json.put("l2OverheadBytes", wired.l2OverheadBytes());
            }
            case WifiLinkSpec wifi -> {
                json.put("standard", wifi.standard().json());
                json.put("channelWidthMhz", wifi.channelWidthMhz());
                json.put("shortGuardInterval", wifi.shortGuardInterval());
                json.putObject("ampdu")
                        .put("enabled", wifi.ampdu().enabled())
                        .put("maxSubframes", wifi.ampdu().maxSubframes())
                        .put("maxBytes", wifi.ampdu().maxBytes())
                        .put("maxDurationUs", wifi.ampdu().maxDurationUs());
                json.put("retryLimit", wifi.retryLimit());
                number(json, "legacyRateMbps", wifi.legacyRateMbps());
            }
        }
        return json;
    }

    /**
     * A station in scenario.md's order; normalized, so 802.11n/ac stations have mcs and spatialStreams and 802.11a
     * stations legacyRateMbps (each written only when set).
     */
    private static ObjectNode station(StationSpec station) {
        ObjectNode json = NODES.objectNode().put("name", station.name());
        if (station.mcs() != null) {
            json.put("mcs", station.mcs());
        }
        if (station.spatialStreams() != null) {
            json.put("spatialStreams", station.spatialStreams());
        }
        number(json, "frameErrorRate", station.frameErrorRate());
        json.put("airtimeWeight", station.airtimeWeight());
        if (station.legacyRateMbps() != null) {
            number(json, "legacyRateMbps", station.legacyRateMbps());
        }
        return json;
    }

    /** The qdisc, then on wifi links txqs, scheduler, aql and driver (scenario.md's stack table order). */
    private static ObjectNode stack(StackSpec stack) {
        ObjectNode json = NODES.objectNode();
        json.set("qdisc", qdisc(stack.qdisc()));
        if (stack.txqs() != null) {
            TxqsSpec txqs = stack.txqs();
            ObjectNode node = json.putObject("txqs")
                    .put("enabled", txqs.enabled())
                    .put("fq", txqs.fq())
                    .put("flows", txqs.flows())
                    .put("limit", txqs.limit())
                    .put("memoryLimitBytes", txqs.memoryLimitBytes())
                    .put("quantum", txqs.quantum())
                    .put("quantumMode", txqs.quantumMode().json());
            number(node, "targetMs", txqs.codel().targetMs());
            number(node, "intervalMs", txqs.codel().intervalMs());
            node.put("ecn", txqs.codel().ecn());
            node.put("codelArithmetic", txqs.codel().arithmetic().json());
            node.put("collisionCheck", txqs.collisionCheck());
        }
        if (stack.scheduler() != null) {
            ObjectNode node = json.putObject("scheduler").put("type", stack.scheduler().type());
            if (stack.scheduler() instanceof SchedulerSpec.Airtime airtime) {
                node.put("quantumUs", airtime.quantumUs()).put("chargeRx", airtime.chargeRx());
            }
        }
        if (stack.aql() != null) {
            json.putObject("aql")
                    .put("enabled", stack.aql().enabled())
                    .put("lowUs", stack.aql().lowUs())
                    .put("highUs", stack.aql().highUs())
                    .put("thresholdUs", stack.aql().thresholdUs());
        }
        if (stack.driver() != null) {
            DriverSpec driver = stack.driver();
            ObjectNode node = json.putObject("driver")
                    .put("dequeue", driver.dequeue().json())
                    .put("hwQueueAggregates", driver.hwQueueAggregates())
                    .put("hwQueuePackets", driver.hwQueuePackets())
                    .put("budgetPackets", driver.budgetPackets());
            number(node, "perWakeCpuUs", driver.perWakeCpuUs());
            number(node, "perPacketCpuUs", driver.perPacketCpuUs());
            number(node, "batchContentionCpuUs", driver.batchContentionCpuUs());
        }
        return json;
    }

    private static ObjectNode qdisc(QdiscSpec qdisc) {
        ObjectNode json = NODES.objectNode().put("type", qdisc.type());
        switch (qdisc) {
            case QdiscSpec.Noqueue noqueue -> {
            }
            case QdiscSpec.Pfifo pfifo -> json.put("limit", pfifo.limit());
            case QdiscSpec.Codel codel -> {
                json.put("limit", codel.limit());
                codel(json, codel.codel());
            }
            case QdiscSpec.FqCodel fq -> {
                json.put("flows", fq.flows());
                json.put("limit", fq.limit());
                json.put("memoryLimitBytes", fq.memoryLimitBytes());
                json.put("quantum", fq.quantum());
                json.put("quantumMode", fq.quantumMode().json());
                json.put("dropBatchSize", fq.dropBatchSize());
                codel(json, fq.codel());
            }
        }
        return json;
    }

    /** CoDel parameters are flat in the qdisc object. */
    private static void codel(ObjectNode json, CodelSettings codel) {
        number(json, "targetMs", codel.targetMs());
        number(json, "intervalMs", codel.intervalMs());
        json.put("ecn", codel.ecn());
        if (codel.ceThresholdMs() == null) {
            json.putNull("ceThresholdMs");
        } else {
            number(json, "ceThresholdMs", codel.ceThresholdMs());
        }
        json.put("codelArithmetic", codel.arithmetic().json());
    }

    private static ObjectNode flow(FlowSpec flow) {
        ObjectNode json = NODES.objectNode().put("name", flow.name()).put("type", flow.type());
        if (flow.station() != null) {
            json.put("station", flow.station());
        }
        json.put("direction", flow.direction().json());
        json.put("ac", flow.ac().name());
        number(json, "startS", flow.startS());
        number(json, "stopS", flow.stopS());
        json.put("ecn", flow.ecn().json());
        switch (flow.traffic()) {
            case TrafficSpec.Udp udp -> {
                if (udp.rateMbps() != null) {
                    number(json, "rateMbps", udp.rateMbps());
                }
                if (udp.intervalMs() != null) {
                    number(json, "intervalMs", udp.intervalMs());
                }
                json.put("packetBytes", udp.packetBytes());
                if (udp.packets() != null) {
                    json.put("packets", udp.packets());
                }
                json.put("burst", udp.burst());
                number(json, "jitterMs", udp.jitterMs());
            }
            case TrafficSpec.Ping ping -> {
                number(json, "intervalMs", ping.intervalMs());
                json.put("packetBytes", ping.packetBytes());
            }
            case TrafficSpec.Tcp tcp -> {
                json.put("congestionControl", tcp.congestionControl().json());
                json.put("origin", tcp.origin().json());
                json.put("pacingShift", tcp.pacingShift());
                json.put("mss", tcp.mss());
                if (tcp.bytes() != null) {
                    json.put("bytes", tcp.bytes());
                }
            }
        }
        return json;
    }

    /** The one representation of a double: whole values as JSON integers, others as JSON doubles. */
    private static void number(ObjectNode json, String field, double value) {
        if (value == Math.rint(value) && Math.abs(value) < MAX_EXACT_WHOLE) {
            json.put(field, (long) value);
        } else {
            json.put(field, value);
        }
    }
}
