package dev.fqlab.web;

import jakarta.servlet.http.HttpServletRequest;
import java.net.URI;
import java.util.UUID;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.dao.PessimisticLockingFailureException;
import org.springframework.dao.QueryTimeoutException;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.HttpStatusCode;
import org.springframework.http.MediaType;
import org.springframework.http.ProblemDetail;
import org.springframework.http.ResponseEntity;
import org.springframework.web.HttpMediaTypeNotSupportedException;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.RestControllerAdvice;
import org.springframework.web.context.request.ServletWebRequest;
import org.springframework.web.context.request.WebRequest;
import org.springframework.web.servlet.mvc.method.annotation.ResponseEntityExceptionHandler;
import org.springframework.web.servlet.resource.NoResourceFoundException;

/**
 * Turns every exception that reaches Spring MVC into an RFC 9457 problem: Spring's own (404, 405, 415, ...)
 * through {@link ResponseEntityExceptionHandler}, fqlab's {@link ApiProblem}s as they are, an unreachable database
 * into a 503 with Retry-After, and anything unexpected into a bare 500 that names a log reference but never a stack
 * trace or SQL.
 */
@RestControllerAdvice
public class ApiExceptionHandler extends ResponseEntityExceptionHandler {

    private static final Logger log = LoggerFactory.getLogger(ApiExceptionHandler.class);
    static final URI ABOUT_BLANK = URI.create("about:blank");

    @ExceptionHandler(Exception.class)
    ResponseEntity<Object> unexpected(Exception ex, WebRequest request) {
        if (DatabaseUnavailable.poolExhausted(ex)) {
            // The database answers but every pooled connection stayed busy for the whole timeout: overload.
            log.warn("No free database connection on {}: {}", describe(request), ex.getMessage());
            ApiProblem problem = ApiProblem.databaseBusy(1);
            return handleExceptionInternal(ex, problem.getBody(), problem.getHeaders(), problem.getStatusCode(), request);
        }
        if (DatabaseUnavailable.causedBy(ex)) {
            // An outage, not a bug: one line per request, no stack trace.
            log.warn("Database unavailable on {}: {}", describe(request), ex.getMessage());
            ApiProblem problem = ApiProblem.databaseUnavailable(DatabaseUnavailable.RETRY_AFTER_S);
            return handleExceptionInternal(ex, problem.getBody(), problem.getHeaders(), problem.getStatusCode(), request);
        }
        if (ex instanceof PessimisticLockingFailureException || ex instanceof QueryTimeoutException) {
            // A lock wait ran out (H2's LOCK_TIMEOUT is a query timeout; PostgreSQL's lock_timeout, when set, a
            // locking failure): contention, not a bug.
            log.warn("Lock not granted on {}: {}", describe(request), ex.getMessage());
            ApiProblem problem = ApiProblem.databaseBusy(1);
            return handleExceptionInternal(ex, problem.getBody(), problem.getHeaders(), problem.getStatusCode(), request);
        }
        String reference = UUID.randomUUID().toString();
        log.error("Unexpected error (reference {}) on {}", reference, describe(request), ex);
        ProblemDetail problem = ProblemDetail.forStatusAndDetail(HttpStatus.INTERNAL_SERVER_ERROR,
                "An unexpected error occurred; the service log has the details under reference " + reference + ".");
        problem.setType(URI.create(ApiProblem.TYPE_BASE + "internal-error"));
        problem.setTitle("Internal error");
        return handleExceptionInternal(ex, problem, new HttpHeaders(), HttpStatus.INTERNAL_SERVER_ERROR, request);
    }

    @Override
    protected ResponseEntity<Object> handleHttpMediaTypeNotSupported(HttpMediaTypeNotSupportedException ex,
            HttpHeaders headers, HttpStatusCode status, WebRequest request) {
        String sent = ex.getContentType() != null ? ex.getContentType().toString()
                : request.getHeader(HttpHeaders.CONTENT_TYPE);
        ex.getBody().setDetail((sent == null ? "A body without Content-Type" : "Content-Type '" + sent + "'")
                + " is not supported here; send the body as application/json (curl: -H 'Content-Type: application/json').");
        return super.handleHttpMediaTypeNotSupported(ex, headers, status, request);
    }

    @Override
    protected ResponseEntity<Object> handleNoResourceFoundException(NoResourceFoundException ex, HttpHeaders headers,
            HttpStatusCode status, WebRequest request) {
        ex.getBody().setDetail("No endpoint " + ex.getHttpMethod() + " /" + ex.getResourcePath() + ".");
        return super.handleNoResourceFoundException(ex, headers, status, request);
    }

    /** Every problem has an explicit {@code type} and names the request path it answers as {@code instance}. */
    @Override
    protected ResponseEntity<Object> createResponseEntity(Object body, HttpHeaders headers, HttpStatusCode statusCode,
            WebRequest request) {
        if (body instanceof ProblemDetail problem) {
            if (problem.getType() == null) {
                // RFC 9457: a problem without a more specific type is "about:blank"; say so explicitly.
                problem.setType(ABOUT_BLANK);
            }
            if (problem.getInstance() == null && request instanceof ServletWebRequest servlet) {
                problem.setInstance(URI.create(servlet.getRequest().getRequestURI()));
            }
            // Always problem+json, whatever the Accept header says (even one that does not parse: 406).
            HttpHeaders withType = new HttpHeaders();
            withType.putAll(headers);
            withType.setContentType(MediaType.APPLICATION_PROBLEM_JSON);
            headers = withType;
        }
        return super.createResponseEntity(body, headers, statusCode, request);
    }

    private static String describe(WebRequest request) {
        if (request instanceof ServletWebRequest servlet) {
            HttpServletRequest r = servlet.getRequest();
            return r.getMethod() + " " + r.getRequestURI();
        }
        return request.getDescription(false);
    }
}
