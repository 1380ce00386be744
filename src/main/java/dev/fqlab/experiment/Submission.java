package dev.fqlab.experiment;

import dev.fqlab.sim.scenario.Scenario;
import java.util.List;
import tools.jackson.databind.node.ObjectNode;

/**
 * A valid experiment request: everything a submission stores, the scenario resolved (preset and overrides
 * applied) and normalized.
 *
 * @param preset the preset it came from, null for an inline scenario
 * @param scenarioJson {@code normalized} as compact JSON, the text {@code scenarioSha256} digests
 * @param seriesOutput {@code outputs.series}: what the experiment keeps of its time series
 */
public record Submission(String name, List<String> tags, String preset, Scenario scenario, ObjectNode normalized,
                         String scenarioJson, String scenarioSha256, SeriesOutput seriesOutput) {

    public Submission {
        tags = List.copyOf(tags);
    }
}
