package dev.fqlab.experiment;

import dev.fqlab.web.ApiError;
import java.time.Duration;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.List;

/** Reads a bulk delete's query parameters, naming each bad one. */
final class DeletionQuery {

    private DeletionQuery() {
    }

    /** The submission-time bound: {@code submittedBefore} as given, or now minus {@code olderThan}; null when neither. */
    static Instant before(String submittedBefore, String olderThan, Instant now, List<ApiError> errors) {
        if (submittedBefore != null && olderThan != null) {
            errors.add(ApiError.parameter("olderThan", "give submittedBefore or olderThan, not both"));
            return null;
        }
        if (submittedBefore != null) {
            try {
                return Instant.parse(submittedBefore.trim());
            } catch (DateTimeParseException e) {
                errors.add(ApiError.parameter("submittedBefore",
                        "must be an ISO-8601 instant such as 2026-11-01T00:00:00Z (got '" + submittedBefore + "')"));
                return null;
            }
        }
        if (olderThan != null) {
            try {
                Duration age = Duration.parse(olderThan.trim());
                if (age.isNegative()) {
                    errors.add(ApiError.parameter("olderThan", "must not be negative (got '" + olderThan + "')"));
                    return null;
                }
                return now.minus(age);
            } catch (DateTimeParseException | ArithmeticException e) {
                errors.add(ApiError.parameter("olderThan",
                        "must be an ISO-8601 duration such as P30D or PT12H (got '" + olderThan + "')"));
                return null;
            }
        }
        return null;
    }

    static boolean flag(String name, String value, List<ApiError> errors) {
        if (value == null || value.equalsIgnoreCase("false")) {
            return false;
        }
        if (value.equalsIgnoreCase("true")) {
            return true;
        }
        errors.add(ApiError.parameter(name, "must be true or false (got '" + value + "')"));
        return false;
    }
}
