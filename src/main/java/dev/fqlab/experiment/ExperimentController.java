package dev.fqlab.experiment;

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
import java.time.Instant;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.UUID;
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
import org.springframework.web.servlet.support.ServletUriComponentsBuilder;
import tools.jackson.databind.json.JsonMapper;

@RestController
@RequestMapping(ExperimentController.BASE)
@Tag(name = "Experiments", description = "Submit, watch, cancel and delete experiments")
public class ExperimentController {

    static final String BASE = "/api/v1/experiments";

    private final ExperimentService service;
    private final SubmissionReader submissions;
    private final JsonBodies bodies;
    private final JsonMapper jsonMapper;

    public ExperimentController(ExperimentService service, SubmissionReader submissions, JsonBodies bodies,
            JsonMapper jsonMapper) {
        this.service = service;
        this.submissions = submissions;
        this.bodies = bodies;
        this.jsonMapper = jsonMapper;
    }

    @PostMapping(consumes = MediaType.APPLICATION_JSON_VALUE)
    @Operation(summary = "Submit an experiment", description = "Validates the request, stores the experiment as QUEUED and queues its run.")
    @ApiResponse(responseCode = "202", description = "Accepted; Location names the experiment")
    @ApiResponse(responseCode = "200", description = "A repeat of an earlier request with the same Idempotency-Key and body: that experiment")
    @ApiResponse(responseCode = "409", description = "Idempotency-Key already used with another body", content = @Content(mediaType = "application/problem+json"))
    @ApiResponse(responseCode = "400", description = "Invalid request: every problem in errors", content = @Content(mediaType = "application/problem+json"))
    @ApiResponse(responseCode = "429", description = "Queue full; see Retry-After", content = @Content(mediaType = "application/problem+json"))
    public ResponseEntity<ExperimentResource> submit(
            @io.swagger.v3.oas.annotations.parameters.RequestBody(required = true, content = @Content(
                    mediaType = MediaType.APPLICATION_JSON_VALUE, schema = @Schema(implementation = ExperimentRequestDoc.class)))
            @RequestBody(required = false) byte[] body,
            @Parameter(description = "Makes retries safe: a repeat with the same key and body answers 200 with the "
                    + "experiment the first request created; the same key with another body is a 409.")
            @RequestHeader(name = "Idempotency-Key", required = false) String idempotencyKey) {
        IdempotencyKey key = IdempotencyKey.of(idempotencyKey, body);
        ExperimentService.Submitted submitted = service.submit(submissions.read(bodies.read(body)), key);
        Experiment experiment = submitted.experiment();
        URI location = ServletUriComponentsBuilder.fromCurrentContextPath()
                .path(BASE + "/{id}").buildAndExpand(experiment.id()).toUri();
        return ResponseEntity.status(submitted.created() ? HttpStatus.ACCEPTED : HttpStatus.OK).location(location)
                .body(resource(experiment));
    }

    @PostMapping(path = "/validate", consumes = MediaType.APPLICATION_JSON_VALUE)
    @Operation(summary = "Validate an experiment request without running it",
            description = "Answers the normalized scenario (every default filled in), or 400 with every problem.")
    public ValidationResult validate(
            @io.swagger.v3.oas.annotations.parameters.RequestBody(required = true, content = @Content(
                    mediaType = MediaType.APPLICATION_JSON_VALUE, schema = @Schema(implementation = ExperimentRequestDoc.class)))
            @RequestBody(required = false) byte[] body) {
        Submission submission = submissions.read(bodies.read(body));
        return new ValidationResult(submission.normalized(), submission.scenarioSha256(), submission.preset());
    }

    @GetMapping
    @Operation(summary = "List experiments, newest first",
            description = "status: one or more statuses (comma-separated or repeated), any matches; tag: one or more "
                    + "tags, all must match; preset: the experiment preset it came from; sweep: a sweep's id, the "
                    + "experiments that fill its cells (created or reused by it); " + PageQuery.DESCRIPTION)
    public ExperimentPage list(@RequestParam(required = false) List<String> status,
            @RequestParam(required = false) List<String> tag,
            @RequestParam(required = false) String preset,
            @RequestParam(required = false) String sweep,
            @RequestParam(required = false) String limit,
            @RequestParam(required = false) String cursor) {
        List<ApiError> errors = new ArrayList<>();
        Set<ExperimentStatus> statuses = statuses(status, errors);
        PageQuery paging = PageQuery.read(limit, cursor, errors);
        UUID sweepId = null;
        if (sweep != null && !sweep.isBlank()) {
            try {
                sweepId = UUID.fromString(sweep.trim());
            } catch (IllegalArgumentException e) {
                errors.add(ApiError.parameter("sweep", "must be a sweep id (a UUID)"));
            }
        }
        if (!errors.isEmpty()) {
            throw ApiProblem.invalid(errors);
        }
        ExperimentRepository.Page page = service.list(new ExperimentFilter(statuses, tag == null ? List.of() : tag,
                preset == null || preset.isBlank() ? null : preset.trim(), sweepId, paging.beforeSeq(), paging.limit()));
        return new ExperimentPage(page.items().stream().map(this::resource).toList(),
                page.nextBeforeSeq() == null ? null : PageQuery.next(page.nextBeforeSeq()));
    }

    @GetMapping("/{id}")
    @Operation(summary = "One experiment")
    public ExperimentResource get(@PathVariable String id) {
        return resource(service.get(ExperimentIds.parse(id)));
    }

    @PostMapping("/{id}/cancel")
    @ApiResponse(responseCode = "202", description = "Cancelled by this call")
    @ApiResponse(responseCode = "200", description = "Already final: nothing changed")
    @Operation(summary = "Cancel an experiment",
            description = "202 when this call cancelled it (a running simulation stops within a second); 200 when it was already final.")
    public ResponseEntity<ExperimentResource> cancel(@PathVariable String id) {
        UUID uuid = ExperimentIds.parse(id);
        boolean cancelled = service.cancel(uuid);
        return ResponseEntity.status(cancelled ? HttpStatus.ACCEPTED : HttpStatus.OK).body(resource(service.get(uuid)));
    }

    @DeleteMapping("/{id}")
    @ResponseStatus(HttpStatus.NO_CONTENT)
    @ApiResponse(responseCode = "204", description = "Deleted, with its results")
    @ApiResponse(responseCode = "404", description = "Unknown experiment", content = @Content(mediaType = "application/problem+json"))
    @ApiResponse(responseCode = "409", description = "Part of a sweep (type member-of-sweep, with sweepId and sweepIds): "
            + "delete the sweep instead; or running (type wrong-status, experimentStatus): cancel it first",
            content = @Content(mediaType = "application/problem+json"))
    @Operation(summary = "Delete an experiment and its results", description = "409 when it fills a cell of a sweep "
            + "(created or reused by it): deleting it would change that sweep's table, so it goes only with the sweep "
            + "(DELETE /api/v1/sweeps/{id}). 409 while it is running: cancel it first.")
    public void delete(@PathVariable String id) {
        service.delete(ExperimentIds.parse(id));
    }

    @DeleteMapping
    @ApiResponse(responseCode = "200", description = "What was deleted, and what was kept and why")
    @ApiResponse(responseCode = "400", description = "No filter, or a bad one: every problem in errors",
            content = @Content(mediaType = "application/problem+json"))
    @Operation(summary = "Delete every experiment a filter matches",
            description = "status: one or more statuses, any matches (RUNNING is refused: running experiments are never "
                    + "deleted); tag: one or more tags, all must match; submittedBefore: an instant (2026-11-01T00:00:00Z); "
                    + "olderThan: an ISO-8601 duration back from now (P30D, PT12H). At least one of them is required. "
                    + "Experiments that fill cells of sweeps are kept (they go with their sweeps), as are running ones; "
                    + "the answer counts both. dryRun=true only counts.")
    public BulkDeletion deleteMatching(@RequestParam(required = false) List<String> status,
            @RequestParam(required = false) List<String> tag,
            @RequestParam(required = false) String submittedBefore,
            @RequestParam(required = false) String olderThan,
            @RequestParam(required = false) String dryRun) {
        List<ApiError> errors = new ArrayList<>();
        Set<ExperimentStatus> statuses = statuses(status, errors);
        if (statuses.contains(ExperimentStatus.RUNNING)) {
            errors.add(ApiError.parameter("status", "running experiments are never deleted: cancel them first"));
        }
        Instant before = DeletionQuery.before(submittedBefore, olderThan, service.now(), errors);
        boolean dry = DeletionQuery.flag("dryRun", dryRun, errors);
        List<String> tags = tag == null ? List.of() : tag;
        if (statuses.isEmpty() && tags.isEmpty() && submittedBefore == null && olderThan == null) {
            errors.add(ApiError.parameter("status", "give at least one of status, tag, submittedBefore or olderThan: "
                    + "deleting every experiment takes an explicit filter"));
        }
        if (!errors.isEmpty()) {
            throw ApiProblem.invalid(errors);
        }
        return service.deleteMatching(new DeletionFilter(statuses, tags, before), dry);
    }

    private ExperimentResource resource(Experiment e) {
        return new ExperimentResource(e.id(), e.name(), e.tags(), e.status(), e.progress(), e.submittedAt(),
                e.startedAt(), e.finishedAt(), e.error(), e.attempts(), e.worker(), jsonMapper.readTree(e.scenarioJson()),
                e.preset(), e.sweepId(), ExperimentResource.Outputs.of(e.seriesOutput()),
                ExperimentResource.Links.of(e.id(), e.seriesOutput()));
    }

    private static Set<ExperimentStatus> statuses(List<String> values, List<ApiError> errors) {
        Set<ExperimentStatus> statuses = EnumSet.noneOf(ExperimentStatus.class);
        for (String value : values == null ? List.<String>of() : values) {
            try {
                statuses.add(ExperimentStatus.valueOf(value.trim().toUpperCase(Locale.ROOT)));
            } catch (IllegalArgumentException e) {
                errors.add(ApiError.parameter("status", "unknown status '" + value + "'; one of "
                        + List.of(ExperimentStatus.values())));
            }
        }
        return statuses;
    }
}
