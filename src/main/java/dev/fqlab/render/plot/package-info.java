/**
 * SVG plots of a result, drawn by JFreeChart onto JFreeSVG's {@code Graphics2D}. {@link PlotKind} names them,
 * {@link ResultCharts} builds the charts, {@link Svg} writes them out; {@link ChartStyle} keeps colours and fonts
 * the same everywhere, so a flow has one colour in every plot.
 */
package dev.fqlab.render.plot;
