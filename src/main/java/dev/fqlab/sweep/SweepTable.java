package dev.fqlab.sweep;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * {@code GET /sweeps/{id}/table.csv}: the sweep's result table, one row per combination, ready for a spreadsheet or
 * a paper. Columns: each parameter (its label, else its value), {@code n} (repetitions with a result), then for
 * each chosen metric its chosen statistics, headed {@code "<metric> <statistic>"}. Metrics: those asked for, else
 * the sweep's own {@code metrics}, else all; a name ending in '*' picks every metric it starts. Statistics: mean and
 * stddev unless asked otherwise (mean, stddev, min, max, n). Numbers in plain decimal notation; a missing value is
 * an empty field.
 */
final class SweepTable {

    static final List<String> STATISTICS = List.of("mean", "stddev", "min", "max", "n");
    static final List<String> DEFAULT_STATISTICS = List.of("mean", "stddev");

    private SweepTable() {
    }

    static String csv(SweepResource sweep, List<String> metricFilter, List<String> statistics) {
        List<String> metrics = columns(sweep, metricFilter != null && !metricFilter.isEmpty() ? metricFilter : sweep.metrics());
        StringBuilder csv = new StringBuilder();
        List<String> header = new ArrayList<>();
        sweep.parameters().forEach(p -> header.add(p.header()));
        header.add("n");
        for (String metric : metrics) {
            statistics.forEach(s -> header.add(metric + " " + s));
        }
        line(csv, header);
        for (SweepRow row : sweep.rows()) {
            List<String> fields = new ArrayList<>();
            int[] index = SweepReader.indices(sweep.parameters(), row.combination());
            for (int i = 0; i < sweep.parameters().size(); i++) {
                fields.add(sweep.parameters().get(i).display(index[i]));
            }
            fields.add(Integer.toString(row.succeeded()));
            for (String metric : metrics) {
                MetricStats stats = row.metrics().get(metric);
                for (String statistic : statistics) {
                    fields.add(stats == null ? "" : format(statistic(stats, statistic)));
                }
            }
            line(csv, fields);
        }
        return csv.toString();
    }

    /** The metric columns: the filter's entries in order, each expanded to the metrics it names, in row order. */
    static List<String> columns(SweepResource sweep, List<String> filter) {
        Set<String> all = new LinkedHashSet<>();
        sweep.rows().forEach(row -> all.addAll(row.metrics().keySet()));
        if (filter == null) {
            return List.copyOf(all);
        }
        Set<String> chosen = new LinkedHashSet<>();
        for (String entry : filter) {
            if (entry.endsWith("*")) {
                String prefix = entry.substring(0, entry.length() - 1);
                all.stream().filter(m -> m.startsWith(prefix)).forEach(chosen::add);
            } else {
                chosen.add(entry);
            }
        }
        return List.copyOf(chosen);
    }

    /** The statistics named in a comma-separated list; null when one of them is not a statistic. */
    static List<String> statistics(List<String> requested) {
        if (requested == null || requested.isEmpty()) {
            return DEFAULT_STATISTICS;
        }
        List<String> chosen = new ArrayList<>();
        for (String value : requested) {
            for (String part : value.split(",")) {
                String statistic = part.trim().toLowerCase(Locale.ROOT);
                if (!STATISTICS.contains(statistic)) {
                    return null;
                }
                if (!chosen.contains(statistic)) {
                    chosen.add(statistic);
                }
            }
        }
        return chosen;
    }

    private static Object statistic(MetricStats stats, String statistic) {
        return switch (statistic) {
            case "mean" -> stats.mean();
            case "stddev" -> stats.stddev();
            case "min" -> stats.min();
            case "max" -> stats.max();
            case "n" -> stats.n();
            default -> throw new IllegalArgumentException(statistic);
        };
    }

    private static String format(Object value) {
        if (value == null) {
            return "";
        }
        if (value instanceof Double d) {
            return Double.isFinite(d) ? BigDecimal.valueOf(d).stripTrailingZeros().toPlainString() : "";
        }
        return value.toString();
    }

    private static void line(StringBuilder csv, List<String> fields) {
        for (int i = 0; i < fields.size(); i++) {
            if (i > 0) {
                csv.append(',');
            }
            csv.append(escape(fields.get(i)));
        }
        csv.append("\r\n");
    }

    /** RFC 4180 quoting: values that are whole JSON objects contain commas and quotes. */
    private static String escape(String field) {
        if (field.indexOf(',') < 0 && field.indexOf('"') < 0 && field.indexOf('\n') < 0 && field.indexOf('\r') < 0) {
            return field;
        }
        return '"' + field.replace("\"", "\"\"") + '"';
    }
}
