package dev.fqlab.sweep;

import dev.fqlab.result.Csv;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * {@code GET /sweeps/{id}/export.csv} and {@code export.jsonl}: a whole sweep in long ("tidy") format, one line per
 * run × metric, for pandas, R or a database. Columns: {@code sweepId}, {@code combination}, one per parameter
 * (headed by its name, else its pointer: the label where it has labels, else the value), for a labelled parameter
 * whose values are plain numbers or strings also {@code "<parameter> value"}, then {@code repetition} (0-based, seed
 * = base seed + repetition), {@code experimentId}, {@code seed}, {@code metric} (a name of {@link ResultMetrics}) and
 * {@code value}. Only runs with a result appear; a metric a run lacks (null in its result) has no line.
 *
 * <p>Written line by line to the response as it goes: a 1000-run sweep with hundreds of metrics is hundreds of
 * thousands of lines, never held as one string. CSV is RFC 4180 ({@link Csv}: CRLF, quoting where needed, a text
 * cell a spreadsheet would evaluate made text); JSON Lines has one JSON object per line, LF-terminated, numbers as
 * JSON numbers.
 */
public final class SweepExport {

    /** The fixed columns; parameter columns go between {@code combination} and {@code repetition}. */
    static final List<String> HEAD = List.of("sweepId", "combination");
    static final List<String> TAIL = List.of("repetition", "experimentId", "seed", "metric", "value");

    /** A sweep and the runs it has results of, in combination then repetition order. */
    public record Runs(SweepResource sweep, List<Run> runs) {
    }

    /** One run with a result: where it sits in the sweep and its metrics. */
    public record Run(int combination, int repetition, UUID experimentId, MetricValues metrics) {
    }

    /** One parameter's columns: its display column, and its raw value column when that adds something plain. */
    private record ParameterColumns(SweepParameter parameter, String name, String valueName) {
    }

    private final Runs runs;
    private final Set<String> metrics;
    private final List<ParameterColumns> parameters;

    /** @param metrics the metrics to write (null: all of them) */
    SweepExport(Runs runs, List<String> metrics) {
        this.runs = runs;
        this.metrics = metrics == null ? null : Set.copyOf(metrics);
        this.parameters = parameterColumns(runs.sweep().parameters());
    }

    /** The header, in order. */
    List<String> header() {
        List<String> header = new ArrayList<>(HEAD);
        for (ParameterColumns p : parameters) {
            header.add(p.name());
            if (p.valueName() != null) {
                header.add(p.valueName());
            }
        }
        header.addAll(TAIL);
        return header;
    }

    void writeCsv(OutputStream out) throws IOException {
        Writer writer = new BufferedWriter(new OutputStreamWriter(out, StandardCharsets.UTF_8), 1 << 16);
        StringBuilder line = new StringBuilder(256);
        Csv.line(line, header());
        writer.append(line);
        String sweepId = runs.sweep().id().toString();
        for (Run run : runs.runs()) {
            List<String> fields = new ArrayList<>(List.of(sweepId, Integer.toString(run.combination())));
            int[] index = SweepReader.indices(runs.sweep().parameters(), run.combination());
            for (int i = 0; i < parameters.size(); i++) {
                ParameterColumns p = parameters.get(i);
                fields.add(p.parameter().display(index[i]));
                if (p.valueName() != null) {
                    fields.add(plain(p.parameter().values().get(index[i])));
                }
            }
            fields.addAll(List.of(Integer.toString(run.repetition()), run.experimentId().toString(),
                    run.metrics().seed() == null ? "" : run.metrics().seed().toString(), "", ""));
            int metricAt = fields.size() - 2;
            MetricValues values = run.metrics();
            for (int m = 0; m < values.size(); m++) {
                String metric = values.names().get(m);
                if (metrics != null && !metrics.contains(metric)) {
                    continue;
                }
                fields.set(metricAt, metric);
                fields.set(metricAt + 1, number(values.value(m)));
                line.setLength(0);
                Csv.line(line, fields);
                writer.append(line);
            }
        }
        writer.flush();
    }

    void writeJsonLines(OutputStream out, JsonMapper jsonMapper) throws IOException {
        Writer writer = new BufferedWriter(new OutputStreamWriter(out, StandardCharsets.UTF_8), 1 << 16);
        String sweepId = runs.sweep().id().toString();
        Map<String, String> quoted = new HashMap<>();
        for (Run run : runs.runs()) {
            Map<String, Object> line = new LinkedHashMap<>();
            line.put(HEAD.get(0), sweepId);
            line.put(HEAD.get(1), run.combination());
            int[] index = SweepReader.indices(runs.sweep().parameters(), run.combination());
            for (int i = 0; i < parameters.size(); i++) {
                ParameterColumns p = parameters.get(i);
                JsonNode value = p.parameter().values().get(index[i]);
                // The value itself where it is plain (a number stays a number for pandas), else what tables show.
                line.put(p.name(), p.parameter().labels() == null && plain(value) != null ? value
                        : p.parameter().display(index[i]));
                if (p.valueName() != null) {
                    line.put(p.valueName(), value);
                }
            }
            line.put("repetition", run.repetition());
            line.put("experimentId", run.experimentId().toString());
            line.put("seed", run.metrics().seed());
            // What every line of this run shares, serialized once: the object without its closing brace.
            String json = jsonMapper.writeValueAsString(line);
            String prefix = json.substring(0, json.length() - 1) + ",\"metric\":";
            MetricValues values = run.metrics();
            for (int m = 0; m < values.size(); m++) {
                String metric = values.names().get(m);
                if (metrics != null && !metrics.contains(metric)) {
                    continue;
                }
                writer.append(prefix).append(quoted.computeIfAbsent(metric, jsonMapper::writeValueAsString))
                        .append(",\"value\":").append(jsonNumber(values.value(m))).append("}\n");
            }
        }
        writer.flush();
    }

    /**
     * Each parameter's column name (unique among all columns: a parameter named "metric" becomes
     * "metric (parameter)"), and its value column when it has labels and plain values.
     */
    private static List<ParameterColumns> parameterColumns(List<SweepParameter> parameters) {
        Set<String> taken = new HashSet<>(HEAD);
        taken.addAll(TAIL);
        List<ParameterColumns> columns = new ArrayList<>();
        for (SweepParameter parameter : parameters) {
            String name = unique(parameter.header(), taken);
            boolean plainValues = parameter.labels() != null && parameter.values().stream().allMatch(v -> plain(v) != null);
            columns.add(new ParameterColumns(parameter, name, plainValues ? unique(name + " value", taken) : null));
        }
        return columns;
    }

    private static String unique(String name, Set<String> taken) {
        String candidate = taken.contains(name) ? name + " (parameter)" : name;
        for (int n = 2; taken.contains(candidate); n++) {
            candidate = name + " (" + n + ")";
        }
        taken.add(candidate);
        return candidate;
    }

    /** A number or string value as a CSV field; null for an object, array, boolean or null. */
    private static String plain(JsonNode value) {
        if (value.isNumber()) {
            return value.toString();
        }
        return value.isString() ? value.stringValue() : null;
    }

    /** Counters as integers ("111549", not "111549.0"), other values in plain decimal notation. */
    static String number(double value) {
        return isInteger(value) ? Long.toString((long) value) : Csv.format(value);
    }

    /** A JSON number: an integer without ".0", else Java's shortest round-tripping form (1.0E-5 is valid JSON). */
    private static String jsonNumber(double value) {
        return isInteger(value) ? Long.toString((long) value) : Double.toString(value);
    }

    private static boolean isInteger(double value) {
        return value == Math.rint(value) && Math.abs(value) < 0x1p53;
    }
}
