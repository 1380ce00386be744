package dev.fqlab.scenario;

import dev.fqlab.sim.scenario.Scenario;
import tools.jackson.databind.node.ObjectNode;

/** Writes a normalized scenario back to JSON: every field with its value, defaults included, in scenario.md order. */
public final class ScenarioJson {

    private ScenarioJson() {
    }

    public static ObjectNode toJson(Scenario scenario) {
        throw new IllegalStateException("not built yet");
    }
}
