package dev.fqlab.experiment;

import java.time.Instant;
import java.util.List;
import java.util.UUID;

/** What a submission stores: an experiment that has not been queued yet. */
record NewExperiment(UUID id, String name, List<String> tags, String preset, String scenarioJson,
                     String scenarioSha256, Instant submittedAt) {
}
