package dev.fqlab.sim.scenario;

import static dev.fqlab.sim.scenario.schema.Field.array;
import static dev.fqlab.sim.scenario.schema.Field.enumeration;
import static dev.fqlab.sim.scenario.schema.Field.integer;
import static dev.fqlab.sim.scenario.schema.Field.number;
import static dev.fqlab.sim.scenario.schema.Field.object;
import static dev.fqlab.sim.scenario.schema.Field.string;
import static dev.fqlab.sim.scenario.schema.Field.variant;

import dev.fqlab.sim.kernel.KernelProfile;
import dev.fqlab.sim.scenario.schema.IntRange;
import dev.fqlab.sim.scenario.schema.NumberRange;
import dev.fqlab.sim.scenario.schema.RecordSchema;
import dev.fqlab.sim.scenario.schema.Report;
import dev.fqlab.sim.scenario.schema.Scope;
import dev.fqlab.sim.scenario.schema.When;
import java.math.BigDecimal;
import java.util.List;

/**
 * One experiment's input (spec/scenario.md), normalized: every field with its default filled in.
 *
 * @param sampleIntervalMs time-series resolution; 0 = no series
 * @param stations WiFi stations; empty for wired links
 * @param kernel the Linux version whose rules the AP or router follows
 * @param kernelUptimeS how long the modelled host has been up when the simulation starts (kernel time =
 *                      uptime + simulation time)
 */
public record Scenario(
        String name,
        long seed,
        double durationS,
        double warmupS,
        double sampleIntervalMs,
        LinkSpec link,
        List<StationSpec> stations,
        double wiredRttMs,
        StackSpec stack,
        List<FlowSpec> flows,
        KernelProfile kernel,
        double kernelUptimeS) {

    /** A time series has at most this many samples: more is too big to store and plot. */
    public static final int MAX_SAMPLES = 20_000;
    /**
     * Values a result's time series may hold (samples × series): 2 million is about 20 MB of JSON and as many
     * {@code result_series} rows, seconds to store. 1024 flows for 600 s at the default 100 ms would be 12 million.
     */
    public static final long MAX_SERIES_VALUES = 2_000_000;
    /** The engine counts time in whole nanoseconds: a shorter run would round to none. */
    static final double MIN_DURATION_S = 1e-9;
    /**
     * The default uptime: past the first five minutes, when the low 32 bits of jiffies wrap (INITIAL_JIFFIES), and
     * with CoDel's u32 clock (ktime >> 10) at 976 562 500 units, far from where its s32 comparisons change sign
     * (2^31 units, 2199.02 s after boot, and 16 intervals later for the count-reuse test against a drop_next of 0):
     * a run of the longest allowed durationS (600 s) stays between 1000 and 1600 s.
     */
    public static final double DEFAULT_KERNEL_UPTIME_S = 1000;
    /** The longest uptime accepted: about 3.2 years. */
    static final double MAX_KERNEL_UPTIME_S = 1e8;

    public static final RecordSchema<Scenario> SCHEMA = RecordSchema.of(Scenario.class, "Scenario",
            "The input of one experiment. Field names carry their units (Ms, S, Mbps, Bytes). Every field has a "
                    + "default except the required ones; unknown fields are rejected, and validation reports every bad "
                    + "field at once as a JSON Pointer with a message.",
            string("name").optional().maxLength(200).help("Free text: no control characters but tab and line breaks."),
            integer("seed").defaultValue(1).range(IntRange.INT64)
                    .help("The only source of randomness: the same scenario and seed give an identical result."),
            number("durationS").required()
                    .range(NumberRange.atLeast(MIN_DURATION_S),
                            s -> NumberRange.closed(MIN_DURATION_S, s.limits().maxDurationS()),
                            "≥ 0.000000001 (1 ns, the engine's resolution) and ≤ the service limit "
                                    + "(fqlab.limits.max-duration-s, default 600)")
                    .unit("s").help("Simulated time."),
            number("warmupS").defaultValue(0)
                    .range(NumberRange.atLeast(0), Scenario::warmupRange, "≥ 0 and < durationS").unit("s")
                    .help("Statistics ignore everything before this time."),
            number("sampleIntervalMs").defaultValue(100).range(NumberRange.closed(1, 60_000).orZero())
                    .check(Scenario::sampleCount).unit("ms")
                    .help("Time-series resolution: 0 = no series; at most " + MAX_SAMPLES
                            + " samples (durationS·1000/sampleIntervalMs ≤ " + MAX_SAMPLES + ")."),
            variant("link", LinkSpec.VARIANTS).help("The bottleneck: \"wired\" or \"wifi\"."),
            array("stations", StationSpec.SCHEMA, "station")
                    .when(Scenario::stationsApply, "wifi links, required there (at least 1)")
                    .items(s -> s.limits().maxStations(), "the service limit fqlab.limits.max-stations, default 128")
                    .help("WiFi stations: required on a wifi link, with unique names; empty or absent on a wired link."),
            number("wiredRttMs").defaultValue(1).range(NumberRange.closed(0, 10_000)).unit("ms")
                    .help("Base round-trip time between the router (or AP) and the remote server."),
            object("stack", StackSpec.SCHEMA).help("The queueing stack."),
            array("flows", FlowSpec.SCHEMA, "flow").required()
                    .items(s -> s.limits().maxFlows(), "the service limit fqlab.limits.max-flows, default 4096")
                    .help("The traffic, with unique names."),
            enumeration("kernel", KernelProfile.class).defaultValue(KernelProfile.DEFAULT)
                    .help("The Linux version whose rules the AP or router (and, for TCP and fq, every host) "
                            + "follows: slow-station CoDel in mac80211 (4.16, 5.10, 6.1, 6.6), the v6.0 AQL scheduler "
                            + "(6.1 and later), CoDel's drop cap of 256 per dequeue (mainline only), TCP Small Queues' "
                            + "cap tcp_limit_output_bytes (256 KiB in 4.16, 1 MiB to 6.12, 4 MiB from 6.16) and the "
                            + "Earliest Departure Time pacing model (all but 4.16), sch_fq's bands and fast path (6.12 "
                            + "and later). See the README's kernel profiles."),
            number("kernelUptimeS").defaultValue(DEFAULT_KERNEL_UPTIME_S)
                    .range(NumberRange.closed(0, MAX_KERNEL_UPTIME_S)).unit("s")
                    .help("How long the host has been up when the simulation starts: kernel time (ktime, jiffies, "
                            + "CoDel's u32 clock of ktime >> 10 compared as s32) is this plus the simulation time. "
                            + "CoDel's comparisons with an uninitialised drop_next depend on it (73.3-minute cycle)."))
            .finalRule(Scenario::seriesFit);

    public Scenario {
        stations = stations == null ? List.of() : List.copyOf(stations);
        flows = List.copyOf(flows);
    }

    /** The document's link type ("wired", "wifi"), or null while it is missing or invalid (already reported). */
    public static String linkType(Scope anywhere) {
        Scope link = anywhere.root().object("link");
        return link == null ? null : link.type();
    }

    private static NumberRange warmupRange(Scope root) {
        Double durationS = root.number("durationS");
        return durationS == null ? NumberRange.atLeast(0) : NumberRange.closedOpen(0, durationS).maxNamed("durationS");
    }

    /** Stations are WiFi's: required there, empty or absent on a wired link, unchecked while the link is unknown. */
    private static When stationsApply(Scope root) {
        String link = linkType(root);
        return link == null ? When.SKIPPED
                : link.equals("wifi") ? When.required("required on a wifi link: at least 1 station")
                : When.rejected("stations apply to wifi links only (must be empty or absent on a wired link)");
    }

    /** The sample count: a series of more than {@link #MAX_SAMPLES} points is too big to store and plot. */
    private static String sampleCount(Scope root, Double interval) {
        Double durationS = root.number("durationS");
        if (durationS == null || interval == 0) {
            return null;
        }
        // Decimal arithmetic: the limit must hold exactly at e.g. 600 s / 30 ms, without binary rounding.
        BigDecimal samples = BigDecimal.valueOf(durationS).multiply(BigDecimal.valueOf(1000));
        if (samples.compareTo(BigDecimal.valueOf(interval).multiply(BigDecimal.valueOf(MAX_SAMPLES))) <= 0) {
            return null;
        }
        // Exact: durationS·1000 / 20000 is a terminating decimal, so the value named is itself accepted.
        return "too many samples: durationS·1000/sampleIntervalMs must be ≤ " + MAX_SAMPLES + ", so with durationS "
                + NumberRange.format(durationS) + " use 0 (no series) or ≥ "
                + samples.divide(BigDecimal.valueOf(MAX_SAMPLES)).stripTrailingZeros().toPlainString() + " ms";
    }

    /**
     * The time series must fit {@link #MAX_SERIES_VALUES}: 2 series per flow (4 for TCP), 6 per station and 5 for the
     * qdisc, one value per sample each. The message names the smallest whole sampleIntervalMs that fits.
     */
    private static void seriesFit(Scenario scenario, Report report) {
        if (scenario.sampleIntervalMs() == 0) {
            return;
        }
        long series = 5 + 6L * scenario.stations().size()
                + scenario.flows().stream().mapToLong(f -> f.traffic() instanceof TrafficSpec.Tcp ? 4 : 2).sum();
        long samples = samples(scenario.durationS(), scenario.sampleIntervalMs());
        if (samples * series > MAX_SERIES_VALUES) {
            double minimum = smallestFittingInterval(scenario.durationS(), series);
            report.fail("sampleIntervalMs", "too many time-series values: " + series + " series × " + samples
                    + " samples = " + (samples * series) + ", at most " + MAX_SERIES_VALUES + "; use 0 (no series)"
                    + (minimum <= MAX_SAMPLE_INTERVAL_MS ? " or ≥ " + NumberRange.format(minimum) + " ms" : ""));
        }
    }

    /** The largest sampleIntervalMs. */
    private static final double MAX_SAMPLE_INTERVAL_MS = 60_000;

    /** Samples of a series: one per started interval. */
    private static long samples(double durationS, double sampleIntervalMs) {
        return (long) Math.ceil(durationS * 1000 / sampleIntervalMs - 1e-9);
    }

    /**
     * The smallest whole number of ms whose samples × {@code series} fit: at most ⌊max / series⌋ samples, so an
     * interval of at least durationS·1000 / ⌊max / series⌋, rounded up (and checked with the rule's own arithmetic).
     */
    private static double smallestFittingInterval(double durationS, long series) {
        long fit = MAX_SERIES_VALUES / series;
        if (fit == 0) {
            return Double.POSITIVE_INFINITY;
        }
        double interval = Math.max(1, Math.ceil(durationS * 1000 / fit));
        while (interval <= MAX_SAMPLE_INTERVAL_MS && samples(durationS, interval) * series > MAX_SERIES_VALUES) {
            interval++;
        }
        return interval;
    }
}
