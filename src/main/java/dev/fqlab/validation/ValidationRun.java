package dev.fqlab.validation;

import java.util.List;
import java.util.UUID;

/**
 * A run of the fidelity scorecard: {@code RUNNING} until every case's experiment has finished, then
 * {@code SUCCEEDED}; the counts of passed, failed, errored and pending cases; the engine version(s) that produced
 * the results.
 */
public record ValidationRun(UUID id, String status, List<String> engineVersions, int passed, int failed, int errors,
                            int pending, List<CaseOutcome> cases, Links links) {

    public record Links(String self, String report) {
        static Links of(UUID id) {
            return new Links("/api/v1/validation/" + id, "/api/v1/validation/" + id + "/report");
        }
    }
}
