package dev.fqlab.render;

import dev.fqlab.measurement.Measurement;
import dev.fqlab.measurement.MeasurementService;
import dev.fqlab.render.compare.ComparedMetrics;
import dev.fqlab.render.compare.Comparison;
import dev.fqlab.render.compare.ComparisonBuilder;
import dev.fqlab.render.compare.MeasuredRun;
import dev.fqlab.web.ApiProblem;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import org.springframework.stereotype.Component;
import tools.jackson.databind.json.JsonMapper;

/**
 * Loads what a comparison lines up: succeeded experiments (404 unknown, 409 not succeeded, as for their results)
 * and uploaded measurements, at most {@value #MAX_COLUMNS} in all, each named once.
 */
@Component
public class Comparisons {

    /** Columns one comparison shows: more would not read as a table nor as overlaid curves. */
    public static final int MAX_COLUMNS = 8;

    private final ExperimentOutcomes outcomes;
    private final MeasurementService measurements;
    private final JsonMapper json;

    public Comparisons(ExperimentOutcomes outcomes, MeasurementService measurements, JsonMapper json) {
        this.outcomes = outcomes;
        this.measurements = measurements;
        this.json = json;
    }

    /** One measurement column's data. */
    public record Measured(Measurement measurement, MeasuredRun run) {
    }

    /** Everything a comparison shows, in column order: experiments first, then measurements. */
    public record Loaded(List<ExperimentOutcome> experiments, List<Measured> measurements, String query) {
    }

    public Loaded load(String ids, String measurementIds) {
        List<UUID> experimentIds = parse("ids", ids, "experiment");
        List<UUID> measured = parse("measurements", measurementIds, "measurement");
        if (experimentIds.isEmpty() && measured.isEmpty()) {
            throw ApiProblem.invalidParameter("ids", "Name what to compare: ids=<experiment id>,<experiment id>… "
                    + "(and/or measurements=<measurement id>,…).");
        }
        int columns = experimentIds.size() + measured.size();
        if (columns > MAX_COLUMNS) {
            throw ApiProblem.invalidParameter(experimentIds.size() > MAX_COLUMNS ? "ids" : "measurements",
                    "A comparison shows at most " + MAX_COLUMNS + " experiments and measurements together; "
                            + columns + " were named.");
        }
        List<ExperimentOutcome> loaded = new ArrayList<>();
        for (UUID id : experimentIds) {
            loaded.add(outcomes.load(id));
        }
        List<Measured> runs = new ArrayList<>();
        for (UUID id : measured) {
            Measurement m = measurements.get(id);
            runs.add(new Measured(m, MeasuredRun.of(measurements.document(id))));
        }
        StringBuilder query = new StringBuilder();
        if (!experimentIds.isEmpty()) {
            query.append("ids=").append(String.join(",", experimentIds.stream().map(UUID::toString).toList()));
        }
        if (!measured.isEmpty()) {
            query.append(query.isEmpty() ? "" : "&").append("measurements=")
                    .append(String.join(",", measured.stream().map(UUID::toString).toList()));
        }
        return new Loaded(loaded, runs, query.toString());
    }

    /** The JSON comparison of what {@link #load} loaded. */
    public Comparison compare(Loaded loaded) {
        List<ComparisonBuilder.Entry> entries = new ArrayList<>();
        for (ExperimentOutcome o : loaded.experiments()) {
            String id = o.experiment().id().toString();
            Map<String, String> links = new LinkedHashMap<>();
            links.put("experiment", "/api/v1/experiments/" + id);
            links.put("result", "/api/v1/experiments/" + id + "/result");
            links.put("report", "/api/v1/experiments/" + id + "/report");
            entries.add(new ComparisonBuilder.Entry(new Comparison.Column("experiment", id, o.title(),
                    o.experiment().preset(), o.scenario().qdiscType(), o.result().engineVersion(), o.result().seed(),
                    null, links), ComparedMetrics.of(o.result(), json.valueToTree(o.result())), o.scenario().json()));
        }
        for (Measured m : loaded.measurements()) {
            String id = m.measurement().id().toString();
            Map<String, String> links = new LinkedHashMap<>();
            links.put("measurement", "/api/v1/measurements/" + id);
            links.put("file", "/api/v1/measurements/" + id + "/flent");
            entries.add(new ComparisonBuilder.Entry(new Comparison.Column("measurement", id, m.measurement().name(),
                    null, m.run().qdiscType(), null, null, m.measurement().test(), links),
                    ComparedMetrics.of(m.run()), null));
        }
        Map<String, String> links = new LinkedHashMap<>();
        links.put("self", "/api/v1/compare?" + loaded.query());
        links.put("report", "/api/v1/compare/report?" + loaded.query());
        for (String plot : CompareController.PLOTS) {
            links.put("plot-" + plot, "/api/v1/compare/plots/" + plot + ".svg?" + loaded.query());
        }
        return ComparisonBuilder.build(entries, links);
    }

    /** A comma-separated list of ids; 400 naming a malformed or repeated one. */
    private static List<UUID> parse(String parameter, String value, String what) {
        Set<UUID> ids = new LinkedHashSet<>();
        if (value == null || value.isBlank()) {
            return List.of();
        }
        String[] parts = value.split(",", -1);
        if (parts.length > 100) {
            throw ApiProblem.invalidParameter(parameter, "A comparison shows at most " + MAX_COLUMNS
                    + " experiments and measurements together; " + parts.length + " were named.");
        }
        for (String part : parts) {
            String id = part.strip();
            UUID uuid;
            try {
                uuid = UUID.fromString(id);
                if (!uuid.toString().equalsIgnoreCase(id)) {
                    throw new IllegalArgumentException(id);
                }
            } catch (IllegalArgumentException e) {
                throw ApiProblem.invalidParameter(parameter, "'" + id + "' in " + parameter + " is not "
                        + (what.startsWith("e") ? "an " : "a ") + what + " id (a UUID such as 3f2b…-…); separate ids with commas.");
            }
            if (!ids.add(uuid)) {
                throw ApiProblem.invalidParameter(parameter, what.substring(0, 1).toUpperCase() + what.substring(1)
                        + " " + id + " is named twice in " + parameter + ".");
            }
        }
        return List.copyOf(ids);
    }
}
