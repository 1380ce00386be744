package dev.fqlab.render.report;

import dev.fqlab.render.compare.Comparison;
import dev.fqlab.render.plot.Svg;
import java.util.ArrayList;
import java.util.List;
import org.jfree.chart.JFreeChart;
import org.springframework.stereotype.Component;

/**
 * The comparison as one HTML page, in the report's style: the columns, where their scenarios differ, every metric
 * with its difference and ratio to the first column, and the overlay plots inline.
 */
@Component
public final class ComparePage {

    private final PageTemplate template = new PageTemplate("/render/compare.mustache");

    /** One plot: its title, its own SVG URL and the chart. */
    public record PlotChart(String title, String href, JFreeChart chart) {
    }

    public String render(Comparison comparison, List<PlotChart> charts) {
        List<Plot> plots = new ArrayList<>();
        for (int i = 0; i < charts.size(); i++) {
            PlotChart p = charts.get(i);
            plots.add(new Plot(p.title(), p.href(), Svg.inline(p.chart(), "compare-plot-" + i)));
        }
        List<Col> columns = new ArrayList<>();
        for (int i = 0; i < comparison.columns().size(); i++) {
            Comparison.Column c = comparison.columns().get(i);
            String href = c.kind().equals("experiment") ? c.links().get("report") : c.links().get("measurement");
            columns.add(new Col(i + 1, c.kind(), c.id(), c.name(), href,
                    c.qdisc() == null ? Numbers.NONE : c.qdisc(),
                    c.kind().equals("experiment") ? "seed " + c.seed() + ", " + c.engineVersion() : "flent " + c.test()));
        }
        List<Diff> diffs = comparison.scenarioDifferences().stream()
                .map(d -> new Diff(d.pointer(), d.values().stream().map(v -> v.isNull() ? Numbers.NONE : v.toString()).toList()))
                .toList();
        List<Row> rows = new ArrayList<>();
        for (Comparison.Metric m : comparison.metrics()) {
            List<Cell> cells = new ArrayList<>();
            for (int i = 0; i < m.values().size(); i++) {
                Double diff = m.differences().get(i);
                Double ratio = m.ratios().get(i);
                String change = i == 0 || diff == null ? "" : (diff > 0 ? "+" : "") + Numbers.decimal(diff)
                        + (ratio == null ? "" : " (×" + Numbers.decimal(ratio) + ")");
                cells.add(new Cell(Numbers.decimal(m.values().get(i)), change,
                        i > 0 && diff != null && diff != 0));
            }
            rows.add(new Row(m.name(), cells));
        }
        return template.render(new Model("Comparison of " + columns.size() + (columns.size() == 1 ? " run" : " runs"),
                columns, diffs, rows, plots, comparison.links().get("self")));
    }

    record Model(String title, List<Col> columns, List<Diff> differences, List<Row> metrics, List<Plot> plots,
                 String json) {

        public boolean hasDifferences() {
            return !differences.isEmpty();
        }
    }

    record Col(int index, String kind, String id, String name, String href, String qdisc, String about) {

        /** Only experiments have a scenario, so only they have a column in the differences table. */
        public boolean scenario() {
            return kind.equals("experiment");
        }
    }

    record Diff(String pointer, List<String> values) {
    }

    record Row(String name, List<Cell> cells) {
    }

    record Cell(String value, String change, boolean changed) {
    }

    record Plot(String title, String href, String svg) {
    }
}
