package dev.fqlab.experiment;

import java.time.Instant;
import java.util.List;
import java.util.UUID;

/**
 * What a submission stores: an experiment that has not been queued yet.
 *
 * @param sweepId the sweep that creates it, null for a single experiment
 * @param seriesOutput what it keeps of its time series (outputs.series)
 */
public record NewExperiment(UUID id, String name, List<String> tags, String preset, String scenarioJson,
                            String scenarioSha256, Instant submittedAt, UUID sweepId, SeriesOutput seriesOutput) {

    public NewExperiment {
        tags = List.copyOf(tags);
    }
}
