package dev.fqlab.render;

import dev.fqlab.render.compare.ComparedMetrics;
import dev.fqlab.render.compare.Comparison;
import dev.fqlab.render.plot.CompareCharts;
import dev.fqlab.render.plot.Svg;
import dev.fqlab.render.report.ComparePage;
import dev.fqlab.web.ApiProblem;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.Parameter;
import io.swagger.v3.oas.annotations.media.Content;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import io.swagger.v3.oas.annotations.tags.Tag;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.jfree.chart.JFreeChart;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;
import tools.jackson.databind.json.JsonMapper;

/** Experiments and measurements side by side: JSON, an HTML page and overlay plots. */
@RestController
@RequestMapping("/api/v1/compare")
@Tag(name = "Compare", description = "Experiments (and uploaded flent measurements) lined up metric by metric")
public class CompareController {

    /** The overlay plots, by slug. */
    static final List<String> PLOTS = List.of("throughput", "latency-cdf", "ping-cdf", "qdisc");

    private static final String IDS = "Comma-separated experiment ids, each SUCCEEDED; the first is the reference";
    private static final String MEASUREMENTS = "Comma-separated ids of uploaded flent files (POST /api/v1/measurements)";

    private final Comparisons comparisons;
    private final ComparePage page;
    private final JsonMapper json;

    public CompareController(Comparisons comparisons, ComparePage page, JsonMapper json) {
        this.comparisons = comparisons;
        this.page = page;
        this.json = json;
    }

    @GetMapping(produces = MediaType.APPLICATION_JSON_VALUE)
    @Operation(summary = "Compare experiments and measurements",
            description = "columns in the order named (experiments, then measurements); scenarioDifferences: where the"
                    + " experiments' normalized scenarios differ, as JSON pointers with each one's value; metrics: every"
                    + " numeric result field (and ping.rttMs.* pooled over ping flows or flent ping series) with each"
                    + " column's value, its difference and its ratio to the first column's. At most "
                    + Comparisons.MAX_COLUMNS + " columns.")
    @ApiResponse(responseCode = "200", description = "The comparison")
    @ApiResponse(responseCode = "400", description = "No ids, a malformed or repeated id, or too many",
            content = @Content(mediaType = "application/problem+json"))
    @ApiResponse(responseCode = "404", description = "An unknown experiment or measurement",
            content = @Content(mediaType = "application/problem+json"))
    @ApiResponse(responseCode = "409", description = "An experiment that has not succeeded (yet)",
            content = @Content(mediaType = "application/problem+json"))
    public Comparison compare(@Parameter(description = IDS) @RequestParam(required = false) String ids,
            @Parameter(description = MEASUREMENTS) @RequestParam(required = false) String measurements) {
        return comparisons.compare(comparisons.load(ids, measurements));
    }

    @GetMapping(path = "/report", produces = MediaType.TEXT_HTML_VALUE)
    @Operation(summary = "The comparison as an HTML page", description = "Runs, scenario differences, metrics with"
            + " differences and ratios, and the overlay plots inline. Same parameters and errors as GET /compare.")
    @ApiResponse(responseCode = "200", content = @Content(mediaType = MediaType.TEXT_HTML_VALUE, schema = @Schema(type = "string")))
    public ResponseEntity<String> report(@Parameter(description = IDS) @RequestParam(required = false) String ids,
            @Parameter(description = MEASUREMENTS) @RequestParam(required = false) String measurements) {
        Comparisons.Loaded loaded = comparisons.load(ids, measurements);
        Comparison comparison = comparisons.compare(loaded);
        List<CompareCharts.Column> columns = columns(loaded, comparison);
        List<ComparePage.PlotChart> charts = new ArrayList<>();
        for (String plot : PLOTS) {
            JFreeChart chart = chart(plot, columns);
            charts.add(new ComparePage.PlotChart(chart.getTitle().getText(), "plots/" + plot + ".svg?" + loaded.query(),
                    chart));
        }
        return ResponseEntity.ok().contentType(new MediaType(MediaType.TEXT_HTML, StandardCharsets.UTF_8))
                .body(page.render(comparison, charts));
    }

    @GetMapping(path = "/plots/{name}.svg", produces = RenderController.IMAGE_SVG)
    @Operation(summary = "An overlay plot as SVG", description = "throughput (each flow over time), latency-cdf"
            + " (experiments' one-way latency, every packet), ping-cdf (round trips: ping flows and flent ping series),"
            + " qdisc (the down qdisc's counters side by side).")
    @ApiResponse(responseCode = "200", content = @Content(mediaType = RenderController.IMAGE_SVG, schema = @Schema(type = "string")))
    public ResponseEntity<String> plot(@PathVariable String name,
            @Parameter(description = IDS) @RequestParam(required = false) String ids,
            @Parameter(description = MEASUREMENTS) @RequestParam(required = false) String measurements) {
        if (!PLOTS.contains(name)) {
            throw ApiProblem.notFound("No comparison plot named '" + name + "'; plots are " + String.join(", ", PLOTS) + ".");
        }
        Comparisons.Loaded loaded = comparisons.load(ids, measurements);
        List<CompareCharts.Column> columns = columns(loaded, comparisons.compare(loaded));
        return ResponseEntity.ok().contentType(MediaType.parseMediaType(RenderController.IMAGE_SVG))
                .body(Svg.document(chart(name, columns)));
    }

    private static JFreeChart chart(String name, List<CompareCharts.Column> columns) {
        return switch (name) {
            case "throughput" -> CompareCharts.throughput(columns);
            case "latency-cdf" -> CompareCharts.latencyCdf(columns);
            case "ping-cdf" -> CompareCharts.pingCdf(columns);
            default -> CompareCharts.qdisc(columns);
        };
    }

    private List<CompareCharts.Column> columns(Comparisons.Loaded loaded, Comparison comparison) {
        List<CompareCharts.Column> columns = new ArrayList<>();
        int i = 0;
        for (ExperimentOutcome o : loaded.experiments()) {
            columns.add(new CompareCharts.Column(CompareCharts.label(i, comparison.columns().get(i)), o, null,
                    ComparedMetrics.of(o.result(), json.valueToTree(o.result()))));
            i++;
        }
        for (Comparisons.Measured m : loaded.measurements()) {
            columns.add(new CompareCharts.Column(CompareCharts.label(i, comparison.columns().get(i)), null, m.run(),
                    ComparedMetrics.of(m.run())));
            i++;
        }
        return columns;
    }
}
