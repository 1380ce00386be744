package dev.fqlab.render.plot;

import static org.assertj.core.api.Assertions.assertThat;

import java.awt.Font;
import java.awt.FontMetrics;
import java.awt.Graphics2D;
import java.awt.image.BufferedImage;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.DoubleRange;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.LogAxis;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.axis.ValueAxis;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.xy.XYLineAndShapeRenderer;
import org.jfree.data.xy.XYSeries;
import org.jfree.data.xy.XYSeriesCollection;

/**
 * Plots keep their labels and curves inside the frame: every text of a rendered SVG ends within its 800 px width
 * (measured with the font's own metrics), and the latency axis reaches beyond the smallest and largest value.
 */
class ChartFrameTest {

    /** JFreeSVG writes each string as {@code <text x='…' y='…' style='… font-size: 12px; …'>label</text>}. */
    private static final Pattern TEXT = Pattern.compile(
            "<text x='([0-9.]+)'[^>]*?font-size: ([0-9.]+)px[^>]*>([^<]*)</text>");

    private static XYSeriesCollection latencies(double min, double max) {
        XYSeries series = new XYSeries("flow");
        series.add(min, 0.0);
        series.add(Math.sqrt(min * max), 0.5);
        series.add(max, 1.0);
        return new XYSeriesCollection(series);
    }

    @Property(tries = 60)
    void noTextRunsPastTheRightEdge(@ForAll @DoubleRange(min = 1, max = 100_000) double xMax) {
        XYSeries series = new XYSeries("flow");
        series.add(0, 1);
        series.add(xMax, 2);
        NumberAxis x = new NumberAxis("Time (s)");
        x.setRange(0, xMax);
        JFreeChart chart = ChartStyle.apply(new JFreeChart("t", JFreeChart.DEFAULT_TITLE_FONT,
                new XYPlot(new XYSeriesCollection(series), x, new NumberAxis("y"), new XYLineAndShapeRenderer()), true));

        String svg = Svg.document(chart);

        Matcher m = TEXT.matcher(svg);
        int texts = 0;
        while (m.find()) {
            texts++;
            FontMetrics metrics = metrics(new Font(Font.SANS_SERIF, Font.PLAIN, (int) Double.parseDouble(m.group(2))));
            double end = Double.parseDouble(m.group(1)) + metrics.stringWidth(m.group(3));
            assertThat(end).as("text '%s' ends at %.1f", m.group(3), end).isLessThanOrEqualTo(Svg.WIDTH);
        }
        assertThat(texts).isGreaterThan(3);
    }

    @Property(tries = 60)
    void theLogLatencyAxisReachesBeyondTheData(@ForAll @DoubleRange(min = 0.01, max = 10) double min,
                                               @ForAll @DoubleRange(min = 31, max = 10_000) double factor) {
        double max = min * factor;

        ValueAxis axis = ResultCharts.latencyAxis(latencies(min, max), "One-way latency (ms)");

        assertThat(axis).isInstanceOf(LogAxis.class);
        // A quarter decade either side: log10(upper / max) = log10(min / lower) = 0.25.
        assertThat(Math.log10(axis.getUpperBound() / max)).isCloseTo(0.25, org.assertj.core.data.Offset.offset(1e-9));
        assertThat(Math.log10(min / axis.getLowerBound())).isCloseTo(0.25, org.assertj.core.data.Offset.offset(1e-9));
    }

    private static FontMetrics metrics(Font font) {
        Graphics2D g = new BufferedImage(1, 1, BufferedImage.TYPE_INT_RGB).createGraphics();
        try {
            return g.getFontMetrics(font);
        } finally {
            g.dispose();
        }
    }
}
