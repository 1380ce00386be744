package dev.fqlab.sweep;

import dev.fqlab.experiment.ExperimentStatus;
import java.time.Instant;
import java.util.UUID;

/**
 * One cell of a sweep's table with the current state of its experiment.
 *
 * @param reused whether the experiment is an earlier one whose result the sweep reuses
 */
record SweepMember(int position, int combination, int repetition, UUID experimentId, boolean reused,
                   ExperimentStatus status, double progress, Instant finishedAt) {
}
