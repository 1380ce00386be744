package dev.fqlab.experiment;

import java.util.UUID;

/**
 * Published once a worker has committed an experiment's final state (SUCCEEDED with its result, or FAILED), so that
 * what waits for it on this instance (a sweep's stored answers) can look at once; cancels publish
 * {@link ExperimentCancelled}.
 */
public record ExperimentFinished(UUID experimentId) {
}
