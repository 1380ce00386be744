package dev.fqlab.render.plot;

import dev.fqlab.sweep.MetricStats;
import dev.fqlab.sweep.SweepParameter;
import dev.fqlab.sweep.SweepResource;
import dev.fqlab.sweep.SweepRow;
import java.awt.BasicStroke;
import java.awt.Font;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.CategoryAxis;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.plot.CategoryPlot;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.category.StatisticalBarRenderer;
import org.jfree.chart.renderer.xy.XYErrorRenderer;
import org.jfree.chart.title.TextTitle;
import org.jfree.data.statistics.DefaultStatisticalCategoryDataset;
import org.jfree.data.xy.YIntervalSeries;
import org.jfree.data.xy.YIntervalSeriesCollection;
import tools.jackson.databind.JsonNode;

/**
 * One metric of a sweep against its first parameter (api.md {@code /sweeps/{id}/plots/{metric}.svg}): each
 * combination's mean over its repetitions, with an error bar of ± one sample standard deviation. When the first
 * parameter's values are plain numbers the x axis is numeric and the means are joined by lines (a curve, like
 * throughput against pacing shift); otherwise each value (or its label) is a bar. Every other parameter's values
 * make one series each, so a two-parameter sweep is a family of curves.
 */
public final class SweepCharts {

    private SweepCharts() {
    }

    public static JFreeChart chart(SweepResource sweep, String metric) {
        List<SweepParameter> parameters = sweep.parameters();
        JFreeChart chart = !parameters.isEmpty() && numeric(parameters.getFirst())
                ? curves(sweep, metric) : bars(sweep, metric);
        ChartStyle.apply(chart);
        chart.addSubtitle(new TextTitle(subtitle(sweep), new Font(Font.SANS_SERIF, Font.PLAIN, 12)));
        chart.addSubtitle(new TextTitle("Mean over the repetitions that succeeded; error bars: ± 1 sample standard deviation",
                new Font(Font.SANS_SERIF, Font.ITALIC, 11)));
        return chart;
    }

    /** A numeric first parameter: x is its value, one line per combination of the other parameters. */
    private static JFreeChart curves(SweepResource sweep, String metric) {
        Map<String, YIntervalSeries> series = new LinkedHashMap<>();
        for (SweepRow row : sweep.rows()) {
            int[] index = sweep.valueIndices(row);
            String key = seriesKey(sweep, index, metric);
            YIntervalSeries curve = series.computeIfAbsent(key, k -> new YIntervalSeries(k, true, true));
            MetricStats stats = row.metrics().get(metric);
            if (stats != null) {
                double x = sweep.parameters().getFirst().values().get(index[0]).doubleValue();
                double spread = stats.stddev() == null ? 0 : stats.stddev();
                curve.add(x, stats.mean(), stats.mean() - spread, stats.mean() + spread);
            }
        }
        YIntervalSeriesCollection data = new YIntervalSeriesCollection();
        series.values().stream().filter(s -> s.getItemCount() > 0).forEach(data::addSeries);
        XYErrorRenderer renderer = new XYErrorRenderer();
        renderer.setDrawXError(false);
        renderer.setDefaultLinesVisible(true);
        renderer.setCapLength(8);
        renderer.setErrorStroke(new BasicStroke(1.2f));
        for (int i = 0; i < data.getSeriesCount(); i++) {
            renderer.setSeriesPaint(i, ChartStyle.colour(i));
            renderer.setSeriesStroke(i, ChartStyle.LINE);
        }
        NumberAxis x = new NumberAxis(sweep.parameters().getFirst().header());
        x.setAutoRangeIncludesZero(false);
        if (sweep.parameters().getFirst().values().stream().allMatch(JsonNode::canConvertToExactIntegral)) {
            x.setStandardTickUnits(NumberAxis.createIntegerTickUnits());
        }
        XYPlot plot = new XYPlot(data, x, valueAxis(metric), renderer);
        plot.setNoDataMessage(noData(sweep, metric));
        return new JFreeChart(metric, JFreeChart.DEFAULT_TITLE_FONT, plot, data.getSeriesCount() > 1);
    }

    /** A first parameter of labels, strings or objects (or none): one bar per value, grouped by the others. */
    private static JFreeChart bars(SweepResource sweep, String metric) {
        DefaultStatisticalCategoryDataset data = new DefaultStatisticalCategoryDataset();
        boolean any = false;
        for (SweepRow row : sweep.rows()) {
            int[] index = sweep.valueIndices(row);
            String category = sweep.parameters().isEmpty() ? "all" : sweep.parameters().getFirst().display(index[0]);
            MetricStats stats = row.metrics().get(metric);
            if (stats != null) {
                data.add(stats.mean(), stats.stddev() == null ? 0 : stats.stddev(), seriesKey(sweep, index, metric), category);
                any = true;
            }
        }
        StatisticalBarRenderer renderer = new StatisticalBarRenderer();
        renderer.setErrorIndicatorPaint(ChartStyle.QDISC);
        renderer.setShadowVisible(false);
        renderer.setItemMargin(0.05);
        CategoryAxis x = new CategoryAxis(sweep.parameters().isEmpty() ? null : sweep.parameters().getFirst().header());
        x.setMaximumCategoryLabelLines(3);
        CategoryPlot plot = new CategoryPlot(any ? data : new DefaultStatisticalCategoryDataset(), x, valueAxis(metric), renderer);
        plot.setNoDataMessage(noData(sweep, metric));
        // No per-series paints: the theme's palette gives series i the colour ChartStyle.colour(i) anyway.
        return new JFreeChart(metric, JFreeChart.DEFAULT_TITLE_FONT, plot, data.getRowCount() > 1);
    }

    /** The other parameters' values of a row ("rate=10, quantum=q300"); the metric when there are none. */
    private static String seriesKey(SweepResource sweep, int[] index, String metric) {
        List<String> parts = new ArrayList<>();
        for (int i = 1; i < sweep.parameters().size(); i++) {
            parts.add(sweep.parameters().get(i).header() + "=" + sweep.parameters().get(i).display(index[i]));
        }
        return parts.isEmpty() ? metric : String.join(", ", parts);
    }

    /** The y axis, labelled with the metric's quantity and unit (metric names: sweep.ResultMetrics). */
    static NumberAxis valueAxis(String metric) {
        NumberAxis axis = new NumberAxis(quantity(metric));
        axis.setAutoRangeIncludesZero(true);
        axis.setAutoRangeMinimumSize(1e-6);
        if (metric.endsWith("Share") || metric.startsWith("summary.jain")) {
            axis.setRange(0, 1.05);
        }
        return axis;
    }

    /**
     * "flow tcp: throughput (Mbit/s)" for {@code flows.tcp.throughputMbps}, "total throughput (Mbit/s)" for
     * {@code summary.throughputMbps}, "flow ping: RTT p99 (ms)" for {@code flows.ping.rttMs.p99}, "flow udp1:
     * reorderedPackets", "TXQ sta1 TID 0: drops", "qdisc: newFlowCount"; other fields by their result name.
     */
    static String quantity(String metric) {
        for (String owner : List.of("flows.", "stations.")) {
            if (metric.startsWith(owner)) {
                String rest = metric.substring(owner.length());
                String who = owner.substring(0, owner.length() - 2) + " ";
                for (String field : List.of(".throughputMbps", ".airtimeShare", ".latencyMs.", ".rttMs.", ".upLatencyMs.", ".tcp.")) {
                    int at = rest.lastIndexOf(field);
                    if (at > 0) {
                        return who + rest.substring(0, at) + ": " + field(rest.substring(at + 1));
                    }
                }
                int dot = rest.lastIndexOf('.');
                return dot > 0 ? who + rest.substring(0, dot) + ": " + rest.substring(dot + 1) : metric;
            }
        }
        if (metric.startsWith("txqs.")) {
            // txqs.<station>.<tid>.<field>: station names may hold dots, the TID and field do not
            String rest = metric.substring("txqs.".length());
            int fieldDot = rest.lastIndexOf('.');
            int tidDot = fieldDot > 0 ? rest.lastIndexOf('.', fieldDot - 1) : -1;
            if (tidDot > 0) {
                return "TXQ " + rest.substring(0, tidDot) + " TID " + rest.substring(tidDot + 1, fieldDot) + ": "
                        + rest.substring(fieldDot + 1);
            }
        }
        for (String part : List.of("qdisc.", "qdiscUp.", "engine.")) {
            if (metric.startsWith(part)) {
                return (part.equals("qdiscUp.") ? "up qdisc" : part.substring(0, part.length() - 1)) + ": "
                        + metric.substring(part.length());
            }
        }
        if (metric.equals("summary.throughputMbps")) {
            return "total throughput (Mbit/s)";
        }
        return metric.startsWith("summary.") ? field(metric.substring("summary.".length())) : metric;
    }

    private static String field(String field) {
        return switch (field) {
            case "throughputMbps" -> "throughput (Mbit/s)";
            case "airtimeShare" -> "airtime share";
            case "jainThroughput" -> "Jain's index of throughput";
            case "jainAirtime" -> "Jain's index of airtime";
            default -> {
                if (field.startsWith("latencyMs.")) {
                    yield "one-way latency " + field.substring("latencyMs.".length()) + " (ms)";
                }
                if (field.startsWith("upLatencyMs.")) {
                    yield "up one-way latency " + field.substring("upLatencyMs.".length()) + " (ms)";
                }
                if (field.startsWith("tcp.")) {
                    yield "TCP " + field.substring("tcp.".length());
                }
                yield field.startsWith("rttMs.") ? "RTT " + field.substring("rttMs.".length()) + " (ms)" : field;
            }
        };
    }

    private static String subtitle(SweepResource sweep) {
        String name = sweep.name() != null ? sweep.name() : sweep.preset() != null ? sweep.preset() : sweep.id().toString();
        return name + " · " + sweep.combinations() + " combination" + (sweep.combinations() == 1 ? "" : "s") + " × "
                + sweep.repetitions() + " repetition" + (sweep.repetitions() == 1 ? "" : "s") + " · " + sweep.status();
    }

    private static String noData(SweepResource sweep, String metric) {
        return sweep.rows().stream().allMatch(r -> r.succeeded() == 0)
                ? "No results yet: the sweep's experiments are " + sweep.status().toString().toLowerCase(java.util.Locale.ROOT)
                : "No values of " + metric + " in the results";
    }

    private static boolean numeric(SweepParameter parameter) {
        return parameter.labels() == null && parameter.values().stream().allMatch(JsonNode::isNumber);
    }
}
