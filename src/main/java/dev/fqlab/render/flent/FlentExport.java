package dev.fqlab.render.flent;

import dev.fqlab.render.ExperimentOutcome;
import dev.fqlab.render.ScenarioFacts;
import dev.fqlab.render.ScenarioFacts.FlowFacts;
import dev.fqlab.sim.result.FlowResult;
import dev.fqlab.sim.result.LatencyDistribution;
import dev.fqlab.sim.result.Series;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.DoubleUnaryOperator;
import java.util.function.IntFunction;
import java.util.function.ObjIntConsumer;
import java.util.zip.GZIPOutputStream;
import org.springframework.stereotype.Component;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * A result as a flent data file (flent-format.md: version 4, gzip'ed JSON), so the community's plotting tool opens
 * fqlab's experiments next to real testbed runs: {@code flent -i FILE -p ping_cdf}, {@code -p totals},
 * {@code -p drops}, {@code -p airtime}.
 *
 * <p>flent only loads a file whose {@code NAME} is one of its tests, and plots the series that test defines. fqlab
 * flows map onto {@code rtt_fair_var}, the test with one set of series per host for any number of hosts: each
 * flow is a host, so a scenario's flows keep their names.
 * <ul>
 *   <li>a data flow (udp, tcp) down → {@code TCP download <ac> <flow>}, up → {@code TCP upload <ac> <flow>}: its
 *       goodput per interval in Mbit/s. The test names every data series "TCP"; the access category stands in
 *       the test's label slot. A TCP flow's raw entries add {@code tcp_cwnd} (segments) and {@code tcp_rtt} (ms),
 *       as flent's ss runner records them ({@code -p tcp_cwnd}, {@code -p tcp_rtt});</li>
 *   <li>a ping flow → {@code Ping (ms) ICMP <flow>}: its results array per interval, the mean one-way latency
 *       down plus the flow's mean latency up, i.e. the round trip a ping sent then would have seen (the result's
 *       series carry the down direction only); its raw values one entry per probe, the RTTs of the result's
 *       {@code rttMs.distribution} ({@link PingSamples}), so that flent's {@code ping_cdf}, which sorts the raw
 *       values, draws the distribution of every probe;</li>
 *   <li>the down qdisc → flent's qdisc_stats mixin, host {@value #QDISC_HOST}: raw {@code backlog_bytes},
 *       {@code backlog_pkts}, {@code dropped} and {@code ecn_mark} per interval, the way flent's tc runner records
 *       them, and {@code delay}, the mean sojourn in ms ({@code -p backlog}, {@code -p drops}, {@code -p delay});</li>
 *   <li>WiFi stations → the wifi_stats mixin, host {@value #AP_HOST}: per station {@code airtime_tx} and
 *       {@code airtime_rx} in µs per interval (the AP's transmissions to it and its transmissions to the AP) and
 *       {@code avg_aggr_size}, for {@code -p airtime} and {@code -p aggregation}.</li>
 * </ul>
 * flent recomputes the sums, averages and fairness series itself. {@code DELAY} is 0: fqlab flows start when
 * their scenario says, and flent's default cut of 5 s at both ends would swallow short runs.
 */
@Component
public final class FlentExport {

    /** The flent test whose series names and plots the file uses. */
    public static final String TEST_NAME = "rtt_fair_var";
    static final String QDISC_HOST = "bottleneck";
    static final String AP_HOST = "ap";
    /** flent 2.1's newest file format. */
    static final int FORMAT_VERSION = 4;
    /** The flent release whose format and tests the file follows (and is tested against). */
    static final String FLENT_VERSION = "2.1.1";

    private static final DateTimeFormatter FLENT_TIME =
            DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ss.SSSSSS'Z'").withZone(ZoneOffset.UTC);
    private static final DateTimeFormatter FILE_TIME =
            DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HHmmss.SSSSSS").withZone(ZoneOffset.UTC);
    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    private final JsonMapper jsonMapper;

    public FlentExport(JsonMapper jsonMapper) {
        this.jsonMapper = jsonMapper;
    }

    /** flent's naming convention: {@code <test>-<time>.<title>.flent.gz}. */
    public static String fileName(ExperimentOutcome outcome) {
        return TEST_NAME + "-" + FILE_TIME.format(outcome.t0()) + "." + outcome.title().replaceAll("[^A-Za-z0-9-]", "_")
                + ".flent.gz";
    }

    /** The gzip'ed file. */
    public byte[] gzip(ExperimentOutcome outcome) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (GZIPOutputStream gzip = new GZIPOutputStream(bytes)) {
            jsonMapper.writeValue(gzip, document(outcome));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return bytes.toByteArray();
    }

    /** The JSON document inside the file. */
    public ObjectNode document(ExperimentOutcome outcome) {
        Series series = outcome.result().series();
        List<Double> t = series == null || series.t() == null ? List.of() : series.t();
        double t0 = outcome.t0().toEpochMilli() / 1000.0;
        FlentSeries out = new FlentSeries(t, t0);
        ScenarioFacts scenario = outcome.scenario();

        List<String> hosts = new ArrayList<>();
        List<String> labels = new ArrayList<>();
        for (FlowFacts flow : scenario.flows()) {
            Series.FlowSeries flowSeries = series == null || series.flows() == null ? null : series.flows().get(flow.name());
            if (flowSeries == null) {
                continue;
            }
            hosts.add(flow.name());
            labels.add(flow.ac());
            if (flow.isPing()) {
                double up = meanUpLatencyMs(outcome, flow.name());
                String name = "Ping (ms) ICMP " + flow.name();
                out.add(name, flowSeries.latencyMs(), v -> v + up);
                LatencyDistribution rtt = rttDistribution(outcome, flow.name());
                if (rtt != null) {
                    List<Double> rttMeans = flowSeries.latencyMs() == null ? List.of()
                            : flowSeries.latencyMs().stream().map(v -> v == null ? null : v + up).toList();
                    out.probes(name, PingSamples.samples(rtt, Math.max(scenario.warmupS(), flow.startS()),
                            Math.min(flow.stopS(), scenario.durationS()), t, rttMeans));
                }
            } else {
                String direction = flow.up() ? "upload" : "download";
                // A TCP flow's samples also carry its window and RTT, under flent's ss runner's keys.
                out.add("TCP " + direction + " " + flow.ac() + " " + flow.name(), flowSeries.throughputMbps(), v -> v,
                        (entry, i) -> {
                            put(entry, "tcp_cwnd", at(flowSeries.cwndPackets(), i));
                            put(entry, "tcp_rtt", at(flowSeries.rttMs(), i));
                        });
            }
        }

        ObjectNode parameters = NODES.objectNode();
        parameters.put("labels", String.join(",", labels));
        parameters.put("ping_labels", String.join(",", hosts.stream().map(h -> "ICMP").toList()));
        // noqueue holds and drops nothing: flent would only plot zeros.
        if (series != null && series.qdisc() != null && scenario.hasQdiscQueue()) {
            parameters.put("qdisc_stats_hosts", QDISC_HOST);
            parameters.put("qdisc_stats_interfaces", scenario.qdiscType());
            addQdisc(out, series.qdisc());
        }
        if (series != null && series.stations() != null && !series.stations().isEmpty()) {
            parameters.put("wifi_stats_hosts", AP_HOST);
            parameters.put("wifi_stats_interfaces", "wlan0");
            parameters.put("wifi_stats_stations", String.join(",", series.stations().keySet()));
            addStations(out, series.stations());
        }

        ObjectNode file = NODES.objectNode();
        file.put("version", FORMAT_VERSION);
        file.set("metadata", metadata(outcome, hosts, parameters, series, out.results));
        ArrayNode x = file.putArray("x_values");
        t.forEach(x::add);
        file.set("results", out.results);
        file.set("raw_values", out.raw);
        return file;
    }

    private ObjectNode metadata(ExperimentOutcome outcome, List<String> hosts, ObjectNode parameters, Series series,
            ObjectNode results) {
        ScenarioFacts scenario = outcome.scenario();
        String time = FLENT_TIME.format(outcome.t0());
        ObjectNode m = NODES.objectNode();
        m.put("NAME", TEST_NAME);
        m.put("TITLE", outcome.title());
        m.put("NOTE", "Simulated by fqlab " + outcome.result().engineVersion() + " (experiment "
                + outcome.experiment().id() + "). Series names follow flent's " + TEST_NAME + " test: 'TCP download|upload"
                + " <ac> <flow>' is the goodput of an fqlab flow whatever its transport; 'Ping (ms) ICMP <flow>' is a"
                + " ping flow's per-interval one-way latency down plus its mean latency up; its raw values are one RTT per probe"
                + " from the distribution of every probe (values exact to 1.6 %, times reconstructed from the interval means).");
        m.put("FLENT_VERSION", FLENT_VERSION);
        m.set("SERIES_META", seriesMeta(results));
        m.put("TIME", time);
        m.put("T0", time);
        ArrayNode hostList = m.putArray("HOSTS");
        hosts.forEach(hostList::add);
        m.put("HOST", hosts.isEmpty() ? null : hosts.getFirst());
        m.put("LOCAL_HOST", "fqlab");
        m.put("LENGTH", scenario.durationS());
        m.put("TOTAL_LENGTH", scenario.durationS());
        m.put("STEP_SIZE", series == null ? 0 : series.intervalMs() / 1000.0);
        m.put("DELAY", 0);
        m.put("IP_VERSION", 4);
        m.put("DATA_FILENAME", fileName(outcome));
        m.set("TEST_PARAMETERS", parameters);
        // Extra keys are kept by flent and shown by `flent -f metadata`.
        m.put("FQLAB_EXPERIMENT_ID", outcome.experiment().id().toString());
        m.put("FQLAB_ENGINE_VERSION", outcome.result().engineVersion());
        m.put("FQLAB_SCENARIO_SHA256", outcome.result().scenarioSha256());
        m.put("FQLAB_SEED", outcome.result().seed());
        m.put("FQLAB_WARMUP_S", scenario.warmupS());
        m.set("FQLAB_SCENARIO", scenario.json());
        return m;
    }

    /** {@code SERIES_META}: the unit of every results series, as flent's runners record it. */
    private static ObjectNode seriesMeta(ObjectNode results) {
        ObjectNode meta = NODES.objectNode();
        for (String name : results.propertyNames()) {
            String units = name.startsWith("TCP ") ? "Mbits/s"
                    : name.startsWith("Ping (ms)") ? "ms"
                    : name.contains("::airtime_") ? "us"
                    : name.endsWith("::dropped") ? "packets"
                    : name.contains("::avg_aggr_size::") ? "packets"
                    : null;
            if (units != null) {
                meta.putObject(name).put("UNITS", units);
            }
        }
        return meta;
    }

    /** The tc runner's raw keys, per interval; drops and marks are already per interval, as flent stores them. */
    private static void addQdisc(FlentSeries out, Series.QdiscSeries qdisc) {
        String name = "qdisc_stats_" + QDISC_HOST;
        out.addRaw(name, qdisc.backlogPackets(), i -> {
            ObjectNode entry = NODES.objectNode();
            put(entry, "backlog_bytes", at(qdisc.backlogBytes(), i));
            put(entry, "backlog_pkts", at(qdisc.backlogPackets(), i));
            put(entry, "dropped", at(qdisc.drops(), i));
            put(entry, "ecn_mark", at(qdisc.ecnMarks(), i));
            put(entry, "delay", at(qdisc.delayMs(), i));
            return entry;
        });
        out.add(name + "::dropped", qdisc.drops(), v -> v);
    }

    /** wifi_stats keeps airtime per interval in µs (format v4), per station under {@code stations}. */
    private static void addStations(FlentSeries out, Map<String, Series.StationSeries> stations) {
        String name = "wifi_stats_" + AP_HOST;
        out.addRaw(name, null, i -> {
            ObjectNode perStation = NODES.objectNode();
            stations.forEach((station, s) -> {
                ObjectNode stats = NODES.objectNode();
                put(stats, "airtime_tx", at(s.airtimeTxUs(), i));
                put(stats, "airtime_rx", at(s.airtimeRxUs(), i));
                put(stats, "avg_aggr_size", at(s.avgAggregateSize(), i));
                if (!stats.isEmpty()) {
                    perStation.set(station, stats);
                }
            });
            ObjectNode entry = NODES.objectNode();
            entry.set("stations", perStation);
            return entry;
        });
        stations.forEach((station, s) -> {
            out.add(name + "::airtime_tx::" + station, s.airtimeTxUs(), v -> v);
            out.add(name + "::airtime_rx::" + station, s.airtimeRxUs(), v -> v);
            out.add(name + "::avg_aggr_size::" + station, s.avgAggregateSize(), v -> v);
        });
    }

    private static double meanUpLatencyMs(ExperimentOutcome outcome, String flow) {
        for (FlowResult f : outcome.result().flows()) {
            if (f.name().equals(flow) && f.upLatencyMs() != null && f.upLatencyMs().mean() != null) {
                return f.upLatencyMs().mean();
            }
        }
        return 0;
    }

    /** A ping flow's RTT distribution from every probe; null for a result stored before distributions existed. */
    private static LatencyDistribution rttDistribution(ExperimentOutcome outcome, String flow) {
        for (FlowResult f : outcome.result().flows()) {
            if (f.name().equals(flow) && f.rttMs() != null) {
                return f.rttMs().distribution();
            }
        }
        return null;
    }

    private static Double at(List<Double> values, int i) {
        return values == null || i >= values.size() ? null : values.get(i);
    }

    private static void put(ObjectNode node, String key, Double value) {
        if (value != null) {
            node.put(key, value);
        }
    }

    /**
     * The {@code results} and {@code raw_values} objects under construction. Every results array has exactly one
     * value per x value (flent asserts it), null where fqlab has none; raw values exist only where a value does.
     */
    private static final class FlentSeries {
        final ObjectNode results = NODES.objectNode();
        final ObjectNode raw = NODES.objectNode();
        private final List<Double> t;
        private final double t0;

        FlentSeries(List<Double> t, double t0) {
            this.t = t;
            this.t0 = t0;
        }

        void add(String name, List<Double> values, DoubleUnaryOperator transform) {
            add(name, values, transform, (entry, i) -> { });
        }

        /** A series of {@code values}; {@code extra} adds keys of its own to the raw entry of interval i. */
        void add(String name, List<Double> values, DoubleUnaryOperator transform, ObjIntConsumer<ObjectNode> extra) {
            ArrayNode result = results.putArray(name);
            ArrayNode rawValues = raw.putArray(name);
            for (int i = 0; i < t.size(); i++) {
                Double v = at(values, i);
                if (v == null) {
                    result.addNull();
                } else {
                    double y = transform.applyAsDouble(v);
                    result.add(y);
                    ObjectNode entry = NODES.objectNode().put("t", t0 + t.get(i)).put("val", y);
                    extra.accept(entry, i);
                    rawValues.add(entry);
                }
            }
        }

        /** Replaces the raw entries of series {@code name} by one entry per probe, as flent's ping runner records. */
        void probes(String name, List<PingSamples.Sample> samples) {
            ArrayNode rawValues = raw.putArray(name);
            for (PingSamples.Sample sample : samples) {
                rawValues.add(NODES.objectNode().put("t", t0 + sample.t()).put("val", sample.ms()));
            }
        }

        /** A series whose raw entries carry named keys; its results array holds {@code values} (or nulls). */
        void addRaw(String name, List<Double> values, IntFunction<ObjectNode> entry) {
            ArrayNode result = results.putArray(name);
            ArrayNode rawValues = raw.putArray(name);
            for (int i = 0; i < t.size(); i++) {
                Double v = at(values, i);
                if (v == null) {
                    result.addNull();
                } else {
                    result.add(v);
                }
                ObjectNode e = entry.apply(i);
                e.put("t", t0 + t.get(i));
                rawValues.add(e);
            }
        }
    }
}
