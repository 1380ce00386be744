package dev.fqlab.experiment;

import dev.fqlab.sim.scenario.Scenario;
import java.util.Arrays;
import java.util.Optional;

/**
 * What an experiment keeps of its time series ({@code outputs.series} of a submission): {@code full} (every
 * interval of the scenario's {@code sampleIntervalMs}), {@code coarse} (a longer interval the service picks, so that
 * every series has at most {@link #COARSE_MAX_INTERVALS} values) or {@code none} (summary tables only). The stored
 * scenario is the submitted one either way; only the engine samples at the interval this chooses.
 */
public enum SeriesOutput {
    FULL("full"), COARSE("coarse"), NONE("none");

    /**
     * The most intervals a coarse series has. A plot is a few hundred pixels wide, so 100 points still show every
     * trend of a run; 100 values cost 400 bytes per series as {@code real[]}, so a coarse seed-000 run (25 series)
     * keeps about 10 kB of series whatever its length.
     */
    public static final int COARSE_MAX_INTERVALS = 100;

    private final String json;

    SeriesOutput(String json) {
        this.json = json;
    }

    /** The name in JSON and in the database ({@code experiments.outputs_series}). */
    public String json() {
        return json;
    }

    public static Optional<SeriesOutput> of(String json) {
        return Arrays.stream(values()).filter(v -> v.json.equals(json)).findFirst();
    }

    /** The stored name of a database column; anything unknown reads as full (what every run kept before). */
    public static SeriesOutput stored(String json) {
        return json == null ? FULL : of(json).orElse(FULL);
    }

    /** Whether results kept with this setting have everything a request for {@code wanted} keeps. */
    public boolean covers(SeriesOutput wanted) {
        return ordinal() <= wanted.ordinal();
    }

    /** Whether any series is kept (and the series CSV, the time plots and the flent file exist). */
    public boolean keepsSeries() {
        return this != NONE;
    }

    /**
     * The sample interval the engine runs {@code scenario} at: the scenario's for full, 0 (no series) for none, and
     * for coarse the smallest whole multiple of it that leaves at most {@link #COARSE_MAX_INTERVALS} intervals, so
     * that each coarse interval covers whole full intervals.
     */
    public double engineIntervalMs(double sampleIntervalMs, double durationS) {
        if (this == NONE || sampleIntervalMs == 0) {
            return 0;
        }
        if (this == FULL) {
            return sampleIntervalMs;
        }
        long intervals = (long) Math.ceil(durationS * 1000 / sampleIntervalMs);
        long factor = Math.max(1, (intervals + COARSE_MAX_INTERVALS - 1) / COARSE_MAX_INTERVALS);
        return factor * sampleIntervalMs;
    }

    /** The scenario as the engine runs it: the same but for {@code sampleIntervalMs} ({@link #engineIntervalMs}). */
    public Scenario forEngine(Scenario scenario) {
        double interval = engineIntervalMs(scenario.sampleIntervalMs(), scenario.durationS());
        return interval == scenario.sampleIntervalMs() ? scenario
                : Scenario.SCHEMA.builder(scenario).set("sampleIntervalMs", interval).build();
    }
}
