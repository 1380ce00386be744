package dev.fqlab.scenario;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.function.Supplier;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * Seeded generators of scenario documents: valid ones, wired and wifi (every optional field sometimes given, sometimes
 * left to its default, values anywhere in their ranges including the edges) and garbage (random JSON, and valid documents with
 * random parts replaced, removed or added). The same seed gives the same documents, so a failure reproduces.
 */
final class RandomDocuments {

    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;
    /** Field names and values of the schema, so that garbage often looks almost right. */
    private static final List<String> WORDS = List.of("name", "seed", "durationS", "warmupS", "sampleIntervalMs",
            "link", "stations", "wiredRttMs", "stack", "flows", "type", "rateMbps", "upRateMbps", "lossRate",
            "l2OverheadBytes", "qdisc", "limit", "quantum", "quantumMode", "targetMs", "intervalMs", "ecn",
            "ceThresholdMs", "codelArithmetic", "packetBytes", "packets", "burst", "startS", "stopS", "station",
            "direction", "ac", "txqs", "wired", "wifi", "udp", "ping", "tcp", "noqueue", "pfifo", "codel",
            "fq_codel", "bytes", "packets", "down", "up", "BE", "ect0", "linux", "exact", "", "a/b~c", "ü✓",
            "standard", "channelWidthMhz", "shortGuardInterval", "ampdu", "enabled", "maxBytes", "retryLimit",
            "legacyRateMbps", "mcs", "spatialStreams", "frameErrorRate", "airtimeWeight", "802.11a", "802.11n",
            "802.11ac", "scheduler", "aql", "driver", "round-robin", "airtime", "quantumUs", "lowUs", "highUs",
            "dequeue", "aggregate", "per-wake", "collisionCheck", "sta1", "congestionControl", "origin",
            "pacingShift", "mss", "cubic", "reno", "local", "remote");
    /** 802.11a rates, and the VHT combinations 802.11-2016 21.5 leaves out (width/streams/mcs), written out here. */
    private static final List<Double> LEGACY_RATES = List.of(6.0, 9.0, 12.0, 18.0, 24.0, 36.0, 48.0, 54.0);
    private static final List<String> VHT_EXCLUDED = List.of("20/1/9", "20/2/9", "20/4/9", "80/3/6", "160/3/9");

    private final Random random;
    /** Whether the document being built has a wifi link: a packet is then one MSDU (≤ 2296 IP bytes). */
    private boolean onWifi;

    RandomDocuments(long seed) {
        this.random = new Random(seed);
    }

    // ---- valid documents

    ObjectNode valid() {
        ObjectNode doc = NODES.objectNode();
        if (chance()) {
            doc.put("name", string(200));
        }
        if (chance()) {
            doc.put("seed", random.nextLong());
        }
        double duration = oneOf(() -> 600.0, () -> 0.001, () -> 1.0 + random.nextInt(600),
                () -> 600 * (1 - random.nextDouble()));
        number(doc, "durationS", duration);
        if (chance()) {
            number(doc, "warmupS", below(duration));
        }
        if (chance()) {
            number(doc, "sampleIntervalMs", sampleInterval(duration));
        }
        boolean wifi = random.nextInt(3) == 0;
        onWifi = wifi;
        List<String> stations = List.of();
        if (wifi) {
            ObjectNode link = wifiLink();
            doc.set("link", link);
            stations = stations(doc.putArray("stations"), link);
        } else {
            doc.set("link", link());
            if (chance()) {
                doc.putArray("stations");
            }
        }
        if (chance()) {
            number(doc, "wiredRttMs", oneOf(() -> 0.0, () -> 10_000.0, () -> 10_000 * random.nextDouble()));
        }
        if (chance()) {
            doc.set("stack", wifi ? wifiStack() : stack());
        }
        ArrayNode flows = doc.putArray("flows");
        int count = 1 + random.nextInt(random.nextInt(10) == 0 ? 40 : 4);
        for (int i = 0; i < count; i++) {
            ObjectNode flow = flow(i, duration);
            if (wifi) {
                flow.put("station", pick(stations));
            }
            flows.add(flow);
        }
        fitTheSeries(doc, duration, stations.size());
        return doc;
    }

    /**
     * The parser caps samples × series at {@link ScenarioParser#MAX_SERIES_VALUES}: when the document's interval (or
     * the 100 ms default) would exceed it, widen the interval just enough (or, sometimes, turn the series off).
     */
    private void fitTheSeries(ObjectNode doc, double duration, int stations) {
        double interval = doc.has("sampleIntervalMs") ? doc.get("sampleIntervalMs").doubleValue() : 100;
        if (interval == 0) {
            return;
        }
        long series = 5 + 6L * stations;
        for (JsonNode flow : doc.get("flows")) {
            series += "tcp".equals(flow.get("type").stringValue()) ? 4 : 2;
        }
        long samples = (long) Math.ceil(duration * 1000 / interval - 1e-9);
        if (samples * series > ScenarioParser.MAX_SERIES_VALUES) {
            double fits = Math.ceil(duration * 1000 * series / ScenarioParser.MAX_SERIES_VALUES);
            if (chance()) {
                doc.put("sampleIntervalMs", 0);
            } else {
                number(doc, "sampleIntervalMs", fits);
            }
        }
    }

    // ---- valid wifi parts

    private ObjectNode wifiLink() {
        ObjectNode link = NODES.objectNode().put("type", "wifi");
        String standard = pick(List.of("802.11a", "802.11n", "802.11ac"));
        if (!standard.equals("802.11n") || chance()) {
            link.put("standard", standard);
        }
        List<Integer> widths = switch (standard) {
            case "802.11a" -> List.of(20);
            case "802.11n" -> List.of(20, 40);
            default -> List.of(20, 40, 80, 160);
        };
        int width = pick(widths);
        if (width != 20 || chance()) {
            link.put("channelWidthMhz", width);
        }
        maybe(() -> link.put("shortGuardInterval", !standard.equals("802.11a") && random.nextBoolean()));
        if (chance()) {
            ObjectNode ampdu = link.putObject("ampdu");
            maybe(() -> ampdu.put("enabled", !standard.equals("802.11a") && random.nextBoolean()));
            maybe(() -> ampdu.put("maxSubframes", intIn(1, 64)));
            maybe(() -> ampdu.put("maxBytes", intIn(1, standard.equals("802.11ac") ? 1_048_575 : 65535)));
            maybe(() -> ampdu.put("maxDurationUs", intIn(1, 5484)));
        }
        maybe(() -> link.put("retryLimit", intIn(1, 100)));
        maybe(() -> number(link, "legacyRateMbps", pick(LEGACY_RATES)));
        return link;
    }

    /** Fills {@code into} with 1 to 8 (rarely up to 128) valid stations for {@code link}; returns their names. */
    private List<String> stations(ArrayNode into, ObjectNode link) {
        String standard = link.has("standard") ? link.get("standard").stringValue() : "802.11n";
        int width = link.has("channelWidthMhz") ? link.get("channelWidthMhz").intValue() : 20;
        List<String> names = new ArrayList<>();
        int count = 1 + random.nextInt(random.nextInt(10) == 0 ? 128 : 8);
        for (int i = 0; i < count; i++) {
            ObjectNode station = into.addObject();
            String name = stationName(i);
            names.add(name);
            station.put("name", name);
            switch (standard) {
                case "802.11a" -> maybe(() -> number(station, "legacyRateMbps", pick(LEGACY_RATES)));
                case "802.11n" -> {
                    int mcs = intIn(0, 31);
                    station.put("mcs", mcs);
                    maybe(() -> station.put("spatialStreams", mcs / 8 + 1));
                }
                default -> {
                    int nss = intIn(1, 4);
                    int mcs;
                    do {
                        mcs = intIn(0, 9);
                    } while (VHT_EXCLUDED.contains(width + "/" + nss + "/" + mcs));
                    station.put("mcs", mcs);
                    if (nss != 1 || chance()) {
                        station.put("spatialStreams", nss);
                    }
                }
            }
            maybe(() -> number(station, "frameErrorRate", oneOf(() -> 0.0, () -> Math.nextDown(1.0), random::nextDouble)));
            maybe(() -> station.put("airtimeWeight", intIn(1, 65535)));
        }
        return names;
    }

    /** Digits, then "-" and a random tail: unique, and within [a-z0-9-]{1,32}. */
    private String stationName(int index) {
        String chars = "abcxyz0189-";
        StringBuilder name = new StringBuilder().append(index).append('-');
        for (int length = random.nextInt(32 - name.length()); length > 0; length--) {
            name.append(chars.charAt(random.nextInt(chars.length())));
        }
        return name.toString();
    }

    private ObjectNode wifiStack() {
        ObjectNode stack = NODES.objectNode();
        boolean txqsEnabled = random.nextInt(4) > 0;
        if (!txqsEnabled || chance()) {
            ObjectNode txqs = stack.putObject("txqs");
            if (!txqsEnabled || chance()) {
                txqs.put("enabled", txqsEnabled);
            }
            maybe(() -> txqs.put("fq", random.nextBoolean()));
            maybe(() -> txqs.put("flows", intIn(1, 65536)));
            maybe(() -> txqs.put("limit", intIn(1, 1_000_000)));
            maybe(() -> txqs.put("memoryLimitBytes", oneOf(() -> 1L, () -> 2_147_483_648L, () -> 16L << 20)));
            maybe(() -> txqs.put("quantum", intIn(1, 1 << 20)));
            maybe(() -> txqs.put("quantumMode", random.nextBoolean() ? "bytes" : "packets"));
            maybe(() -> number(txqs, "targetMs", oneOf(() -> 10_000.0, () -> 0.001, () -> 100 * (1 - random.nextDouble()))));
            maybe(() -> number(txqs, "intervalMs", oneOf(() -> 100_000.0, () -> 1000 * (1 - random.nextDouble()))));
            maybe(() -> txqs.put("ecn", random.nextBoolean()));
            maybe(() -> txqs.put("codelArithmetic", random.nextBoolean() ? "linux" : "exact"));
            maybe(() -> txqs.put("collisionCheck", random.nextBoolean()));
        }
        if (chance()) {
            ObjectNode qdisc = stack.putObject("qdisc");
            switch (random.nextInt(txqsEnabled ? 4 : 3)) {
                case 0 -> qdisc.put("type", "pfifo");
                case 1 -> codelParameters(qdisc.put("type", "codel"));
                case 2 -> {
                    fqCodelParameters(qdisc.put("type", "fq_codel"));
                    codelParameters(qdisc);
                }
                default -> qdisc.put("type", "noqueue");
            }
        }
        maybe(() -> {
            ObjectNode scheduler = stack.putObject("scheduler");
            if (random.nextBoolean()) {
                scheduler.put("type", "round-robin");
            } else {
                scheduler.put("type", "airtime");
                maybe(() -> scheduler.put("quantumUs", intIn(1, 100_000)));
                maybe(() -> scheduler.put("chargeRx", random.nextBoolean()));
            }
        });
        maybe(() -> {
            ObjectNode aql = stack.putObject("aql");
            maybe(() -> aql.put("enabled", txqsEnabled && random.nextBoolean())); // AQL needs TXQs
            int low = intIn(1, 12000);
            maybe(() -> aql.put("lowUs", low));
            maybe(() -> aql.put("highUs", intIn(Math.max(low, 5000), 1_000_000)));
            maybe(() -> aql.put("thresholdUs", intIn(1, 1_000_000)));
        });
        maybe(() -> {
            ObjectNode driver = stack.putObject("driver");
            maybe(() -> driver.put("dequeue", pick(List.of("aggregate", "per-wake", "drain-all", "budget", "pull"))));
            maybe(() -> driver.put("hwQueueAggregates", intIn(1, 16)));
            maybe(() -> driver.put("hwQueuePackets", intIn(1, 100_000)));
            maybe(() -> driver.put("budgetPackets", intIn(1, 100_000)));
            for (String cost : List.of("perWakeCpuUs", "perPacketCpuUs", "batchContentionCpuUs")) {
                maybe(() -> number(driver, cost, oneOf(() -> 0.0, () -> 1_000_000.0, () -> 50 * random.nextDouble())));
            }
        });
        return stack;
    }

    private double sampleInterval(double duration) {
        // at most 20000 samples; a hair above duration/20 so decimal rounding cannot cross the limit
        double min = Math.max(1, duration / 20 * 1.000001);
        return oneOf(() -> 0.0, () -> 60_000.0, () -> Math.ceil(min), () -> min + (60_000 - min) * random.nextDouble());
    }

    private ObjectNode link() {
        ObjectNode link = NODES.objectNode().put("type", "wired");
        number(link, "rateMbps", rate());
        if (chance()) {
            number(link, "upRateMbps", rate());
        }
        if (chance()) {
            number(link, "lossRate", oneOf(() -> 0.0, () -> Math.nextDown(1.0), random::nextDouble));
        }
        if (chance()) {
            link.put("l2OverheadBytes", random.nextInt(257));
        }
        return link;
    }

    private double rate() {
        return oneOf(() -> 100_000.0, () -> 0.001, () -> 1.0 + random.nextInt(1000),
                () -> 100_000 * (1 - random.nextDouble()));
    }

    private ObjectNode stack() {
        ObjectNode stack = NODES.objectNode();
        if (chance()) {
            ObjectNode qdisc = stack.putObject("qdisc");
            switch (random.nextInt(3)) {
                case 0 -> qdisc.put("type", "pfifo");
                case 1 -> qdisc.put("type", "codel");
                default -> fqCodelParameters(qdisc.put("type", "fq_codel"));
            }
            if (!qdisc.get("type").stringValue().equals("fq_codel") && chance()) {
                qdisc.put("limit", intIn(1, 1_000_000));
            }
            if (!qdisc.get("type").stringValue().equals("pfifo")) {
                codelParameters(qdisc);
            }
        }
        return stack;
    }

    private void fqCodelParameters(ObjectNode qdisc) {
        maybe(() -> qdisc.put("flows", intIn(1, 65536)));
        maybe(() -> qdisc.put("limit", intIn(1, 1_000_000)));
        maybe(() -> qdisc.put("memoryLimitBytes", oneOf(() -> 1L, () -> 2_147_483_648L,
                () -> 1 + (long) (random.nextDouble() * 2_147_483_647L))));
        maybe(() -> qdisc.put("quantum", intIn(256, 1 << 20)));
        maybe(() -> qdisc.put("quantumMode", random.nextBoolean() ? "bytes" : "packets"));
        maybe(() -> qdisc.put("dropBatchSize", intIn(1, 65536)));
    }

    private void codelParameters(ObjectNode qdisc) {
        maybe(() -> number(qdisc, "targetMs", oneOf(() -> 10_000.0, () -> 0.001, () -> 10_000 * (1 - random.nextDouble()))));
        maybe(() -> number(qdisc, "intervalMs", oneOf(() -> 100_000.0, () -> 100_000 * (1 - random.nextDouble()))));
        maybe(() -> qdisc.put("ecn", random.nextBoolean()));
        maybe(() -> {
            if (random.nextBoolean()) {
                qdisc.putNull("ceThresholdMs");
            } else {
                number(qdisc, "ceThresholdMs", oneOf(() -> 0.0, () -> 100_000.0, () -> 100 * random.nextDouble()));
            }
        });
        maybe(() -> qdisc.put("codelArithmetic", random.nextBoolean() ? "linux" : "exact"));
    }

    private ObjectNode flow(int index, double duration) {
        ObjectNode flow = NODES.objectNode();
        flow.put("name", index + "-" + flowNameSuffix()); // digits then the first "-": unique
        int kind = random.nextInt(4);
        boolean udp = kind >= 2;
        boolean tcp = kind == 1;
        flow.put("type", udp ? "udp" : tcp ? "tcp" : "ping");
        maybe(() -> flow.put("direction", random.nextBoolean() ? "down" : "up"));
        maybe(() -> flow.put("ac", List.of("BE", "BK", "VI", "VO").get(random.nextInt(4))));
        double start = chance() ? below(duration) : 0;
        if (start > 0 || chance()) {
            number(flow, "startS", start);
        }
        maybe(() -> number(flow, "stopS", oneOf(() -> duration, () -> after(start, duration))));
        maybe(() -> flow.put("ecn", List.of("not-ect", "ect0", "ect1").get(random.nextInt(3))));
        if (udp) {
            udp(flow);
        } else if (tcp) {
            tcp(flow);
        } else {
            maybe(() -> number(flow, "intervalMs", oneOf(() -> 3_600_000.0, () -> 0.001, () -> 1000 * (1 - random.nextDouble()))));
            maybe(() -> flow.put("packetBytes", intIn(28, maxPacketBytes())));
        }
        return flow;
    }

    private int maxPacketBytes() {
        return onWifi ? 2296 : 65535;
    }

    private void udp(ObjectNode flow) {
        maybe(() -> flow.put("packetBytes", intIn(28, maxPacketBytes())));
        switch (random.nextInt(3)) {
            case 0 -> {
                maybe(() -> flow.put("packets", packets()));
                maybe(() -> flow.put("burst", intIn(1, 100_000)));
                // at most an hour between send events: burst × packetBytes × 8 bits within 3600 s of the rate
                double bits = flow.path("burst").asLong(1) * flow.path("packetBytes").asLong(1500) * 8.0;
                number(flow, "rateMbps", Math.max(rate(), bits / 3.6e9 * 1.000001));
            }
            case 1 -> {
                number(flow, "intervalMs", oneOf(() -> 3_600_000.0, () -> 3_600_000 * (1 - random.nextDouble())));
                maybe(() -> flow.put("packets", packets()));
                maybe(() -> flow.put("burst", intIn(1, 100_000)));
            }
            default -> { // one burst of packets at startS
                number(flow, "intervalMs", 0);
                int packets = intIn(1, 100_000);
                flow.put("packets", packets);
                maybe(() -> flow.put("burst", packets));
            }
        }
    }

    private void tcp(ObjectNode flow) {
        maybe(() -> flow.put("congestionControl", random.nextBoolean() ? "cubic" : "reno"));
        maybe(() -> flow.put("origin", random.nextBoolean() ? "remote" : "local"));
        maybe(() -> flow.put("pacingShift", intIn(0, 31)));
        maybe(() -> flow.put("mss", intIn(536, onWifi ? 2244 : 8948)));
        maybe(() -> flow.put("bytes", oneOf(() -> 1L, () -> Long.MAX_VALUE, () -> 1 + (long) random.nextInt(1 << 30))));
    }

    private long packets() {
        return oneOf(() -> 1L, () -> Long.MAX_VALUE, () -> 1 + (long) random.nextInt(1_000_000));
    }

    private String flowNameSuffix() {
        String chars = "ABCXYZabcxyz0189_.-";
        StringBuilder name = new StringBuilder();
        int length = random.nextInt(10);
        for (int i = 0; i < length; i++) {
            name.append(chars.charAt(random.nextInt(chars.length())));
        }
        return name.toString();
    }

    // ---- garbage

    /** Any JSON value, containers up to {@code depth} deep. */
    JsonNode anyJson(int depth) {
        int kind = random.nextInt(depth > 0 ? 10 : 7);
        return switch (kind) {
            case 0 -> NODES.nullNode();
            case 1 -> NODES.booleanNode(random.nextBoolean());
            case 2, 3, 4 -> anyNumber();
            case 5, 6 -> NODES.stringNode(random.nextInt(3) == 0 ? string(300) : pick(WORDS));
            case 7 -> {
                ArrayNode array = NODES.arrayNode();
                for (int i = random.nextInt(4); i > 0; i--) {
                    array.add(anyJson(depth - 1));
                }
                yield array;
            }
            default -> {
                ObjectNode object = NODES.objectNode();
                for (int i = random.nextInt(5); i > 0; i--) {
                    object.set(random.nextInt(4) == 0 ? string(8) : pick(WORDS), anyJson(depth - 1));
                }
                yield object;
            }
        };
    }

    private JsonNode anyNumber() {
        return switch (random.nextInt(12)) {
            case 0 -> NODES.numberNode(random.nextLong());
            case 1 -> NODES.numberNode(new BigInteger(100, random).negate());
            case 2 -> NODES.numberNode(new BigInteger(64, random));
            case 3 -> NODES.numberNode(Double.NaN); // not valid JSON text, but a JsonNode can hold it
            case 4 -> NODES.numberNode(random.nextBoolean() ? Double.POSITIVE_INFINITY : Double.MAX_VALUE);
            case 5 -> NODES.numberNode(-0.0);
            case 6 -> NODES.numberNode(new BigDecimal("1E+400"));
            case 7 -> NODES.numberNode(new BigDecimal("-1.000000000000000000001"));
            case 8 -> NODES.numberNode(random.nextInt(3) - 1);
            default -> NODES.numberNode((random.nextDouble() - 0.3) * Math.pow(10, random.nextInt(12)));
        };
    }

    /** A valid document with 1 to 3 random edits: a value replaced by garbage, a member removed or one added. */
    JsonNode mutated() {
        JsonNode doc = valid();
        for (int edits = 1 + random.nextInt(3); edits > 0; edits--) {
            List<JsonNode> containers = new ArrayList<>();
            collectContainers(doc, containers);
            JsonNode target = pick(containers);
            if (target instanceof ObjectNode object) {
                List<String> names = new ArrayList<>(object.propertyNames());
                switch (random.nextInt(3)) {
                    case 0 -> object.set(random.nextBoolean() ? pick(WORDS) : string(6), anyJson(2));
                    case 1 -> {
                        if (!names.isEmpty()) {
                            object.remove(pick(names));
                        }
                    }
                    default -> {
                        if (!names.isEmpty()) {
                            object.set(pick(names), anyJson(2));
                        }
                    }
                }
            } else if (target instanceof ArrayNode array) {
                if (!array.isEmpty() && random.nextBoolean()) {
                    array.set(random.nextInt(array.size()), anyJson(2));
                } else {
                    array.add(anyJson(2));
                }
            }
        }
        return doc;
    }

    private static void collectContainers(JsonNode node, List<JsonNode> into) {
        if (node.isContainer()) {
            into.add(node);
            node.values().forEach(child -> collectContainers(child, into));
        }
    }

    // ---- helpers

    private boolean chance() {
        return random.nextBoolean();
    }

    private void maybe(Runnable action) {
        if (chance()) {
            action.run();
        }
    }

    @SafeVarargs
    private <T> T oneOf(Supplier<T>... choices) {
        return choices[random.nextInt(choices.length)].get();
    }

    private <T> T pick(List<T> values) {
        return values.get(random.nextInt(values.size()));
    }

    private int intIn(int min, int max) {
        return oneOf(() -> min, () -> max, () -> min + random.nextInt(max - min + 1));
    }

    /** In [0, limit). */
    private double below(double limit) {
        return Math.min(limit * random.nextDouble(), Math.nextDown(limit));
    }

    /** In (start, end]. */
    private double after(double start, double end) {
        double value = start + (end - start) * (1 - random.nextDouble());
        return value > start ? value : end;
    }

    /** Puts a number in one of the forms a client may send: integral values sometimes as 5.0, zero sometimes as -0. */
    private void number(ObjectNode node, String field, double value) {
        if (value == Math.rint(value) && Math.abs(value) < 1e15 && random.nextBoolean()) {
            node.put(field, (long) value);
        } else if (value == 0 && random.nextBoolean()) {
            node.put(field, -0.0);
        } else {
            node.put(field, value);
        }
    }

    private String string(int maxLength) {
        StringBuilder text = new StringBuilder();
        int length = random.nextInt(maxLength + 1);
        for (int i = 0; i < length; i++) {
            text.appendCodePoint(random.nextInt(4) == 0 ? 0x80 + random.nextInt(0x2000) : 0x20 + random.nextInt(0x5f));
        }
        return text.toString();
    }
}
