package dev.fqlab.experiment;

import dev.fqlab.scenario.Text;
import dev.fqlab.web.ApiError;
import dev.fqlab.web.ApiProblem;
import java.util.List;

/**
 * A client's {@code Idempotency-Key} with the SHA-256 of the body it came with: a repeat with the same key and
 * body returns the original experiment and creates nothing; the same key with another body is a conflict.
 */
public record IdempotencyKey(String key, String bodySha256) {

    static final int MAX_LENGTH = 200;

    /** Null when the request has no key; a 400 problem for an unusable one. */
    public static IdempotencyKey of(String header, byte[] body) {
        if (header == null) {
            return null;
        }
        if (header.isBlank() || header.length() > MAX_LENGTH) {
            throw ApiProblem.invalid(List.of(ApiError.parameter("Idempotency-Key",
                    "must be 1 to " + MAX_LENGTH + " characters, not blank")));
        }
        String text = Text.label(header);
        if (text != null) {
            throw ApiProblem.invalid(List.of(ApiError.parameter("Idempotency-Key", text)));
        }
        return new IdempotencyKey(header, SubmissionReader.sha256(body == null ? new byte[0] : body));
    }
}
