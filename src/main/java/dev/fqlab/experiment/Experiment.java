package dev.fqlab.experiment;

import java.time.Instant;
import java.util.List;
import java.util.UUID;

/**
 * One stored experiment, as its row says.
 *
 * @param scenarioJson the normalized scenario as compact JSON
 * @param attempts how many times a worker started it
 * @param worker the instance that ran it last
 * @param seriesOutput what it keeps of its time series (outputs.series)
 */
public record Experiment(
        UUID id,
        String name,
        List<String> tags,
        ExperimentStatus status,
        double progress,
        Instant submittedAt,
        Instant startedAt,
        Instant finishedAt,
        String error,
        int attempts,
        String worker,
        String preset,
        UUID sweepId,
        String scenarioJson,
        String scenarioSha256,
        SeriesOutput seriesOutput) {

    public Experiment {
        tags = List.copyOf(tags);
    }

    public Experiment withTags(List<String> newTags) {
        return new Experiment(id, name, newTags, status, progress, submittedAt, startedAt, finishedAt, error, attempts,
                worker, preset, sweepId, scenarioJson, scenarioSha256, seriesOutput);
    }
}
