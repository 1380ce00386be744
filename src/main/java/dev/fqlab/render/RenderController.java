package dev.fqlab.render;

import dev.fqlab.experiment.ExperimentIds;
import dev.fqlab.render.flent.FlentExport;
import dev.fqlab.render.plot.PlotKind;
import dev.fqlab.render.plot.ResultCharts;
import dev.fqlab.render.plot.Svg;
import dev.fqlab.render.report.ReportPage;
import dev.fqlab.web.ApiProblem;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.Parameter;
import io.swagger.v3.oas.annotations.media.Content;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import io.swagger.v3.oas.annotations.tags.Tag;
import java.util.Arrays;
import java.util.stream.Collectors;
import org.springframework.http.ContentDisposition;
import org.springframework.http.HttpHeaders;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

/** A succeeded experiment's result for people and their tools: flent file, SVG plots, HTML report. */
@RestController
@RequestMapping("/api/v1/experiments/{id}")
@Tag(name = "Renderings", description = "A result as a flent file, SVG plots and an HTML report")
public class RenderController {

    static final String APPLICATION_GZIP = "application/gzip";
    static final String IMAGE_SVG = "image/svg+xml";

    private final ExperimentOutcomes outcomes;
    private final FlentExport flent;
    private final ReportPage report;

    public RenderController(ExperimentOutcomes outcomes, FlentExport flent, ReportPage report) {
        this.outcomes = outcomes;
        this.flent = flent;
        this.report = report;
    }

    @GetMapping(path = "/flent", produces = APPLICATION_GZIP)
    @Operation(summary = "The result as a flent data file",
            description = "A .flent.gz that flent >= 2.1 opens and plots offline, e.g. `flent -i FILE -p ping_cdf -o x.png`"
                    + " (also totals, ping, drops and, for WiFi, airtime). Flows become the series of flent's rtt_fair_var"
                    + " test: 'TCP download|upload <ac> <flow>' and 'Ping (ms) ICMP <flow>'.")
    @ApiResponse(responseCode = "200", content = @Content(mediaType = APPLICATION_GZIP,
            schema = @Schema(type = "string", format = "binary")))
    @ApiResponse(responseCode = "404", description = "Unknown experiment, or one that kept no time series (outputs.series none)",
            content = @Content(mediaType = "application/problem+json"))
    @ApiResponse(responseCode = "409", description = "Not succeeded (yet)", content = @Content(mediaType = "application/problem+json"))
    public ResponseEntity<byte[]> flent(@PathVariable String id) {
        ExperimentOutcome outcome = outcomes.loadWithSeries(ExperimentIds.parse(id), "flent file");
        return ResponseEntity.ok()
                .contentType(MediaType.parseMediaType(APPLICATION_GZIP))
                .header(HttpHeaders.CONTENT_DISPOSITION,
                        ContentDisposition.attachment().filename(FlentExport.fileName(outcome)).build().toString())
                .body(flent.gzip(outcome));
    }

    @GetMapping(path = "/plots/{name}.svg", produces = IMAGE_SVG)
    @Operation(summary = "A plot of the result as SVG",
            description = "throughput (per flow over time), latency-cdf, airtime (per station over time; on a wired link"
                    + " an image saying there are no stations), backlog (qdisc backlog and drops over time), tcp (each TCP"
                    + " flow's congestion window and RTT over time, means per interval).")
    @ApiResponse(responseCode = "200", content = @Content(mediaType = IMAGE_SVG, schema = @Schema(type = "string")))
    @ApiResponse(responseCode = "404", description = "Unknown experiment or plot name, or an experiment that kept no time series (outputs.series none)", content = @Content(mediaType = "application/problem+json"))
    @ApiResponse(responseCode = "409", description = "Not succeeded (yet)", content = @Content(mediaType = "application/problem+json"))
    public ResponseEntity<String> plot(@PathVariable String id,
            @Parameter(description = "throughput, latency-cdf, airtime, backlog or tcp") @PathVariable String name) {
        PlotKind kind = PlotKind.bySlug(name).orElseThrow(() -> ApiProblem.notFound("No plot named '" + name + "'; plots are "
                + Arrays.stream(PlotKind.values()).map(PlotKind::slug).collect(Collectors.joining(", ")) + "."));
        ExperimentOutcome outcome = outcomes.loadWithSeries(ExperimentIds.parse(id), "plot");
        return ResponseEntity.ok()
                .contentType(MediaType.parseMediaType(IMAGE_SVG))
                .body(Svg.document(ResultCharts.chart(kind, outcome)));
    }

    @GetMapping(path = "/report", produces = MediaType.TEXT_HTML_VALUE)
    @Operation(summary = "An HTML report", description = "One self-contained page: scenario summary, result tables and the plots.")
    @ApiResponse(responseCode = "200", content = @Content(mediaType = MediaType.TEXT_HTML_VALUE, schema = @Schema(type = "string")))
    @ApiResponse(responseCode = "409", description = "Not succeeded (yet)", content = @Content(mediaType = "application/problem+json"))
    public ResponseEntity<String> report(@PathVariable String id) {
        ExperimentOutcome outcome = outcomes.load(ExperimentIds.parse(id));
        return ResponseEntity.ok().contentType(new MediaType(MediaType.TEXT_HTML, java.nio.charset.StandardCharsets.UTF_8))
                .body(report.render(outcome));
    }
}
