package dev.fqlab.experiment;

import java.util.UUID;

/**
 * Published once a cancel (or delete) of an experiment is committed, so a worker on this instance can stop
 * the simulation at once; workers elsewhere learn it from their next progress update.
 */
public record ExperimentCancelled(UUID experimentId) {
}
