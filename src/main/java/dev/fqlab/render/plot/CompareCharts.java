package dev.fqlab.render.plot;

import dev.fqlab.render.ExperimentOutcome;
import dev.fqlab.render.compare.Comparison;
import dev.fqlab.render.compare.MeasuredRun;
import dev.fqlab.sim.result.FlowResult;
import dev.fqlab.sim.result.Series;
import java.awt.BasicStroke;
import java.awt.Font;
import java.awt.Stroke;
import java.util.List;
import java.util.Map;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.CategoryAxis;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.labels.StandardCategoryItemLabelGenerator;
import org.jfree.chart.plot.CategoryPlot;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.category.BarRenderer;
import org.jfree.chart.renderer.xy.XYLineAndShapeRenderer;
import org.jfree.chart.renderer.xy.XYStepRenderer;
import org.jfree.chart.title.TextTitle;
import org.jfree.data.category.DefaultCategoryDataset;
import org.jfree.data.xy.XYSeries;
import org.jfree.data.xy.XYSeriesCollection;

/**
 * The overlay plots of a comparison. Each column (experiment or measurement) has one colour; within a column each
 * flow or series has its own dash, in scenario order, so "the same flow under another configuration" is the same
 * dash in another colour. Measurements' times are seconds from their own start, as flent plots them.
 */
public final class CompareCharts {

    /** Dashes for the flows of one column, in turn. */
    private static final Stroke[] DASHES = {
            ChartStyle.LINE,
            ChartStyle.DASHED,
            new BasicStroke(1.6f, BasicStroke.CAP_ROUND, BasicStroke.JOIN_ROUND, 1f, new float[] {1.5f, 3f}, 0f),
            new BasicStroke(1.6f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_ROUND, 1f, new float[] {9f, 3f, 1.5f, 3f}, 0f)};

    /** The counters of the qdisc plot, as the result names them (results.md {@code qdisc}). */
    static final List<String> QDISC_COUNTERS = List.of("dropped", "overlimits", "requeues", "ecnMark",
            "dropOverlimit", "newFlowCount", "backlogPackets");

    /** The same counters as {@code tc -s qdisc} prints them, for the plot's categories. */
    static final List<String> TC_NAMES = List.of("dropped", "overlimits", "requeues", "ecn_mark", "drop_overlimit",
            "new_flow_count", "backlog (p)");

    private CompareCharts() {
    }

    /** A column: its label and what it holds (an experiment's outcome or a measured run). */
    public record Column(String label, ExperimentOutcome experiment, MeasuredRun measured, Map<String, Double> metrics) {
    }

    /** Each flow's goodput per interval (an experiment's series, a measurement's data series). */
    public static JFreeChart throughput(List<Column> columns) {
        Overlay overlay = new Overlay();
        for (int c = 0; c < columns.size(); c++) {
            Column column = columns.get(c);
            int flow = 0;
            if (column.experiment() != null) {
                Series s = column.experiment().result().series();
                if (s != null && s.flows() != null && s.t() != null) {
                    for (Map.Entry<String, Series.FlowSeries> f : s.flows().entrySet()) {
                        overlay.add(series(column.label() + ": " + f.getKey(), s.t(), f.getValue().throughputMbps()), c, flow++);
                    }
                }
            } else {
                for (Map.Entry<String, List<Double>> f : column.measured().throughput().entrySet()) {
                    overlay.add(series(column.label() + ": " + f.getKey(), column.measured().t(), f.getValue()), c, flow++);
                }
            }
        }
        XYLineAndShapeRenderer renderer = new XYLineAndShapeRenderer(true, false);
        overlay.style(renderer);
        XYPlot plot = new XYPlot(overlay.data, new NumberAxis("Time (s)"), new NumberAxis("Goodput (Mbit/s)"), renderer);
        plot.setNoDataMessage("No throughput series in these experiments or measurements");
        return chart("Throughput per flow", plot, "Per interval; measurements from flent's data series");
    }

    /** Each experiment flow's one-way latency over every packet after the warm-up. */
    public static JFreeChart latencyCdf(List<Column> columns) {
        Overlay overlay = new Overlay();
        for (int c = 0; c < columns.size(); c++) {
            ExperimentOutcome o = columns.get(c).experiment();
            if (o == null) {
                continue;
            }
            int flow = 0;
            for (FlowResult f : o.result().flows()) {
                if (f.latencyMs() != null && f.latencyMs().distribution() != null) {
                    overlay.add(ResultCharts.distributionCdf(columns.get(c).label() + ": " + f.name(),
                            f.latencyMs().distribution()), c, flow);
                }
                flow++;
            }
        }
        return cdf("Latency CDF, one-way", overlay, "One-way latency (ms)",
                "Every packet after each experiment's warm-up (steps at most 1.6 % of the latency wide)");
    }

    /** Round trips: experiments' ping flows (every probe) and measurements' ping series (every probe flent kept). */
    public static JFreeChart pingCdf(List<Column> columns) {
        Overlay overlay = new Overlay();
        for (int c = 0; c < columns.size(); c++) {
            Column column = columns.get(c);
            int flow = 0;
            if (column.experiment() != null) {
                for (FlowResult f : column.experiment().result().flows()) {
                    if (f.rttMs() != null && f.rttMs().distribution() != null) {
                        overlay.add(ResultCharts.distributionCdf(column.label() + ": " + f.name() + " RTT",
                                f.rttMs().distribution()), c, flow++);
                    }
                }
            } else {
                for (Map.Entry<String, List<Double>> p : column.measured().pings().entrySet()) {
                    overlay.add(ResultCharts.samplesCdf(column.label() + ": " + p.getKey(), p.getValue()), c, flow++);
                }
            }
        }
        return cdf("Ping CDF (round trip)", overlay, "Round-trip time (ms)",
                "Experiments' ping flows and measurements' ping series, every probe");
    }

    /** The down qdisc's counters, one bar per column: tc -s qdisc side by side. */
    public static JFreeChart qdisc(List<Column> columns) {
        DefaultCategoryDataset data = new DefaultCategoryDataset();
        boolean any = false;
        for (Column column : columns) {
            for (String counter : QDISC_COUNTERS) {
                Double v = column.metrics().get("qdisc." + counter);
                if (v != null) {
                    any = true;
                }
                data.addValue(v, column.label(), TC_NAMES.get(QDISC_COUNTERS.indexOf(counter)));
            }
        }
        BarRenderer renderer = new BarRenderer();
        renderer.setShadowVisible(false);
        renderer.setDrawBarOutline(false);
        renderer.setDefaultItemLabelGenerator(new StandardCategoryItemLabelGenerator());
        renderer.setDefaultItemLabelsVisible(true);
        renderer.setDefaultItemLabelFont(new Font(Font.SANS_SERIF, Font.PLAIN, 9));
        for (int c = 0; c < columns.size(); c++) {
            renderer.setSeriesPaint(c, ChartStyle.colour(c));
        }
        CategoryAxis x = new CategoryAxis("Counter (tc -s qdisc); backlog at the end");
        x.setMaximumCategoryLabelLines(2);
        NumberAxis y = new NumberAxis("Packets");
        y.setAutoRangeMinimumSize(1);
        CategoryPlot plot = new CategoryPlot(any ? data : new DefaultCategoryDataset(), x, y, renderer);
        plot.setNoDataMessage("No qdisc counters: the measurements' files carry no tc statistics");
        return chart("Qdisc counters", plot, "The down qdisc; a measurement's from flent's tc statistics before and after the run");
    }

    private static JFreeChart cdf(String title, Overlay overlay, String xLabel, String subtitle) {
        XYStepRenderer renderer = new XYStepRenderer();
        overlay.style(renderer);
        NumberAxis y = new NumberAxis("Cumulative probability");
        y.setRange(0, 1.02);
        XYPlot plot = new XYPlot(overlay.data, ResultCharts.latencyAxis(overlay.data, xLabel), y, renderer);
        plot.setNoDataMessage("No samples to draw");
        return chart(title, plot, subtitle);
    }

    private static JFreeChart chart(String title, org.jfree.chart.plot.Plot plot, String subtitle) {
        JFreeChart chart = new JFreeChart(title, JFreeChart.DEFAULT_TITLE_FONT, plot, true);
        ChartStyle.apply(chart);
        chart.addSubtitle(new TextTitle(subtitle, new Font(Font.SANS_SERIF, Font.ITALIC, 11)));
        return chart;
    }

    private static XYSeries series(String name, List<Double> t, List<Double> values) {
        XYSeries s = new XYSeries(name, false, true);
        for (int i = 0; i < t.size(); i++) {
            s.add(t.get(i), values == null || i >= values.size() ? null : values.get(i));
        }
        return s;
    }

    /** Series with their column (colour) and their place in it (dash). */
    private static final class Overlay {
        final XYSeriesCollection data = new XYSeriesCollection();
        private final java.util.ArrayList<int[]> styles = new java.util.ArrayList<>();

        void add(XYSeries series, int column, int flow) {
            // Two columns may name a flow alike: the label carries the column, so keys stay unique.
            data.addSeries(series);
            styles.add(new int[] {column, flow});
        }

        void style(org.jfree.chart.renderer.xy.AbstractXYItemRenderer renderer) {
            for (int i = 0; i < styles.size(); i++) {
                renderer.setSeriesPaint(i, ChartStyle.colour(styles.get(i)[0]));
                renderer.setSeriesStroke(i, DASHES[styles.get(i)[1] % DASHES.length]);
            }
        }
    }

    /** Labels the columns for the legends: "1 fq_codel-run", "2 pfifo-run", … so that equal names stay apart. */
    public static String label(int index, Comparison.Column column) {
        return (index + 1) + " " + column.name();
    }
}
