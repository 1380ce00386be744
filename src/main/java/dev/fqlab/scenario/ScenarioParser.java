package dev.fqlab.scenario;

import tools.jackson.databind.JsonNode;

/**
 * Turns a submitted scenario document (spec/scenario.md) into a normalized {@link dev.fqlab.sim.scenario.Scenario},
 * reporting every invalid, missing or unknown field at once as JSON Pointers.
 */
public final class ScenarioParser {

    private final ScenarioLimits limits;

    public ScenarioParser(ScenarioLimits limits) {
        this.limits = limits;
    }

    /** Parses and validates; never throws for bad input. */
    public ParsedScenario parse(JsonNode document) {
        throw new IllegalStateException("not built yet");
    }
}
