package dev.fqlab.sweep;

import dev.fqlab.experiment.ExperimentStatus;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/** One sweep in {@code GET /sweeps}: {@link SweepResource} without its definition and rows. */
public record SweepSummary(UUID id, String name, String preset, List<String> tags, ExperimentStatus status,
                           double progress, Instant submittedAt, Instant finishedAt, int combinations,
                           int repetitions, int experiments, int reused, Map<ExperimentStatus, Integer> counts,
                           SweepResource.Links links) {
}
