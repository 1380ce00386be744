package dev.fqlab.web;

import io.swagger.v3.oas.annotations.media.Schema;
import java.util.List;

/** OpenAPI description of every error answer: an RFC 9457 problem (application/problem+json). */
@Schema(name = "Problem", description = "RFC 9457 problem details. Validation problems list every invalid field in "
        + "errors; a 409 about an experiment's status carries experimentStatus.")
public record ProblemDoc(
        @Schema(description = "Identifies the kind of problem: https://fqlab.dev/problems/<kind>, or about:blank for "
                + "plain HTTP errors (404, 405, 415, ...)", example = "https://fqlab.dev/problems/invalid-request")
        String type,
        @Schema(example = "Invalid request") String title,
        @Schema(example = "400") int status,
        @Schema(example = "The request has 2 invalid fields; see errors.") String detail,
        @Schema(description = "The request path", example = "/api/v1/experiments") String instance,
        @Schema(description = "Every invalid field (validation problems only)") List<ApiError> errors,
        @Schema(description = "The experiment's status (409 wrong-status only)", example = "RUNNING")
        String experimentStatus) {
}
