package dev.fqlab.sweep;

import dev.fqlab.result.Csv;
import dev.fqlab.result.ResultMetricView;
import dev.fqlab.web.ApiError;
import dev.fqlab.web.ApiProblem;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * {@code GET /sweeps/{id}/table.csv}: the sweep's result table, one row per combination, ready for a spreadsheet or
 * a paper. Columns: each parameter (its label, else its value), {@code n} (repetitions with a result), then for
 * each chosen metric its chosen statistics, headed {@code "<metric> <statistic>"}. Metrics: those asked for, else
 * the sweep's own {@code metrics}, else all; a '*' in a name matches anything. Statistics: mean and
 * stddev unless asked otherwise (any of {@link #STATISTICS}). Numbers in plain decimal notation; a missing value is
 * an empty field.
 */
final class SweepTable {

    /** The statistics of {@link MetricStats}, by their JSON names; {@code stats=} takes them in any case. */
    static final List<String> STATISTICS = List.of("mean", "stddev", "min", "max", "n", "median", "ci95Low", "ci95High");
    static final List<String> DEFAULT_STATISTICS = List.of("mean", "stddev");

    private SweepTable() {
    }

    static String csv(SweepResource sweep, List<String> metricFilter, List<String> statistics) {
        List<String> metrics = metricFilter != null && !metricFilter.isEmpty() ? requested(sweep, metricFilter)
                : columns(sweep, sweep.metrics());
        // About 9 characters a number: grown once or not at all.
        StringBuilder csv = new StringBuilder(1024 + 9 * (sweep.rows().size() + 1) * (metrics.size() * statistics.size() + 1));
        List<String> header = new ArrayList<>();
        sweep.parameters().forEach(p -> header.add(p.header()));
        header.add("n");
        for (String metric : metrics) {
            statistics.forEach(s -> header.add(metric + " " + s));
        }
        Csv.line(csv, header);
        int[] chosen = new int[statistics.size()];
        for (int i = 0; i < chosen.length; i++) {
            chosen[i] = STATISTICS.indexOf(statistics.get(i));
        }
        // Tens of thousands of numbers: each written straight into the text (no field list, no boxing), the same
        // characters Csv.line(Csv.format(…)) wrote; numbers never need quoting.
        for (SweepRow row : sweep.rows()) {
            int[] index = SweepReader.indices(sweep.parameters(), row.combination());
            for (int i = 0; i < sweep.parameters().size(); i++) {
                if (i > 0) {
                    csv.append(',');
                }
                Csv.appendField(csv, sweep.parameters().get(i).display(index[i]));
            }
            if (!sweep.parameters().isEmpty()) {
                csv.append(',');
            }
            csv.append(row.succeeded());
            Map<String, MetricStats> rowMetrics = row.metrics();
            for (String metric : metrics) {
                MetricStats stats = rowMetrics.get(metric);
                for (int statistic : chosen) {
                    csv.append(',');
                    if (stats != null) {
                        appendStatistic(csv, stats, statistic);
                    }
                }
            }
            csv.append("\r\n");
        }
        return csv.toString();
    }

    /** The metric columns: the filter's entries in order, each expanded to the metrics it names, in row order. */
    static List<String> columns(SweepResource sweep, List<String> filter) {
        return columns(all(sweep), filter);
    }

    /** Every metric of the sweep's results, in row order (whichever of them the rows show). */
    static Set<String> all(SweepResource sweep) {
        return new LinkedHashSet<>(sweep.availableMetrics());
    }

    /**
     * The metrics a {@code metric} query parameter picks, or a 400 naming the parameter when one of its entries
     * matches no metric of the sweep's results (a typo would otherwise give an empty column or table). Before any
     * result exists every name is still possible, and nothing is refused.
     */
    static List<String> requested(SweepResource sweep, List<String> filter) {
        return requested(all(sweep), filter);
    }

    /** The same over the metric names {@code all}, in row order. */
    static List<String> requested(Set<String> all, List<String> filter) {
        if (filter == null || all.isEmpty()) {
            return columns(all, filter);
        }
        List<String> unmatched = filter.stream().filter(entry -> columns(all, List.of(entry)).stream()
                .noneMatch(all::contains)).toList();
        if (!unmatched.isEmpty()) {
            List<String> near = nearest(all, unmatched.getFirst());
            throw ApiProblem.invalid(List.of(ApiError.parameter("metric", (unmatched.size() == 1
                    ? "'" + unmatched.getFirst() + "' matches" : "'" + String.join("', '", unmatched) + "' match")
                    + " no metric of this sweep's results ('*' matches anything, e.g. flows.*.throughputMbps); "
                    + "the nearest of its " + all.size() + " metrics: " + String.join(", ", near)
                    + (near.size() == LISTED_METRICS ? ", …" : "") + " (all of them: availableMetrics of GET /sweeps/{id})")));
        }
        return columns(all, filter);
    }

    /** The metrics that share the longest prefix with {@code entry} (up to its first '*'): what was probably meant. */
    static List<String> nearest(Set<String> all, String entry) {
        String stem = entry.contains("*") ? entry.substring(0, entry.indexOf('*')) : entry;
        int best = all.stream().mapToInt(m -> commonPrefix(m, stem)).max().orElse(0);
        return all.stream().filter(m -> commonPrefix(m, stem) == best).limit(LISTED_METRICS).toList();
    }

    private static int commonPrefix(String a, String b) {
        int n = 0;
        while (n < a.length() && n < b.length() && a.charAt(n) == b.charAt(n)) {
            n++;
        }
        return n;
    }

    static List<String> columns(Set<String> all, List<String> filter) {
        if (filter == null) {
            return List.copyOf(all);
        }
        Set<String> chosen = new LinkedHashSet<>();
        for (String entry : filter) {
            if (entry.contains("*")) {
                // '*' matches anything: "flows.probe.*", "flows.*.throughputMbps"
                all.stream().filter(ResultMetricView.glob(entry)).forEach(chosen::add);
            } else {
                chosen.add(entry);
            }
        }
        return List.copyOf(chosen);
    }

    /** How many metric names a 400 lists before "…": a large WiFi sweep has hundreds. */
    static final int LISTED_METRICS = 30;

    /** The statistics named in a comma-separated list; null when one of them is not a statistic. */
    static List<String> statistics(List<String> requested) {
        if (requested == null || requested.isEmpty()) {
            return DEFAULT_STATISTICS;
        }
        List<String> chosen = new ArrayList<>();
        for (String value : requested) {
            for (String part : value.split(",")) {
                String statistic = STATISTICS.stream().filter(st -> st.equalsIgnoreCase(part.trim())).findFirst()
                        .orElse(null);
                if (statistic == null) {
                    return null;
                }
                if (!chosen.contains(statistic)) {
                    chosen.add(statistic);
                }
            }
        }
        return chosen;
    }

    /** Appends statistic {@code statistic} (an index into {@link #STATISTICS}) as {@code Csv.format} writes it. */
    private static void appendStatistic(StringBuilder csv, MetricStats stats, int statistic) {
        switch (statistic) {
            case 0 -> Csv.appendNumber(csv, stats.mean());
            case 1 -> appendNullable(csv, stats.stddev());
            case 2 -> Csv.appendNumber(csv, stats.min());
            case 3 -> Csv.appendNumber(csv, stats.max());
            case 4 -> csv.append(stats.n());
            case 5 -> Csv.appendNumber(csv, stats.median());
            case 6 -> appendNullable(csv, stats.ci95Low());
            case 7 -> appendNullable(csv, stats.ci95High());
            default -> throw new IllegalArgumentException("statistic " + statistic);
        }
    }

    private static void appendNullable(StringBuilder csv, Double value) {
        if (value != null) {
            Csv.appendNumber(csv, value);
        }
    }
}
