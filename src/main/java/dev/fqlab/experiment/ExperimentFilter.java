package dev.fqlab.experiment;

import java.util.List;
import java.util.Set;

/**
 * Which experiments a list shows: any of {@code statuses} (all when empty), carrying every one of {@code tags},
 * submitted before the cursor position {@code beforeSeq} (no bound when null), at most {@code limit}.
 */
public record ExperimentFilter(Set<ExperimentStatus> statuses, List<String> tags, Long beforeSeq, int limit) {

    public ExperimentFilter {
        statuses = Set.copyOf(statuses);
        // Each distinct tag once: the query counts how many of them an experiment has.
        tags = tags.stream().distinct().toList();
    }
}
