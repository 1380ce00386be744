package dev.fqlab.render.compare;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import tools.jackson.databind.JsonNode;

/**
 * What a flent data file (flent-format.md) measured, in the terms a simulation's result uses: each data series'
 * goodput (its results array, Mbit/s), each ping series' samples (its raw values, one per probe, as flent's ping
 * runners record them; the results array when a file has no raw values) and the qdisc's counters over the run
 * when the file has them: {@code metadata.EGRESS_INFO.tc_stats_post} minus {@code tc_stats_pre} (flent records
 * {@code tc -s qdisc} before and after the test), else the sums of the {@code qdisc_stats_*} series' per-interval
 * drops and ECN marks.
 */
public record MeasuredRun(String test, List<Double> t, Map<String, List<Double>> throughput,
                          Map<String, List<Double>> pings, String qdiscType, Map<String, Double> qdisc) {

    /** Series flent computes from others (flent's sum, average and fairness runners): not measurements. */
    private static final Pattern COMPUTED = Pattern.compile(".*( sum| avg| average| totals| fairness)$|^TCP totals.*");
    /**
     * A raw key of another series that flent also keeps as a series of its own ({@code TCP upload::tcp_cwnd});
     * {@code TCP upload::3} (tcp_nup's third flow) is a series.
     */
    private static final Pattern RAW_KEY_SERIES = Pattern.compile(".*::[^:]*[^0-9:][^:]*$");
    private static final Pattern SENT = Pattern.compile(
            "Sent (\\d+) bytes (\\d+) pkt \\(dropped (\\d+), overlimits (\\d+) requeues (\\d+)\\)");
    private static final Pattern BACKLOG = Pattern.compile("backlog (\\d+)b (\\d+)p");
    private static final Pattern XSTAT = Pattern.compile("\\b([a-z_]+) (\\d+)\\b");
    /** tc's names of the fq_codel and codel xstats and the result's names for them (results.md {@code qdisc}). */
    private static final Map<String, String> XSTATS = Map.of("maxpacket", "maxPacket", "drop_overlimit",
            "dropOverlimit", "drop_overmemory", "dropOvermemory", "new_flow_count", "newFlowCount", "ecn_mark",
            "ecnMark", "ce_mark", "ceMark", "memory_used", "memoryUsed");
    /** Counters that are levels at the end, not totals: taken from after the run, not as a difference. */
    private static final List<String> LEVELS = List.of("backlogBytes", "backlogPackets", "maxPacket", "memoryUsed");

    public static MeasuredRun of(JsonNode file) {
        JsonNode meta = file.path("metadata");
        List<Double> t = numbers(file.path("x_values"));
        Map<String, List<Double>> throughput = new LinkedHashMap<>();
        Map<String, List<Double>> pings = new LinkedHashMap<>();
        for (String name : file.path("results").propertyNames()) {
            if (COMPUTED.matcher(name).matches() || RAW_KEY_SERIES.matcher(name).matches()) {
                continue;
            }
            JsonNode seriesMeta = meta.path("SERIES_META").path(name);
            String units = seriesMeta.path("UNITS").asString("");
            if (name.startsWith("Ping (ms)")) {
                JsonNode raw = file.path("raw_values").path(name);
                List<Double> samples = new ArrayList<>();
                raw.forEach(entry -> {
                    if (entry.path("val").isNumber()) {
                        samples.add(entry.get("val").asDouble());
                    }
                });
                pings.put(name, samples.isEmpty() ? numbers(file.path("results").get(name)) : samples);
            } else if (units.equals("Mbits/s")
                    || seriesMeta.isMissingNode() && (name.startsWith("TCP ") || name.startsWith("UDP "))) {
                throughput.put(name, nullable(file.path("results").get(name)));
            }
        }
        Qdisc q = qdisc(file);
        return new MeasuredRun(meta.path("NAME").asString(null), t, throughput, pings, q.type, q.counters);
    }

    private record Qdisc(String type, Map<String, Double> counters) {
    }

    private static Qdisc qdisc(JsonNode file) {
        JsonNode egress = file.path("metadata").path("EGRESS_INFO");
        JsonNode pre = egress.path("tc_stats_pre");
        JsonNode post = egress.path("tc_stats_post");
        if (post.isArray() && !post.isEmpty()) {
            // flent keeps one string per qdisc; the root qdisc is the first.
            String after = post.get(0).asString("");
            String before = pre.isArray() && !pre.isEmpty() ? pre.get(0).asString("") : "";
            Map<String, Double> end = tcCounters(after);
            Map<String, Double> start = tcCounters(before);
            Map<String, Double> counters = new LinkedHashMap<>();
            end.forEach((k, v) -> counters.put(k, LEVELS.contains(k) || !start.containsKey(k) ? v : v - start.get(k)));
            String[] words = after.split("\\s+");
            return new Qdisc(words.length > 1 && words[0].equals("qdisc") ? words[1] : null, counters);
        }
        Map<String, Double> counters = new LinkedHashMap<>();
        for (String name : file.path("raw_values").propertyNames()) {
            if (name.startsWith("qdisc_stats_") && !name.contains("::")) {
                double dropped = 0;
                double marks = 0;
                for (JsonNode entry : file.path("raw_values").get(name)) {
                    dropped += entry.path("dropped").asDouble(0);
                    marks += entry.path("ecn_mark").asDouble(0);
                }
                counters.put("dropped", dropped);
                counters.put("ecnMark", marks);
                return new Qdisc(null, counters);
            }
        }
        return new Qdisc(null, counters);
    }

    /** The counters of one qdisc's {@code tc -s qdisc show} text, under the result's names. */
    static Map<String, Double> tcCounters(String tc) {
        Map<String, Double> counters = new LinkedHashMap<>();
        Matcher sent = SENT.matcher(tc);
        if (sent.find()) {
            counters.put("sentBytes", Double.parseDouble(sent.group(1)));
            counters.put("sentPackets", Double.parseDouble(sent.group(2)));
            counters.put("dropped", Double.parseDouble(sent.group(3)));
            counters.put("overlimits", Double.parseDouble(sent.group(4)));
            counters.put("requeues", Double.parseDouble(sent.group(5)));
        }
        Matcher backlog = BACKLOG.matcher(tc);
        if (backlog.find()) {
            counters.put("backlogBytes", Double.parseDouble(backlog.group(1)));
            counters.put("backlogPackets", Double.parseDouble(backlog.group(2)));
        }
        Matcher x = XSTAT.matcher(tc);
        while (x.find()) {
            String name = XSTATS.get(x.group(1));
            if (name != null) {
                counters.put(name, Double.parseDouble(x.group(2)));
            }
        }
        return counters;
    }

    /** Mean of a series' non-null values; null when it has none. */
    public static Double mean(List<Double> values) {
        double sum = 0;
        int n = 0;
        for (Double v : values) {
            if (v != null) {
                sum += v;
                n++;
            }
        }
        return n == 0 ? null : sum / n;
    }

    private static List<Double> numbers(JsonNode array) {
        List<Double> out = new ArrayList<>();
        if (array != null) {
            array.forEach(v -> {
                if (v.isNumber()) {
                    out.add(v.asDouble());
                }
            });
        }
        return out;
    }

    private static List<Double> nullable(JsonNode array) {
        List<Double> out = new ArrayList<>();
        if (array != null) {
            array.forEach(v -> out.add(v.isNumber() ? v.asDouble() : null));
        }
        return out;
    }
}
