package dev.fqlab.render.report;

import dev.fqlab.render.plot.SweepCharts;
import dev.fqlab.render.plot.Svg;
import dev.fqlab.sweep.MetricStats;
import dev.fqlab.sweep.SweepParameter;
import dev.fqlab.sweep.SweepResource;
import dev.fqlab.sweep.SweepRow;
import dev.fqlab.sweep.SweepWarning;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.springframework.stereotype.Component;

/**
 * The report of one sweep: what it varied, its table (mean ± standard deviation per combination, with links to
 * every repetition's own report) and a plot per metric, on one self-contained HTML page. Links are relative to
 * {@code /api/v1/sweeps/{id}/report}.
 */
@Component
public final class SweepReportPage {

    /** More plots than this make a page nobody scrolls through; table.csv has every metric. */
    static final int MAX_METRICS = 8;
    /** What the report shows when the sweep names no metrics: totals, then each flow's goodput and tail latency. */
    static final List<String> DEFAULT_METRICS = List.of("summary.throughputMbps", "flows.*.throughputMbps",
            "flows.*.rttMs.p99", "flows.*.latencyMs.p99");
    private static final DateTimeFormatter TIME =
            DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss 'UTC'").withZone(ZoneOffset.UTC);

    private final PageTemplate template = new PageTemplate("/render/sweep-report.mustache");

    public String render(SweepResource sweep) {
        return template.render(model(sweep));
    }

    Model model(SweepResource sweep) {
        List<String> metrics = metrics(sweep);
        List<Plot> plots = new ArrayList<>();
        for (int i = 0; i < metrics.size(); i++) {
            String metric = metrics.get(i);
            plots.add(new Plot(metric, "plots/" + metric + ".svg", Svg.inline(SweepCharts.chart(sweep, metric), "plot-" + i)));
        }
        List<String> header = new ArrayList<>();
        sweep.parameters().forEach(p -> header.add(p.header()));
        header.add("n");
        metrics.forEach(header::add);
        List<Row> rows = new ArrayList<>();
        for (SweepRow row : sweep.rows()) {
            int[] index = sweep.valueIndices(row);
            List<String> values = new ArrayList<>();
            for (int p = 0; p < sweep.parameters().size(); p++) {
                values.add(sweep.parameters().get(p).display(index[p]));
            }
            List<String> cells = new ArrayList<>();
            cells.add(row.succeeded() + " / " + row.experiments().size());
            metrics.forEach(m -> cells.add(meanAndSpread(row.metrics().get(m))));
            List<Run> runs = new ArrayList<>();
            for (int r = 0; r < row.experiments().size(); r++) {
                runs.add(new Run(Integer.toString(r + 1), "../../experiments/" + row.experiments().get(r) + "/report"));
            }
            rows.add(new Row(values, cells, runs));
        }
        List<ParameterRow> parameters = sweep.parameters().stream().map(SweepReportPage::parameter).toList();
        List<String> warnings = sweep.warnings() == null ? List.of()
                : sweep.warnings().stream().map(SweepWarning::message).toList();
        return new Model(title(sweep), sweep.id().toString(), "../" + sweep.id(), facts(sweep), parameters, warnings,
                header, rows, plots, metrics.size() < sweep.metricNames(null).size());
    }

    /**
     * The sweep's own metrics, else {@link #DEFAULT_METRICS} without what belongs to a ping flow only by accident
     * (its goodput, its one-way latency next to its RTT); those the results have, at most {@link #MAX_METRICS}.
     * A '*' in a name matches anything, so {@code flows.*.throughputMbps} is every flow's goodput.
     */
    static List<String> metrics(SweepResource sweep) {
        List<String> available = sweep.metricNames(null);
        boolean defaults = sweep.metrics() == null;
        List<String> chosen = sweep.metricNames(defaults ? DEFAULT_METRICS : sweep.metrics()).stream()
                .filter(available::contains)
                .filter(m -> !defaults || !pingOnly(m, available))
                .toList();
        return chosen.subList(0, Math.min(MAX_METRICS, chosen.size()));
    }

    /** A flow with an RTT is a ping: its goodput is its probes', and its RTT says more than its one-way latency. */
    private static boolean pingOnly(String metric, List<String> available) {
        for (String suffix : List.of(".throughputMbps", ".latencyMs.p99")) {
            if (metric.startsWith("flows.") && metric.endsWith(suffix)
                    && available.contains(metric.substring(0, metric.length() - suffix.length()) + ".rttMs.p99")) {
                return true;
            }
        }
        return false;
    }

    private static List<Fact> facts(SweepResource sweep) {
        List<Fact> facts = new ArrayList<>();
        facts.add(new Fact("Status", sweep.status().name() + (sweep.progress() < 1
                ? String.format(Locale.ROOT, " (%.0f %% done)", sweep.progress() * 100) : "")));
        facts.add(new Fact("Base", sweep.base() != null && sweep.base().hasNonNull("preset")
                ? "preset " + sweep.base().get("preset").asString() : "a scenario (see the sweep's JSON)"));
        facts.add(new Fact("Size", sweep.combinations() + " combination" + (sweep.combinations() == 1 ? "" : "s") + " × "
                + sweep.repetitions() + " repetition" + (sweep.repetitions() == 1 ? "" : "s") + " = "
                + sweep.experiments() + " experiments, " + sweep.reused() + " reused from earlier runs"));
        facts.add(new Fact("Seeds", "base seed + r for repetition r = 0 … " + (sweep.repetitions() - 1)));
        facts.add(new Fact("Submitted", time(sweep.submittedAt())));
        facts.add(new Fact("Finished", time(sweep.finishedAt())));
        return facts;
    }

    private static ParameterRow parameter(SweepParameter p) {
        List<String> values = new ArrayList<>();
        for (int i = 0; i < p.values().size(); i++) {
            values.add(p.display(i));
        }
        return new ParameterRow(p.header(), p.pointer(), String.join(", ", values));
    }

    /** "123.2 ± 0.52"; one repetition has no spread; "–" without a value. */
    static String meanAndSpread(MetricStats stats) {
        if (stats == null) {
            return Numbers.NONE;
        }
        return Numbers.decimal(stats.mean()) + (stats.stddev() == null ? "" : " ± " + Numbers.decimal(stats.stddev()));
    }

    private static String title(SweepResource sweep) {
        return sweep.name() != null ? sweep.name() : sweep.preset() != null ? sweep.preset() : "sweep " + sweep.id();
    }

    private static String time(Instant instant) {
        return instant == null ? Numbers.NONE : TIME.format(instant);
    }

    /** What the template sees. */
    record Model(String title, String id, String self, List<Fact> facts, List<ParameterRow> parameters,
                 List<String> warnings, List<String> header, List<Row> rows, List<Plot> plots, boolean moreMetrics) {

        public boolean hasWarnings() {
            return !warnings.isEmpty();
        }
    }

    record Fact(String name, String value) {
    }

    record ParameterRow(String name, String pointer, String values) {
    }

    record Row(List<String> values, List<String> cells, List<Run> runs) {
    }

    record Run(String label, String href) {
    }

    record Plot(String title, String href, String svg) {
    }
}
