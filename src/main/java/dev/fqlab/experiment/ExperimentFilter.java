package dev.fqlab.experiment;

import java.util.List;
import java.util.Set;
import java.util.UUID;

/**
 * Which experiments a list shows: any of {@code statuses} (all when empty), carrying every one of {@code tags}, from
 * {@code preset} and filling a cell of sweep {@code sweepId} (no condition when null), submitted before the cursor
 * position {@code beforeSeq} (no bound when null), at most {@code limit}.
 */
public record ExperimentFilter(Set<ExperimentStatus> statuses, List<String> tags, String preset, UUID sweepId,
                               Long beforeSeq, int limit) {

    public ExperimentFilter(Set<ExperimentStatus> statuses, List<String> tags, Long beforeSeq, int limit) {
        this(statuses, tags, null, null, beforeSeq, limit);
    }


    public ExperimentFilter {
        statuses = Set.copyOf(statuses);
        // Each distinct tag once: the query counts how many of them an experiment has.
        tags = tags.stream().distinct().toList();
    }
}
