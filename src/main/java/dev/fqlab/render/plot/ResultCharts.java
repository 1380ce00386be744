package dev.fqlab.render.plot;

import dev.fqlab.render.ExperimentOutcome;
import dev.fqlab.sim.result.FlowResult;
import dev.fqlab.sim.result.LatencyDistribution;
import dev.fqlab.sim.result.LatencyStats;
import dev.fqlab.sim.result.Series;
import java.awt.Color;
import java.awt.Font;
import java.awt.Paint;
import java.text.DecimalFormat;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.LogAxis;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.axis.NumberTickUnit;
import org.jfree.chart.axis.ValueAxis;
import org.jfree.chart.plot.CombinedDomainXYPlot;
import org.jfree.chart.plot.IntervalMarker;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.xy.XYBarRenderer;
import org.jfree.chart.renderer.xy.XYItemRenderer;
import org.jfree.chart.renderer.xy.XYLineAndShapeRenderer;
import org.jfree.chart.renderer.xy.XYStepRenderer;
import org.jfree.chart.title.TextTitle;
import org.jfree.chart.ui.Layer;
import org.jfree.chart.ui.RectangleAnchor;
import org.jfree.chart.ui.RectangleInsets;
import org.jfree.chart.ui.TextAnchor;
import org.jfree.data.xy.XYSeries;
import org.jfree.data.xy.XYSeriesCollection;

/**
 * The charts of one experiment. Time plots have simulated seconds on x and shade the warm-up, which the result's
 * statistics leave out; the latency CDF leaves it out too. A series' colour is its flow's (or station's) place in
 * the scenario, the same in every plot.
 */
public final class ResultCharts {

    private static final String TIME_AXIS = "Simulated time (s)";

    private ResultCharts() {
    }

    public static JFreeChart chart(PlotKind kind, ExperimentOutcome outcome) {
        JFreeChart chart = switch (kind) {
            case THROUGHPUT -> throughput(outcome);
            case LATENCY_CDF -> latencyCdf(outcome);
            case AIRTIME -> airtime(outcome);
            case BACKLOG -> backlog(outcome);
            case TCP -> tcp(outcome);
        };
        ChartStyle.apply(chart);
        chart.addSubtitle(new TextTitle(outcome.title(), new Font(Font.SANS_SERIF, Font.PLAIN, 12)));
        return chart;
    }

    /** Goodput of every flow per interval, and of every station (dashed) on WiFi links. */
    static JFreeChart throughput(ExperimentOutcome outcome) {
        Series series = outcome.result().series();
        XYSeriesCollection data = new XYSeriesCollection();
        List<Paint> colours = new ArrayList<>();
        int flowCount = 0;
        for (Map.Entry<String, Series.FlowSeries> flow : flows(series)) {
            data.addSeries(timeSeries(flow.getKey(), series.t(), flow.getValue().throughputMbps()));
            colours.add(ChartStyle.colour(flowCount++));
        }
        int station = 0;
        for (Map.Entry<String, Series.StationSeries> s : stations(series)) {
            data.addSeries(timeSeries("station " + s.getKey(), series.t(), s.getValue().throughputMbps()));
            colours.add(stationColour(series, station++));
        }
        XYLineAndShapeRenderer renderer = lines(colours);
        for (int i = flowCount; i < colours.size(); i++) {
            renderer.setSeriesStroke(i, ChartStyle.DASHED);
        }
        XYPlot plot = timePlot(data, renderer, "Goodput (Mbit/s)", outcome);
        plot.setNoDataMessage("No time series: the scenario's sampleIntervalMs is 0");
        return new JFreeChart(PlotKind.THROUGHPUT.title(), JFreeChart.DEFAULT_TITLE_FONT, plot, true);
    }

    /**
     * The CDF of each flow's one-way latency over every packet delivered after the warm-up, from the result's
     * distribution (exact counts at cells at most 1.6 % wide): the same kind of curve as flent's ping_cdf. A result
     * stored before distributions existed falls back to the per-interval means of its time series.
     */
    static JFreeChart latencyCdf(ExperimentOutcome outcome) {
        double warmupS = outcome.scenario().warmupS();
        XYSeriesCollection data = new XYSeriesCollection();
        boolean perPacket = true;
        List<FlowResult> flows = outcome.result().flows() == null ? List.of() : outcome.result().flows();
        for (FlowResult flow : flows) {
            LatencyStats latency = flow.latencyMs();
            if (latency != null && latency.distribution() != null) {
                data.addSeries(distributionCdf(flow.name(), latency.distribution()));
            } else if (latency != null && latency.samples() > 0) {
                perPacket = false;
                data.addSeries(intervalMeansCdf(flow.name(), outcome, warmupS));
            } else {
                data.addSeries(new XYSeries(flow.name(), false, true));
            }
        }
        XYStepRenderer renderer = new XYStepRenderer();
        for (int i = 0; i < data.getSeriesCount(); i++) {
            renderer.setSeriesPaint(i, ChartStyle.colour(i));
            renderer.setSeriesStroke(i, ChartStyle.LINE);
        }
        ValueAxis x = latencyAxis(data, perPacket ? "One-way latency (ms)" : "One-way latency (ms), mean per interval");
        NumberAxis y = new NumberAxis("Cumulative probability");
        y.setRange(0, 1.02);
        XYPlot plot = new XYPlot(data, x, y, renderer);
        plot.setNoDataMessage("No latency samples after the warm-up");
        JFreeChart chart = new JFreeChart(PlotKind.LATENCY_CDF.title(), JFreeChart.DEFAULT_TITLE_FONT, plot, true);
        String window = warmupS > 0 ? " after the " + number(warmupS) + " s warm-up" : "";
        chart.addSubtitle(new TextTitle(perPacket
                ? "Every packet" + window + " (HdrHistogram, steps at most 1.6 % of the latency wide)"
                : "Per-interval means" + window + " (a result stored before per-packet distributions)",
                new Font(Font.SANS_SERIF, Font.ITALIC, 11)));
        return chart;
    }

    /**
     * A distribution as a step curve: from probability 0 at its first value, up to {@code atMost[i] / n} at each
     * {@code ms[i]}, flat until the next point (the counts are exact at the points).
     */
    public static XYSeries distributionCdf(String name, LatencyDistribution d) {
        XYSeries cdf = new XYSeries(name, false, true);
        if (d == null || d.ms().isEmpty()) {
            return cdf;
        }
        double n = d.atMost().getLast();
        cdf.add(d.ms().getFirst().doubleValue(), 0.0);
        for (int i = 0; i < d.ms().size(); i++) {
            cdf.add(d.ms().get(i).doubleValue(), d.atMost().get(i) / n);
        }
        return cdf;
    }

    /** The empirical CDF of the flow's per-interval mean latencies after the warm-up. */
    private static XYSeries intervalMeansCdf(String flow, ExperimentOutcome outcome, double warmupS) {
        Series series = outcome.result().series();
        List<Double> samples = new ArrayList<>();
        Series.FlowSeries flowSeries = series == null || series.flows() == null ? null : series.flows().get(flow);
        List<Double> latency = flowSeries == null ? null : flowSeries.latencyMs();
        for (int i = 0; latency != null && i < series.t().size() && i < latency.size(); i++) {
            if (series.t().get(i) > warmupS && latency.get(i) != null) {
                samples.add(latency.get(i));
            }
        }
        return samplesCdf(flow, samples);
    }

    /** The empirical CDF of {@code samples} (flent's way: i/n at the i-th smallest). */
    public static XYSeries samplesCdf(String name, List<Double> samples) {
        List<Double> sorted = new ArrayList<>(samples);
        sorted.sort(null);
        XYSeries cdf = new XYSeries(name, false, true);
        if (!sorted.isEmpty()) {
            cdf.add(sorted.getFirst().doubleValue(), 0.0);
            for (int i = 0; i < sorted.size(); i++) {
                cdf.add(sorted.get(i).doubleValue(), (i + 1) / (double) sorted.size());
            }
        }
        return cdf;
    }

    /**
     * Each station's share of the medium per interval. A wired link has no stations: the chart then says so in
     * place of data, so a dashboard or script that fetches every plot still gets a readable image.
     */
    static JFreeChart airtime(ExperimentOutcome outcome) {
        Series series = outcome.result().series();
        XYSeriesCollection data = new XYSeriesCollection();
        List<Paint> colours = new ArrayList<>();
        for (Map.Entry<String, Series.StationSeries> station : stations(series)) {
            data.addSeries(timeSeries(station.getKey(), series.t(), percent(station.getValue().airtimeShare())));
            colours.add(stationColour(series, colours.size()));
        }
        XYPlot plot = timePlot(data, lines(colours), "Airtime (% of the interval)", outcome);
        plot.setNoDataMessage(outcome.scenario().wired()
                ? "No stations on a wired link: airtime is measured per WiFi station"
                : "No station time series: the scenario's sampleIntervalMs is 0");
        return new JFreeChart(PlotKind.AIRTIME.title(), JFreeChart.DEFAULT_TITLE_FONT, plot, true);
    }

    /**
     * The down qdisc's backlog at the end of each interval (and each station's on WiFi), its drops per interval
     * below. A {@code noqueue} qdisc holds nothing and drops nothing, so it is left out.
     */
    static JFreeChart backlog(ExperimentOutcome outcome) {
        Series series = outcome.result().series();
        String qdisc = outcome.scenario().qdiscType();
        boolean hasQdisc = series != null && series.qdisc() != null && series.t() != null
                && outcome.scenario().hasQdiscQueue();
        XYSeriesCollection backlog = new XYSeriesCollection();
        List<Paint> colours = new ArrayList<>();
        if (hasQdisc) {
            backlog.addSeries(timeSeries(qdisc + " (down)", series.t(), series.qdisc().backlogPackets()));
            colours.add(ChartStyle.QDISC);
        }
        int station = 0;
        for (Map.Entry<String, Series.StationSeries> s : stations(series)) {
            backlog.addSeries(timeSeries("station " + s.getKey(), series.t(), s.getValue().backlogPackets()));
            colours.add(stationColour(series, station++));
        }
        XYPlot backlogPlot = new XYPlot(backlog, null, packetsAxis("Backlog (packets)"), lines(colours));
        backlogPlot.setNoDataMessage("No time series: the scenario's sampleIntervalMs is 0");
        CombinedDomainXYPlot plot = new CombinedDomainXYPlot(timeAxis(outcome));
        plot.setGap(8);
        plot.add(backlogPlot, 3);
        if (backlog.getSeriesCount() > 0) {
            shadeWarmup(backlogPlot, outcome.scenario().warmupS(), true);
        }
        if (hasQdisc) {
            XYSeriesCollection drops = new XYSeriesCollection();
            drops.addSeries(timeSeries(qdisc + " drops", series.t(), series.qdisc().drops()));
            // t is the end of each interval: a bar covers the interval it counts.
            drops.setIntervalWidth(series.intervalMs() / 1000);
            drops.setIntervalPositionFactor(1.0);
            XYBarRenderer bars = new XYBarRenderer(0.1);
            bars.setShadowVisible(false);
            bars.setDrawBarOutline(false);
            bars.setSeriesPaint(0, ChartStyle.DROPS);
            XYPlot dropPlot = new XYPlot(drops, null, packetsAxis("Drops per interval"), bars);
            shadeWarmup(dropPlot, outcome.scenario().warmupS(), false);
            plot.add(dropPlot, 1);
        }
        return new JFreeChart(PlotKind.BACKLOG.title(), JFreeChart.DEFAULT_TITLE_FONT, plot, true);
    }

    /**
     * Each TCP flow's congestion window (time-weighted mean per interval) above, its RTT (mean of the interval's
     * samples) below: the
     * picture of seed 002, where TCP Small Queues keeps the window's worth of data from reaching the aggregates. A
     * flow keeps its colour from the throughput plot.
     */
    static JFreeChart tcp(ExperimentOutcome outcome) {
        Series series = outcome.result().series();
        XYSeriesCollection cwnd = new XYSeriesCollection();
        XYSeriesCollection rtt = new XYSeriesCollection();
        List<Paint> colours = new ArrayList<>();
        int index = 0;
        for (Map.Entry<String, Series.FlowSeries> flow : flows(series)) {
            if (flow.getValue().cwndPackets() != null) {
                cwnd.addSeries(timeSeries(flow.getKey(), series.t(), flow.getValue().cwndPackets()));
                rtt.addSeries(timeSeries(flow.getKey() + " ", series.t(), flow.getValue().rttMs()));
                colours.add(ChartStyle.colour(index));
            }
            index++;
        }
        XYPlot cwndPlot = new XYPlot(cwnd, null, packetsAxis("cwnd (packets)"), lines(colours));
        cwndPlot.setNoDataMessage(outcome.scenario().hasTcp()
                ? "No time series: the scenario's sampleIntervalMs is 0"
                : "No TCP flows in this scenario: cwnd and RTT belong to TCP senders");
        XYLineAndShapeRenderer rttLines = lines(colours);
        // One legend entry per flow: the RTT lines repeat the cwnd lines' colours.
        rttLines.setDefaultSeriesVisibleInLegend(false);
        XYPlot rttPlot = new XYPlot(rtt, null, new NumberAxis("RTT (ms)"), rttLines);
        CombinedDomainXYPlot plot = new CombinedDomainXYPlot(timeAxis(outcome));
        plot.setGap(8);
        plot.add(cwndPlot, 1);
        plot.add(rttPlot, 1);
        if (cwnd.getSeriesCount() > 0) {
            shadeWarmup(cwndPlot, outcome.scenario().warmupS(), true);
            shadeWarmup(rttPlot, outcome.scenario().warmupS(), false);
        }
        JFreeChart chart = new JFreeChart(PlotKind.TCP.title(), JFreeChart.DEFAULT_TITLE_FONT, plot, true);
        chart.addSubtitle(new TextTitle("Per interval: the window's time-weighted mean, the mean of the RTT samples",
                new Font(Font.SANS_SERIF, Font.ITALIC, 11)));
        return chart;
    }

    /** Whole packets from zero, with a visible range even when every value is 0. */
    private static NumberAxis packetsAxis(String label) {
        NumberAxis axis = new NumberAxis(label);
        axis.setStandardTickUnits(NumberAxis.createIntegerTickUnits());
        axis.setAutoRangeIncludesZero(true);
        axis.setAutoRangeMinimumSize(1);
        return axis;
    }

    /**
     * Latency spans decades when one flow is bloated and another is not (1 ms next to 500 ms): a log axis then
     * keeps both curves readable; within one decade and a half a linear axis reads more easily.
     */
    public static ValueAxis latencyAxis(XYSeriesCollection data, String label) {
        double min = Double.MAX_VALUE;
        double max = 0;
        for (int s = 0; s < data.getSeriesCount(); s++) {
            XYSeries series = data.getSeries(s);
            if (series.getItemCount() > 0) {
                min = Math.min(min, series.getMinX());
                max = Math.max(max, series.getMaxX());
            }
        }
        if (min > 0 && max / min > 30) {
            LogAxis log = new LogAxis(label + ", log scale");
            log.setBase(10);
            log.setSmallestValue(min / 2);
            // A quarter of a decade beyond the data on each side, so that no curve runs along the frame.
            log.setRange(min / LOG_PADDING, max * LOG_PADDING);
            // Ticks at the powers of ten only (the unit is in exponents), labelled 0.1, 1, 10, 100.
            log.setTickUnit(new NumberTickUnit(1), false, true);
            log.setNumberFormatOverride(new DecimalFormat("0.###"));
            log.setMinorTickMarksVisible(true);
            return log;
        }
        NumberAxis linear = new NumberAxis(label);
        linear.setUpperMargin(0.05);
        return linear;
    }

    /** 10^0.25: the log latency axis reaches this factor beyond the smallest and the largest value. */
    static final double LOG_PADDING = Math.pow(10, 0.25);

    private static XYPlot timePlot(XYSeriesCollection data, XYItemRenderer renderer, String yLabel,
                                   ExperimentOutcome outcome) {
        XYPlot plot = new XYPlot(data, timeAxis(outcome), new NumberAxis(yLabel), renderer);
        if (data.getSeriesCount() > 0) {
            shadeWarmup(plot, outcome.scenario().warmupS(), true);
        }
        return plot;
    }

    /** Simulated time from 0 to the scenario's duration, whatever the data's extent. */
    private static NumberAxis timeAxis(ExperimentOutcome outcome) {
        NumberAxis time = new NumberAxis(TIME_AXIS);
        if (outcome.scenario().durationS() > 0) {
            time.setRange(0, outcome.scenario().durationS());
        }
        return time;
    }

    private static void shadeWarmup(XYPlot plot, double warmupS, boolean labelled) {
        if (warmupS <= 0) {
            return;
        }
        IntervalMarker warmup = new IntervalMarker(0, warmupS, ChartStyle.WARMUP);
        if (labelled) {
            warmup.setLabel("warm-up");
            warmup.setLabelFont(new Font(Font.SANS_SERIF, Font.ITALIC, 10));
            warmup.setLabelAnchor(RectangleAnchor.TOP_LEFT);
            warmup.setLabelTextAnchor(TextAnchor.TOP_LEFT);
            warmup.setLabelBackgroundColor(new Color(0, 0, 0, 0));
            warmup.setLabelOffset(new RectangleInsets(4, 6, 4, 6));
        }
        plot.addDomainMarker(warmup, Layer.BACKGROUND);
    }

    private static XYLineAndShapeRenderer lines(List<Paint> colours) {
        XYLineAndShapeRenderer renderer = new XYLineAndShapeRenderer(true, false);
        for (int i = 0; i < colours.size(); i++) {
            renderer.setSeriesPaint(i, colours.get(i));
            renderer.setSeriesStroke(i, ChartStyle.LINE);
        }
        return renderer;
    }

    /** Stations take the colours after the flows', so a station never looks like a flow in the same report. */
    private static Paint stationColour(Series series, int station) {
        return ChartStyle.colour((series.flows() == null ? 0 : series.flows().size()) + station);
    }

    /** One series over simulated time; a null value leaves a gap in the line. */
    private static XYSeries timeSeries(String name, List<Double> t, List<Double> values) {
        XYSeries s = new XYSeries(name, false, true);
        for (int i = 0; i < t.size(); i++) {
            s.add(t.get(i), values == null || i >= values.size() ? null : values.get(i));
        }
        return s;
    }

    private static List<Double> percent(List<Double> shares) {
        return shares == null ? null : shares.stream().map(v -> v == null ? null : v * 100).toList();
    }

    private static Iterable<Map.Entry<String, Series.FlowSeries>> flows(Series series) {
        return series == null || series.flows() == null || series.t() == null ? List.of() : series.flows().entrySet();
    }

    private static Iterable<Map.Entry<String, Series.StationSeries>> stations(Series series) {
        return series == null || series.stations() == null || series.t() == null ? List.of() : series.stations().entrySet();
    }

    private static String number(double value) {
        return value == Math.rint(value) ? Long.toString((long) value) : Double.toString(value);
    }
}
