package dev.fqlab.preset;

import dev.fqlab.sim.scenario.Scenario;
import java.util.List;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * A named, ready-made experiment (presets.md) loaded from {@code presets/<name>.json}.
 *
 * @param seed the seed thread it reproduces (file in shared/seeds), null for presets beyond the seeds
 * @param shows the criteria it is meant to show
 * @param document the preset's scenario (experiment) or sweep object exactly as written in the file;
 *                 submissions apply their overrides to an experiment preset's
 * @param scenario the parsed scenario of an experiment preset, null for a sweep preset
 * @param normalized the scenario with every default filled in, null for a sweep preset
 * @param sweep what a sweep preset stands for, null for an experiment preset
 */
public record Preset(String name, PresetKind kind, String title, String description, String seed,
                     List<String> shows, JsonNode document, Scenario scenario, ObjectNode normalized,
                     SweepPreset sweep) {

    public Preset {
        shows = List.copyOf(shows);
    }

    /** Whether it can be run; only a sweep preset whose variants have not landed yet cannot. */
    public boolean available() {
        return sweep == null || sweep.available();
    }
}
