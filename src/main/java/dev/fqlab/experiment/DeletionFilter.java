package dev.fqlab.experiment;

import java.time.Instant;
import java.util.List;
import java.util.Set;

/**
 * Which experiments a bulk delete takes: any of {@code statuses} (all but RUNNING when empty), carrying every one of
 * {@code tags}, submitted before {@code submittedBefore} (no bound when null). Running experiments and the cells of
 * sweeps are never taken, whatever the filter.
 */
public record DeletionFilter(Set<ExperimentStatus> statuses, List<String> tags, Instant submittedBefore) {

    public DeletionFilter {
        statuses = Set.copyOf(statuses);
        tags = tags.stream().distinct().toList();
    }
}
