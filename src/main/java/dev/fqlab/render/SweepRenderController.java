package dev.fqlab.render;

import dev.fqlab.render.plot.SweepCharts;
import dev.fqlab.render.plot.Svg;
import dev.fqlab.render.report.SweepReportPage;
import dev.fqlab.sweep.SweepIds;
import dev.fqlab.sweep.SweepResource;
import dev.fqlab.sweep.SweepService;
import dev.fqlab.web.ApiProblem;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.Parameter;
import io.swagger.v3.oas.annotations.media.Content;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import io.swagger.v3.oas.annotations.tags.Tag;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

/**
 * A sweep for people: an SVG plot per metric (against the swept parameter, mean ± standard deviation) and an HTML
 * report with its table and plots.
 */
@RestController
@RequestMapping("/api/v1/sweeps/{id}")
@Tag(name = "Renderings")
public class SweepRenderController {

    /** How many metric names a 404 lists before "…": a large WiFi sweep has hundreds. */
    static final int LISTED_METRICS = 30;

    private final SweepService sweeps;
    private final SweepReportPage report;

    public SweepRenderController(SweepService sweeps, SweepReportPage report) {
        this.sweeps = sweeps;
        this.report = report;
    }

    @GetMapping(path = "/report", produces = MediaType.TEXT_HTML_VALUE)
    @Operation(summary = "An HTML report of the sweep",
            description = "One self-contained page: what was swept, the table (mean ± standard deviation per "
                    + "combination, linking every repetition's report) and a plot per metric: the sweep's metrics, "
                    + "else total and per-flow goodput and tail latency (at most 8). While the sweep runs it shows "
                    + "what has finished.")
    @ApiResponse(responseCode = "200", content = @Content(mediaType = MediaType.TEXT_HTML_VALUE, schema = @Schema(type = "string")))
    @ApiResponse(responseCode = "404", description = "Unknown sweep", content = @Content(mediaType = "application/problem+json"))
    public ResponseEntity<String> report(@PathVariable String id) {
        SweepResource sweep = sweeps.getAll(SweepIds.parse(id));
        return ResponseEntity.ok().contentType(new MediaType(MediaType.TEXT_HTML, StandardCharsets.UTF_8))
                .body(report.render(sweep));
    }

    @GetMapping(path = "/plots/{metric}.svg", produces = RenderController.IMAGE_SVG)
    @Operation(summary = "A plot of one metric of the sweep as SVG",
            description = "The metric (any name in the rows' metrics, e.g. summary.throughputMbps, "
                    + "flows.tcp.throughputMbps, flows.ping.rttMs.p99) against the first parameter: the mean over the "
                    + "repetitions with ± one standard deviation, a curve when that parameter's values are numbers and "
                    + "bars otherwise, one series per value of the other parameters. While the sweep runs the plot "
                    + "shows what has finished.")
    @ApiResponse(responseCode = "200", content = @Content(mediaType = RenderController.IMAGE_SVG, schema = @Schema(type = "string")))
    @ApiResponse(responseCode = "404", description = "Unknown sweep, or a metric none of its results has (the detail lists those it has)",
            content = @Content(mediaType = "application/problem+json"))
    public ResponseEntity<String> plot(@PathVariable String id,
            @Parameter(description = "a metric name of the sweep's rows") @PathVariable String metric) {
        SweepResource sweep = sweeps.getOnly(SweepIds.parse(id), List.of(metric));
        List<String> metrics = sweep.metricNames(null);
        // Before any result exists every metric name is still possible: the plot says there is nothing yet.
        if (!metrics.isEmpty() && !metrics.contains(metric)) {
            throw ApiProblem.notFound("No metric '" + metric + "' in this sweep's results; it has "
                    + String.join(", ", metrics.subList(0, Math.min(LISTED_METRICS, metrics.size())))
                    + (metrics.size() > LISTED_METRICS ? ", … (see the rows of GET /api/v1/sweeps/" + id + ")" : "") + ".");
        }
        return ResponseEntity.ok()
                .contentType(MediaType.parseMediaType(RenderController.IMAGE_SVG))
                .body(Svg.document(SweepCharts.chart(sweep, metric)));
    }
}
