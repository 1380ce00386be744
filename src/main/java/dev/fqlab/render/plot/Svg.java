package dev.fqlab.render.plot;

import java.awt.Rectangle;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.text.TextUtils;
import org.jfree.svg.MeetOrSlice;
import org.jfree.svg.PreserveAspectRatio;
import org.jfree.svg.SVGGraphics2D;
import org.jfree.svg.ViewBox;

/** A chart as SVG text. */
public final class Svg {

    public static final int WIDTH = 800;
    public static final int HEIGHT = 420;

    static {
        // JFreeChart's default draws rotated text (the y-axis labels) as glyph outlines, a workaround for old JDKs;
        // as SVG that is a path nobody can select, search or read aloud. Rotate a real <text> instead.
        TextUtils.setUseDrawRotatedStringWorkaround(false);
    }

    private Svg() {
    }

    /** A standalone SVG document (XML declaration, fixed size), as {@code /plots/{name}.svg} serves it. */
    public static String document(JFreeChart chart) {
        return draw(chart, "fqlab").getSVGDocument();
    }

    /**
     * An {@code <svg>} element to inline in HTML: sized by its viewBox, so CSS can scale it, and with its own
     * prefix on the ids of its clip paths and gradients, which would otherwise collide between plots on one page.
     */
    public static String inline(JFreeChart chart, String id) {
        return draw(chart, id + "-").getSVGElement(id, false, new ViewBox(0, 0, WIDTH, HEIGHT),
                PreserveAspectRatio.XMID_YMID, MeetOrSlice.MEET);
    }

    private static SVGGraphics2D draw(JFreeChart chart, String idPrefix) {
        SVGGraphics2D g2 = new SVGGraphics2D(WIDTH, HEIGHT);
        g2.setDefsKeyPrefix(idPrefix);
        chart.draw(g2, new Rectangle(0, 0, WIDTH, HEIGHT));
        return g2;
    }
}
