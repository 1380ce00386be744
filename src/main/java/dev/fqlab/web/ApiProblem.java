package dev.fqlab.web;

import java.net.URI;
import java.util.List;
import java.util.UUID;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.ProblemDetail;
import org.springframework.web.ErrorResponseException;

/**
 * An error the service answers on purpose, as an RFC 9457 problem. Being an {@link ErrorResponseException},
 * Spring MVC renders it as {@code application/problem+json} with its status and headers.
 */
public class ApiProblem extends ErrorResponseException {

    /** Base of the {@code type} URIs of fqlab's own problems; the README lists them. */
    public static final String TYPE_BASE = "https://fqlab.dev/problems/";

    private ApiProblem(HttpStatus status, String type, String title, String detail) {
        super(status, problem(status, type, title, detail), null);
    }

    private static ProblemDetail problem(HttpStatus status, String type, String title, String detail) {
        ProblemDetail problem = ProblemDetail.forStatusAndDetail(status, detail);
        problem.setType(URI.create(TYPE_BASE + type));
        problem.setTitle(title);
        return problem;
    }

    /** 400 listing every invalid field of the request at once. */
    public static ApiProblem invalid(List<ApiError> errors) {
        String detail = errors.size() == 1
                ? "The request has an invalid field: " + errors.getFirst().message() + "."
                : "The request has " + errors.size() + " invalid fields; see errors.";
        ApiProblem problem = new ApiProblem(HttpStatus.BAD_REQUEST, "invalid-request", "Invalid request", detail);
        problem.getBody().setProperty("errors", List.copyOf(errors));
        return problem;
    }

    /** 400 for a body that is not JSON at all. */
    public static ApiProblem malformedJson(String detail) {
        return new ApiProblem(HttpStatus.BAD_REQUEST, "malformed-json", "Malformed JSON", detail);
    }

    /** 400 for an uploaded file the service cannot read (a measurement that is not a flent data file). */
    public static ApiProblem invalidUpload(String detail) {
        return new ApiProblem(HttpStatus.BAD_REQUEST, "invalid-upload", "Invalid upload", detail);
    }

    /** 400 for a query parameter that names nothing usable; {@code parameter} says which. */
    public static ApiProblem invalidParameter(String parameter, String detail) {
        ApiProblem problem = new ApiProblem(HttpStatus.BAD_REQUEST, "invalid-parameter", "Invalid parameter", detail);
        problem.getBody().setProperty("parameter", parameter);
        return problem;
    }

    public static ApiProblem notFound(String detail) {
        return new ApiProblem(HttpStatus.NOT_FOUND, "not-found", "Not found", detail);
    }

    /** 409: the resource exists but is in the wrong state; {@code experimentStatus} tells which. */
    public static ApiProblem wrongStatus(String detail, String experimentStatus) {
        ApiProblem problem = new ApiProblem(HttpStatus.CONFLICT, "wrong-status", "Not possible in this status", detail);
        problem.getBody().setProperty("experimentStatus", experimentStatus);
        return problem;
    }

    /**
     * 409: the experiment fills cells of sweeps ({@code sweepIds}, oldest first; {@code sweepId} is the first).
     * Deleting it alone would change their tables, so it goes only with its sweep: {@code DELETE /sweeps/{id}}.
     */
    public static ApiProblem memberOfSweep(UUID experimentId, List<UUID> sweepIds) {
        UUID sweepId = sweepIds.getFirst();
        String others = sweepIds.size() == 1 ? "" : " (and " + (sweepIds.size() - 1) + " other sweep"
                + (sweepIds.size() == 2 ? "" : "s") + ", see sweepIds)";
        ApiProblem problem = new ApiProblem(HttpStatus.CONFLICT, "member-of-sweep", "Member of a sweep",
                "Experiment " + experimentId + " is part of sweep " + sweepId + others + "; deleting it alone would "
                        + "change that sweep's results. Delete the sweep instead: DELETE /api/v1/sweeps/" + sweepId
                        + " deletes it with the experiments it ran and their results.");
        problem.getBody().setProperty("sweepId", sweepId);
        problem.getBody().setProperty("sweepIds", List.copyOf(sweepIds));
        return problem;
    }

    /** 409: the sweep still has experiments running; {@code sweepStatus} is its status. */
    public static ApiProblem sweepRunning(UUID sweepId, long running, String sweepStatus) {
        ApiProblem problem = new ApiProblem(HttpStatus.CONFLICT, "wrong-status", "Not possible in this status",
                "Sweep " + sweepId + " has " + running + " running experiment" + (running == 1 ? "" : "s")
                        + "; cancel it first (POST /api/v1/sweeps/" + sweepId + "/cancel), then delete it.");
        problem.getBody().setProperty("sweepStatus", sweepStatus);
        return problem;
    }

    /**
     * 409: an experiment stored by an earlier version whose scenario this version no longer reads (a field was
     * renamed or removed): its renderings cannot be made; submitting the scenario again shows what to change.
     */
    public static ApiProblem storedScenarioUnreadable(String detail) {
        return new ApiProblem(HttpStatus.CONFLICT, "stored-scenario-unreadable", "Stored scenario unreadable", detail);
    }

    /** 409: an Idempotency-Key sent again with a different body. */
    public static ApiProblem keyReused(String key) {
        return new ApiProblem(HttpStatus.CONFLICT, "idempotency-key-reused", "Idempotency-Key reused",
                "Idempotency-Key '" + key + "' was already used with a different request body.");
    }

    public static ApiProblem payloadTooLarge(long maxBytes) {
        return new ApiProblem(HttpStatus.CONTENT_TOO_LARGE, "payload-too-large", "Request body too large",
                "The request body exceeds the limit of " + maxBytes + " bytes (fqlab.limits.max-request-bytes).");
    }

    public static ApiProblem queueFull(int capacity, long retryAfterSeconds) {
        ApiProblem problem = new ApiProblem(HttpStatus.TOO_MANY_REQUESTS, "queue-full", "Queue full",
                "The queue already holds " + capacity + " waiting experiments (fqlab.queue-capacity); try again later.");
        problem.getHeaders().set(HttpHeaders.RETRY_AFTER, Long.toString(retryAfterSeconds));
        return problem;
    }

    /**
     * 503: the database did not answer within the pool's connection timeout (it is down, restarting or refusing
     * connections). Nothing was stored; the same request can be sent again after {@code Retry-After} seconds.
     */
    public static ApiProblem databaseUnavailable(long retryAfterSeconds) {
        return unavailable("database-unavailable", "Database unavailable",
                "The service cannot reach its database right now", retryAfterSeconds);
    }

    /**
     * A lock the request needed (the queue's admission row, a sweep's experiments) was not granted within the
     * database's lock timeout, a statement ran past its timeout, or no pooled connection came free within the pool's
     * timeout: other requests hold the database; nothing was stored.
     */
    public static ApiProblem databaseBusy(long retryAfterSeconds) {
        return unavailable("database-busy", "Database busy",
                "Other requests kept the database (a lock or every pooled connection) busy for longer than this one could wait", retryAfterSeconds);
    }

    /** A 503 with Retry-After: {@code why}, so this request was not carried out and nothing was stored. */
    private static ApiProblem unavailable(String type, String title, String why, long retryAfterSeconds) {
        ApiProblem problem = new ApiProblem(HttpStatus.SERVICE_UNAVAILABLE, type, title, why
                + ", so this request was not carried out and nothing was stored; try again in " + retryAfterSeconds + " s.");
        problem.getHeaders().set(HttpHeaders.RETRY_AFTER, Long.toString(retryAfterSeconds));
        return problem;
    }

    public static ApiProblem unauthorized() {
        ApiProblem problem = new ApiProblem(HttpStatus.UNAUTHORIZED, "unauthorized", "Unauthorized",
                "This service requires an 'Authorization: Bearer <token>' header.");
        problem.getHeaders().set(HttpHeaders.WWW_AUTHENTICATE, "Bearer");
        return problem;
    }
}
