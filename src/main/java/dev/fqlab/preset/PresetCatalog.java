package dev.fqlab.preset;

import dev.fqlab.scenario.FieldError;
import dev.fqlab.scenario.ParsedScenario;
import dev.fqlab.scenario.ScenarioJson;
import dev.fqlab.scenario.ScenarioLimits;
import dev.fqlab.scenario.ScenarioParser;
import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.core.io.Resource;
import org.springframework.core.io.support.PathMatchingResourcePatternResolver;
import org.springframework.stereotype.Component;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Every preset shipped in {@code classpath:presets/*.json}, loaded and validated once at startup. A broken
 * preset stops the application with every problem listed: a preset a user cannot run must never ship.
 * Experiment presets are validated against the documented default limits ({@link ScenarioLimits#DEFAULTS}):
 * they are product content, while an operator's own, stricter limits apply when one is submitted.
 */
@Component
public class PresetCatalog {

    static final String LOCATION = "classpath*:presets/*.json";

    private static final Logger log = LoggerFactory.getLogger(PresetCatalog.class);
    private static final Pattern NAME = Pattern.compile("[a-z0-9][a-z0-9-]{0,63}");
    private static final Set<String> EXPERIMENT_FIELDS =
            Set.of("name", "kind", "title", "description", "seed", "shows", "scenario");
    private static final Set<String> SWEEP_FIELDS =
            Set.of("name", "kind", "title", "description", "seed", "shows", "available", "reason", "sweep");

    private final Map<String, Preset> presets;

    @Autowired
    public PresetCatalog(JsonMapper jsonMapper) {
        this(jsonMapper, LOCATION);
    }

    PresetCatalog(JsonMapper jsonMapper, String location) {
        ScenarioParser parser = new ScenarioParser(ScenarioLimits.DEFAULTS);
        List<String> problems = new ArrayList<>();
        Map<String, Preset> loaded = new LinkedHashMap<>();
        Map<String, String> files = new LinkedHashMap<>();
        for (Resource resource : resources(location)) {
            String file = resource.getFilename();
            List<String> fileProblems = new ArrayList<>();
            Preset preset = load(jsonMapper, parser, resource, fileProblems);
            if (preset != null && loaded.putIfAbsent(preset.name(), preset) != null) {
                fileProblems.add("name '" + preset.name() + "' is used by another preset");
            }
            if (preset != null) {
                files.putIfAbsent(preset.name(), file);
            }
            fileProblems.forEach(p -> problems.add("presets/" + file + ": " + p));
        }
        // Sweep presets refer to experiment presets, so they are resolved once all files are read.
        for (Preset preset : List.copyOf(loaded.values())) {
            if (preset.kind() == PresetKind.SWEEP) {
                List<String> sweepProblems = new ArrayList<>();
                SweepPreset sweep = SweepPresets.resolve(preset, loaded, parser, sweepProblems);
                sweepProblems.forEach(p -> problems.add("presets/" + files.get(preset.name()) + ": " + p));
                loaded.put(preset.name(), new Preset(preset.name(), preset.kind(), preset.title(),
                        preset.description(), preset.seed(), preset.shows(), preset.document(), null, null, sweep));
            }
        }
        if (!problems.isEmpty()) {
            throw new IllegalStateException("Invalid presets:\n  " + String.join("\n  ", problems));
        }
        this.presets = sorted(loaded);
        log.info("Loaded {} presets: {}", presets.size(), presets.keySet());
    }

    public Collection<Preset> all() {
        return presets.values();
    }

    public Optional<Preset> find(String name) {
        return Optional.ofNullable(presets.get(name));
    }

    private static Preset load(JsonMapper jsonMapper, ScenarioParser parser, Resource resource, List<String> problems) {
        JsonNode json;
        try (InputStream in = resource.getInputStream()) {
            json = jsonMapper.readTree(in);
        } catch (IOException | JacksonException e) {
            problems.add("not readable JSON: " + e.getMessage());
            return null;
        }
        if (json == null || !json.isObject()) {
            problems.add("must be a JSON object");
            return null;
        }
        String name = text(json, "name", true, problems);
        if (name != null && !NAME.matcher(name).matches()) {
            problems.add("name '" + name + "' must match " + NAME.pattern());
        }
        PresetKind kind = PresetKind.fromJson(json.path("kind").asString(""));
        if (kind == null) {
            problems.add("kind must be \"experiment\" or \"sweep\"");
            return null;
        }
        String title = text(json, "title", true, problems);
        String description = text(json, "description", true, problems);
        String seed = text(json, "seed", false, problems);
        List<String> shows = strings(json.path("shows"), problems);
        if (kind == PresetKind.SWEEP) {
            json.propertyNames().stream().filter(f -> !SWEEP_FIELDS.contains(f))
                    .forEach(f -> problems.add("unknown field '" + f + "'"));
            JsonNode sweep = json.get("sweep");
            if (sweep == null || !sweep.isObject()) {
                problems.add("sweep must be a JSON object");
                return null;
            }
            JsonNode availableField = json.get("available");
            if (availableField != null && !availableField.isBoolean()) {
                problems.add("available must be true or false");
            }
            boolean available = availableField == null || availableField.asBoolean(true);
            String reason = text(json, "reason", false, problems);
            if (!available && (reason == null || reason.isBlank())) {
                problems.add("reason is required when available is false: say what has not landed yet");
            }
            if (available && reason != null) {
                problems.add("reason is only for a preset with \"available\": false");
            }
            // Resolved against the experiment presets once every file is read (SweepPresets), which reports the
            // sweep object's own problems too; any problem still stops the application.
            return name == null ? null : new Preset(name, kind, title, description, seed, shows, sweep, null, null,
                    new SweepPreset(available, reason, List.of(), null, null));
        }
        json.propertyNames().stream().filter(f -> !EXPERIMENT_FIELDS.contains(f))
                .forEach(f -> problems.add("unknown field '" + f + "'"));
        JsonNode scenario = json.get("scenario");
        if (scenario == null || !scenario.isObject()) {
            problems.add("scenario must be a JSON object");
            return null;
        }
        ParsedScenario parsed = parser.parse(scenario);
        for (FieldError error : parsed.errors()) {
            problems.add("/scenario" + error.pointer() + ": " + error.message());
        }
        if (!problems.isEmpty()) {
            return null;
        }
        return new Preset(name, kind, title, description, seed, shows, scenario, parsed.scenario(),
                ScenarioJson.toJson(parsed.scenario()), null);
    }

    private static String text(JsonNode json, String field, boolean required, List<String> problems) {
        JsonNode value = json.get(field);
        if (value == null || value.isNull()) {
            if (required) {
                problems.add(field + " is required");
            }
            return null;
        }
        if (!value.isString()) {
            problems.add(field + " must be a string");
            return null;
        }
        return value.stringValue();
    }

    private static List<String> strings(JsonNode array, List<String> problems) {
        if (array.isMissingNode() || array.isNull()) {
            return List.of();
        }
        if (!array.isArray() || array.valueStream().anyMatch(v -> !v.isString())) {
            problems.add("shows must be an array of strings");
            return List.of();
        }
        return array.valueStream().map(JsonNode::stringValue).toList();
    }

    private static List<Resource> resources(String location) {
        try {
            return List.of(new PathMatchingResourcePatternResolver().getResources(location));
        } catch (IOException e) {
            throw new IllegalStateException("Cannot list " + location, e);
        }
    }

    private static Map<String, Preset> sorted(Map<String, Preset> presets) {
        Map<String, Preset> sorted = new LinkedHashMap<>();
        presets.values().stream().sorted(Comparator.comparing(Preset::name)).forEach(p -> sorted.put(p.name(), p));
        return Collections.unmodifiableMap(sorted);
    }
}
