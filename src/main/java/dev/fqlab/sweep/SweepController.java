package dev.fqlab.sweep;

import dev.fqlab.experiment.IdempotencyKey;
import dev.fqlab.web.ApiError;
import dev.fqlab.web.ApiProblem;
import dev.fqlab.web.JsonBodies;
import dev.fqlab.web.PageQuery;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.Parameter;
import io.swagger.v3.oas.annotations.media.Content;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import io.swagger.v3.oas.annotations.tags.Tag;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.UUID;
import org.springframework.http.ContentDisposition;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestHeader;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.ResponseStatus;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.servlet.mvc.method.annotation.StreamingResponseBody;
import org.springframework.web.servlet.support.ServletUriComponentsBuilder;
import tools.jackson.databind.json.JsonMapper;

@RestController
@RequestMapping(SweepController.BASE)
@Tag(name = "Sweeps", description = "Run a scenario over parameter values with repetitions, and read the table")
public class SweepController {

    static final String BASE = "/api/v1/sweeps";
    static final MediaType TEXT_CSV = new MediaType("text", "csv", StandardCharsets.UTF_8);
    /** JSON Lines (jsonlines.org): one JSON value per line, UTF-8. */
    static final String JSON_LINES_VALUE = "application/jsonl";
    static final MediaType JSON_LINES = new MediaType("application", "jsonl", StandardCharsets.UTF_8);
    static final String STATISTICS_LIST = "mean, stddev, min, max, n, median, ci95Low, ci95High";
    static final String EXPORT_DESCRIPTION = "Columns: sweepId, combination, one per parameter (its label, else its "
            + "value; a labelled parameter with plain values adds '<parameter> value'), repetition (seed = base seed + "
            + "repetition), experimentId, seed, metric, value. Only runs with a result; metrics are every numeric "
            + "result field (see availableMetrics of GET /sweeps/{id}). metric: names, '*' matching anything, repeatable or "
            + "comma-separated (default: all); one that matches no metric of the results is a 400.";

    private final SweepService service;
    private final SweepReader reader;
    private final JsonBodies bodies;
    private final JsonMapper jsonMapper;

    public SweepController(SweepService service, SweepReader reader, JsonBodies bodies, JsonMapper jsonMapper) {
        this.service = service;
        this.reader = reader;
        this.bodies = bodies;
        this.jsonMapper = jsonMapper;
    }

    @PostMapping(consumes = MediaType.APPLICATION_JSON_VALUE)
    @Operation(summary = "Submit a sweep", description = "Validates every combination, then stores the sweep, its "
            + "experiments and their queue entries in one transaction. Cells whose scenario already succeeded under "
            + "this engine version reuse that experiment (see reused) unless reuse is false.")
    @ApiResponse(responseCode = "202", description = "Accepted; Location names the sweep")
    @ApiResponse(responseCode = "200", description = "A repeat of an earlier request with the same Idempotency-Key and body: that sweep")
    @ApiResponse(responseCode = "400", description = "Invalid request: every problem in errors, e.g. /parameters/0/values/2", content = @Content(mediaType = "application/problem+json"))
    @ApiResponse(responseCode = "409", description = "Idempotency-Key already used with another body", content = @Content(mediaType = "application/problem+json"))
    @ApiResponse(responseCode = "429", description = "The queue cannot take this sweep's experiments now; see Retry-After", content = @Content(mediaType = "application/problem+json"))
    public ResponseEntity<SweepResource> submit(
            @io.swagger.v3.oas.annotations.parameters.RequestBody(required = true, content = @Content(
                    mediaType = MediaType.APPLICATION_JSON_VALUE, schema = @Schema(implementation = SweepRequestDoc.class)))
            @RequestBody(required = false) byte[] body,
            @Parameter(description = "Makes retries safe: a repeat with the same key and body answers 200 with the "
                    + "sweep the first request created; the same key with another body is a 409.")
            @RequestHeader(name = "Idempotency-Key", required = false) String idempotencyKey) {
        IdempotencyKey key = IdempotencyKey.of(idempotencyKey, body);
        SweepService.Submitted submitted = service.submit(reader.read(bodies.read(body)), key);
        URI location = ServletUriComponentsBuilder.fromCurrentContextPath()
                .path(BASE + "/{id}").buildAndExpand(submitted.sweepId()).toUri();
        return ResponseEntity.status(submitted.created() ? HttpStatus.ACCEPTED : HttpStatus.OK).location(location)
                .body(service.get(submitted.sweepId()));
    }

    @PostMapping(path = "/validate", consumes = MediaType.APPLICATION_JSON_VALUE)
    @Operation(summary = "Validate a sweep without running it",
            description = "Answers how many experiments it would run and how many of them would reuse a result, or 400.")
    public SweepValidation validate(
            @io.swagger.v3.oas.annotations.parameters.RequestBody(required = true, content = @Content(
                    mediaType = MediaType.APPLICATION_JSON_VALUE, schema = @Schema(implementation = SweepRequestDoc.class)))
            @RequestBody(required = false) byte[] body) {
        return service.validate(reader.read(bodies.read(body)));
    }

    @GetMapping
    @Operation(summary = "List sweeps, newest first", description = PageQuery.DESCRIPTION)
    public SweepPage list(@RequestParam(required = false) String limit, @RequestParam(required = false) String cursor) {
        return service.list(PageQuery.read(limit, cursor));
    }

    @GetMapping("/{id}")
    @Operation(summary = "One sweep: status, counts, progress, warnings and one row per combination with each "
            + "metric's statistics over the repetitions that succeeded",
            description = "Metrics are the numeric result fields, named by their path: summary.<field>, "
                    + "stations.<name>.<field>, flows.<name>.<field> (flows.<name>.latencyMs.p99, "
                    + "flows.<name>.tcp.retransmits), txqs.<station>.<tid>.<field>, qdisc.<field> and qdiscUp.<field> "
                    + "(tc counters and xstats), engine.<field>, simulatedS. Statistics: mean, stddev (sample, n − 1), "
                    + "min, max, n, median, ci95Low and ci95High (95 % confidence interval of the mean, Student's t "
                    + "with n − 1 degrees of freedom; null, like stddev, for one value). The rows show the metrics "
                    + "api.md names and the sweep's own by default, any others with ?metric= (metric=* for all; "
                    + "availableMetrics lists them; export.csv and export.jsonl hold every run's every metric). "
                    + "warnings: e.g. identical-repetitions when every repetition of a row gave the same result "
                    + "(judged on every metric, shown or not).")
    @ApiResponse(responseCode = "200", description = "The sweep")
    @ApiResponse(responseCode = "400", description = "A metric entry that matches no metric of the sweep's results "
            + "(the problem names the parameter)", content = @Content(mediaType = "application/problem+json"))
    @ApiResponse(responseCode = "404", description = "Unknown sweep", content = @Content(mediaType = "application/problem+json"))
    public ResponseEntity<SweepResource> get(@PathVariable String id,
            @Parameter(description = "Which metrics the rows show: names, '*' matching anything (metric=* for all "
                    + "of them), repeatable or comma-separated. Default: those api.md names (summary.*, "
                    + "stations.*.throughputMbps, stations.*.airtimeShare, flows.*.throughputMbps, "
                    + "flows.*.latencyMs.p50, flows.*.latencyMs.p99, flows.*.rttMs.p50, flows.*.rttMs.p99) and the "
                    + "sweep's own metrics. availableMetrics lists every name.")
            @RequestParam(required = false) List<String> metric) {
        // The service writes the JSON (and keeps it for a settled sweep): the bytes Spring's JSON converter would
        // write, sent as they are (Spring picks the converter by the body's class, RenderedJson). The declared type stays
        // SweepResource for the OpenAPI document, which a schema given by annotation would change (springdoc then
        // registers SweepResource's nested schemas over the request's richer ones of the same name).
        // RenderedJson's converter negotiates like the JSON converter (406 for Accept: text/html).
        ResponseEntity<?> answer = ResponseEntity.ok()
                .body(new RenderedJson(service.json(SweepIds.parse(id), metricFilter(metric))));
        @SuppressWarnings("unchecked")
        ResponseEntity<SweepResource> documented = (ResponseEntity<SweepResource>) answer;
        return documented;
    }

    @GetMapping(path = "/{id}/table.csv", produces = "text/csv")
    @Operation(summary = "The sweep's table as CSV, one row per combination",
            description = "metric: metric names, '*' matching anything (repeatable or comma-separated; default: the "
                    + "sweep's metrics, else all); stats: any of " + STATISTICS_LIST + " (default mean,stddev).")
    @ApiResponse(responseCode = "200", description = "The table",
            content = @Content(mediaType = "text/csv", schema = @Schema(type = "string")))
    @ApiResponse(responseCode = "400", description = "A statistic that is not one, or a metric entry that matches no "
            + "metric of the sweep's results (the problem names the parameter)",
            content = @Content(mediaType = "application/problem+json"))
    public ResponseEntity<byte[]> table(@PathVariable String id, @RequestParam(required = false) List<String> metric,
            @RequestParam(required = false) List<String> stats) {
        List<String> statistics = SweepTable.statistics(stats);
        if (statistics == null) {
            throw ApiProblem.invalid(List.of(ApiError.parameter("stats",
                    "comma-separated statistics from " + SweepTable.STATISTICS)));
        }
        UUID uuid = SweepIds.parse(id);
        return ResponseEntity.ok()
                .contentType(TEXT_CSV)
                .header(HttpHeaders.CONTENT_DISPOSITION, ContentDisposition.inline().filename(uuid + "-table.csv").build().toString())
                .body(service.tableCsv(uuid, metricFilter(metric), statistics));
    }

    @GetMapping(path = "/{id}/export.csv", produces = "text/csv")
    @Operation(summary = "Every run's every metric as CSV, one line per run × metric (long format)",
            description = EXPORT_DESCRIPTION + " In pandas: pd.read_csv(url); in R: read.csv(url).")
    @ApiResponse(responseCode = "200", description = "The export, streamed")
    @ApiResponse(responseCode = "400", description = "A metric entry that matches no metric of the sweep's results",
            content = @Content(mediaType = "application/problem+json"))
    @ApiResponse(responseCode = "404", description = "Unknown sweep", content = @Content(mediaType = "application/problem+json"))
    public ResponseEntity<StreamingResponseBody> exportCsv(@PathVariable String id,
            @RequestParam(required = false) List<String> metric) {
        UUID uuid = SweepIds.parse(id);
        SweepExport export = export(uuid, metric);
        return ResponseEntity.ok()
                .contentType(TEXT_CSV)
                .header(HttpHeaders.CONTENT_DISPOSITION, ContentDisposition.attachment().filename(uuid + "-export.csv").build().toString())
                .body(export::writeCsv);
    }

    @GetMapping(path = "/{id}/export.jsonl", produces = JSON_LINES_VALUE)
    @Operation(summary = "Every run's every metric as JSON Lines, one object per run × metric (long format)",
            description = EXPORT_DESCRIPTION + " Numbers are JSON numbers. In pandas: pd.read_json(url, lines=True).")
    @ApiResponse(responseCode = "200", description = "The export, streamed")
    @ApiResponse(responseCode = "400", description = "A metric entry that matches no metric of the sweep's results",
            content = @Content(mediaType = "application/problem+json"))
    @ApiResponse(responseCode = "404", description = "Unknown sweep", content = @Content(mediaType = "application/problem+json"))
    public ResponseEntity<StreamingResponseBody> exportJsonLines(@PathVariable String id,
            @RequestParam(required = false) List<String> metric) {
        UUID uuid = SweepIds.parse(id);
        SweepExport export = export(uuid, metric);
        return ResponseEntity.ok()
                .contentType(JSON_LINES)
                .header(HttpHeaders.CONTENT_DISPOSITION, ContentDisposition.attachment().filename(uuid + "-export.jsonl").build().toString())
                .body(out -> export.writeJsonLines(out, jsonMapper));
    }

    /** Everything is read and checked before the answer starts, so a problem is still a 400 or 404. */
    private SweepExport export(UUID id, List<String> metric) {
        SweepExport.Runs runs = service.runs(id);
        List<String> filter = metricFilter(metric);
        return new SweepExport(runs, filter == null ? null : SweepTable.requested(runs.sweep(), filter));
    }

    /** The entries of repeatable, comma-separated {@code metric} parameters; null when none is given. */
    private static List<String> metricFilter(List<String> metric) {
        if (metric == null) {
            return null;
        }
        List<String> entries = metric.stream().flatMap(m -> List.of(m.split(",")).stream())
                .map(String::trim).filter(m -> !m.isEmpty()).toList();
        return entries.isEmpty() ? null : entries;
    }

    @DeleteMapping("/{id}")
    @ResponseStatus(HttpStatus.NO_CONTENT)
    @Operation(summary = "Delete a sweep with the experiments it ran and their results",
            description = "One transaction: the sweep, its table and the experiments it ran (with their results and "
                    + "queue entries) go together, or nothing does. 409 while one of its experiments runs: cancel the "
                    + "sweep first. Experiments it reused from elsewhere are not touched; experiments it ran that a "
                    + "later sweep reused stay, and belong to the oldest such sweep from then on (their sweepId).")
    @ApiResponse(responseCode = "204", description = "Deleted, with the experiments it ran and their results")
    @ApiResponse(responseCode = "404", description = "Unknown sweep", content = @Content(mediaType = "application/problem+json"))
    @ApiResponse(responseCode = "409", description = "One of its experiments is running (type wrong-status, sweepStatus): "
            + "cancel the sweep first", content = @Content(mediaType = "application/problem+json"))
    public void delete(@PathVariable String id) {
        service.delete(SweepIds.parse(id));
    }

    @PostMapping("/{id}/cancel")
    @Operation(summary = "Cancel a sweep", description = "Cancels every experiment of it that still waits or runs: 202; "
            + "200 when nothing was left to cancel. Reused experiments are not touched.")
    @ApiResponse(responseCode = "202", description = "Cancelled by this call")
    @ApiResponse(responseCode = "200", description = "Nothing left to cancel: nothing changed")
    public ResponseEntity<SweepResource> cancel(@PathVariable String id) {
        UUID uuid = SweepIds.parse(id);
        boolean cancelled = service.cancel(uuid);
        return ResponseEntity.status(cancelled ? HttpStatus.ACCEPTED : HttpStatus.OK).body(service.get(uuid));
    }
}
