package dev.fqlab.render.plot;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.awt.Paint;
import java.awt.Stroke;
import java.util.ArrayList;
import java.util.List;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.plot.CombinedDomainXYPlot;
import org.jfree.chart.plot.Plot;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.xy.XYItemRenderer;
import org.jfree.chart.StandardChartTheme;
import org.jfree.chart.plot.DefaultDrawingSupplier;
import org.jfree.chart.ui.RectangleEdge;

/**
 * One look for every plot: white background, light grid, legend below, and a fixed colour per series index.
 * Colours are the Okabe–Ito palette (distinguishable with the common colour-vision deficiencies) without its
 * yellow, which vanishes on white.
 */
public final class ChartStyle {

    static final Paint[] PALETTE = {
            new Color(0x0072B2), new Color(0xD55E00), new Color(0x009E73), new Color(0xCC79A7),
            new Color(0xE69F00), new Color(0x56B4E9), new Color(0x8C564B), new Color(0x999933)};
    static final Stroke LINE = new BasicStroke(1.6f, BasicStroke.CAP_ROUND, BasicStroke.JOIN_ROUND);
    static final Stroke DASHED = new BasicStroke(1.6f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_ROUND, 1f,
            new float[] {6f, 4f}, 0f);
    /** The qdisc's backlog and its drops: neutral, as they belong to no flow. */
    static final Color QDISC = new Color(0x444444);
    static final Color DROPS = new Color(0xC0392B);
    static final Color GRID = new Color(0xDDDDDD);
    static final Color WARMUP = new Color(0, 0, 0, 18);

    /** Chart padding in pixels (top, left, bottom, right): the right side holds half of the widest x tick label. */
    static final org.jfree.chart.ui.RectangleInsets PADDING = new org.jfree.chart.ui.RectangleInsets(6, 6, 6, 28);

    private static final StandardChartTheme THEME = theme();

    private ChartStyle() {
    }

    /** The colour of the {@code index}-th series (flows and stations in scenario order). */
    public static Paint colour(int index) {
        return PALETTE[Math.floorMod(index, PALETTE.length)];
    }

    /**
     * Applies the look. The theme would also reset every renderer's per-series paints and strokes to its drawing
     * supplier's sequence; the colours here are chosen per flow and station (and dashes mark stations), so those
     * set before are put back.
     */
    public static JFreeChart apply(JFreeChart chart) {
        List<Runnable> restore = new ArrayList<>();
        for (XYPlot plot : xyPlots(chart.getPlot())) {
            for (int r = 0; r < plot.getRendererCount(); r++) {
                XYItemRenderer renderer = plot.getRenderer(r);
                int count = renderer == null || plot.getDataset(r) == null ? 0 : plot.getDataset(r).getSeriesCount();
                for (int i = 0; i < count; i++) {
                    int series = i;
                    Paint paint = renderer.getSeriesPaint(i);
                    Stroke stroke = renderer.getSeriesStroke(i);
                    restore.add(() -> {
                        if (paint != null) {
                            renderer.setSeriesPaint(series, paint);
                        }
                        if (stroke != null) {
                            renderer.setSeriesStroke(series, stroke);
                        }
                    });
                }
            }
        }
        THEME.apply(chart);
        restore.forEach(Runnable::run);
        if (chart.getLegend() != null) {
            chart.getLegend().setPosition(RectangleEdge.BOTTOM);
            chart.getLegend().setFrame(org.jfree.chart.block.BlockBorder.NONE);
        }
        // Room on the right for the last tick label of the x axis, which JFreeChart centres on the plot's edge.
        chart.setPadding(PADDING);
        chart.setAntiAlias(true);
        chart.setTextAntiAlias(true);
        return chart;
    }

    private static List<XYPlot> xyPlots(Plot plot) {
        if (plot instanceof CombinedDomainXYPlot combined) {
            List<XYPlot> plots = new ArrayList<>(combined.getSubplots());
            plots.add(combined);
            return plots;
        }
        return plot instanceof XYPlot xy ? List.of(xy) : List.of();
    }

    private static StandardChartTheme theme() {
        StandardChartTheme theme = (StandardChartTheme) StandardChartTheme.createJFreeTheme();
        theme.setExtraLargeFont(new Font(Font.SANS_SERIF, Font.BOLD, 18));
        theme.setLargeFont(new Font(Font.SANS_SERIF, Font.BOLD, 14));
        theme.setRegularFont(new Font(Font.SANS_SERIF, Font.PLAIN, 12));
        theme.setSmallFont(new Font(Font.SANS_SERIF, Font.PLAIN, 10));
        theme.setChartBackgroundPaint(Color.WHITE);
        theme.setPlotBackgroundPaint(Color.WHITE);
        theme.setPlotOutlinePaint(new Color(0xAAAAAA));
        theme.setDomainGridlinePaint(GRID);
        theme.setRangeGridlinePaint(GRID);
        theme.setAxisLabelPaint(new Color(0x333333));
        theme.setTickLabelPaint(new Color(0x333333));
        theme.setLegendBackgroundPaint(Color.WHITE);
        theme.setShadowVisible(false);
        theme.setBarPainter(new org.jfree.chart.renderer.category.StandardBarPainter());
        theme.setXYBarPainter(new org.jfree.chart.renderer.xy.StandardXYBarPainter());
        theme.setDrawingSupplier(new DefaultDrawingSupplier(PALETTE, PALETTE, PALETTE,
                new Stroke[] {LINE}, new Stroke[] {LINE}, DefaultDrawingSupplier.DEFAULT_SHAPE_SEQUENCE));
        return theme;
    }
}
