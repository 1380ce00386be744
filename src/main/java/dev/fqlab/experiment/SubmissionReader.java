package dev.fqlab.experiment;

import dev.fqlab.preset.Preset;
import dev.fqlab.preset.PresetCatalog;
import dev.fqlab.preset.PresetKind;
import dev.fqlab.scenario.FieldError;
import dev.fqlab.scenario.JsonMergePatch;
import dev.fqlab.scenario.JsonValues;
import dev.fqlab.scenario.ParsedScenario;
import dev.fqlab.scenario.ScenarioJson;
import dev.fqlab.scenario.ScenarioParser;
import dev.fqlab.scenario.Text;
import dev.fqlab.sim.scenario.Scenario;
import dev.fqlab.web.ApiError;
import dev.fqlab.web.ApiProblem;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.springframework.stereotype.Component;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * Reads the body of {@code POST /experiments} and {@code /experiments/validate}:
 * {@code {"scenario": {…}}} or {@code {"preset": "name", "overrides": {…}}}, with optional {@code name} and
 * {@code tags}. Collects every problem of the envelope and of the scenario before answering, with pointers
 * into the request body: the parser's pointers (relative to the scenario) get {@code /scenario} or, for a
 * preset, {@code /overrides} in front.
 */
@Component
public class SubmissionReader {

    public static final int MAX_NAME_LENGTH = 200;
    static final int MAX_TAGS = 32;
    static final int MAX_TAG_LENGTH = 64;
    private static final Set<String> FIELDS = Set.of("scenario", "preset", "overrides", "name", "tags", "outputs");

    private final ScenarioParser parser;
    private final PresetCatalog presets;
    private final JsonMapper jsonMapper;

    public SubmissionReader(ScenarioParser parser, PresetCatalog presets, JsonMapper jsonMapper) {
        this.parser = parser;
        this.presets = presets;
        this.jsonMapper = jsonMapper;
    }

    /** The submission the body describes; a 400 problem listing every error otherwise. */
    public Submission read(JsonNode body) {
        if (!body.isObject()) {
            throw ApiProblem.invalid(List.of(ApiError.at("", "the request body must be a JSON object")));
        }
        List<ApiError> errors = new ArrayList<>();
        body.propertyNames().stream().filter(field -> !FIELDS.contains(field))
                .forEach(field -> errors.add(ApiError.at(pointer(field),
                        "unknown field; expected scenario, preset, overrides, name, tags or outputs")));
        String name = name(body.get("name"), errors);
        List<String> tags = tags(body.get("tags"), errors);
        SeriesOutput series = outputs(body.get("outputs"), SeriesOutput.FULL, errors);
        Resolved resolved = resolve(body, errors);
        if (!errors.isEmpty()) {
            throw ApiProblem.invalid(errors);
        }
        Scenario scenario = resolved.parsed().scenario();
        ObjectNode normalized = ScenarioJson.toJson(scenario);
        String json = jsonMapper.writeValueAsString(normalized);
        return new Submission(defaultName(name, scenario, resolved.preset()), tags, resolved.preset(), scenario,
                normalized, json, sha256(json), series);
    }

    private record Resolved(ParsedScenario parsed, String preset) {
    }

    /** Picks the scenario (inline, or the preset's with its overrides merged in) and parses it. */
    private Resolved resolve(JsonNode body, List<ApiError> errors) {
        JsonNode scenario = nonNull(body.get("scenario"));
        JsonNode presetName = nonNull(body.get("preset"));
        JsonNode overrides = nonNull(body.get("overrides"));
        if (scenario != null && presetName != null) {
            errors.add(ApiError.at("/preset", "give either scenario or preset, not both"));
            return null;
        }
        if (scenario == null && presetName == null) {
            errors.add(ApiError.at("/scenario", "required: give a scenario or the name of a preset"));
            return null;
        }
        if (scenario != null) {
            if (overrides != null) {
                errors.add(ApiError.at("/overrides", "overrides apply to a preset only; edit the scenario instead"));
            }
            return parsed(scenario, "/scenario", null, errors);
        }
        Preset preset = preset(presetName, errors);
        if (overrides != null && !overrides.isObject()) {
            errors.add(ApiError.at("/overrides", "must be a JSON object (an RFC 7396 merge patch on the preset's scenario)"));
            return null;
        }
        if (preset == null) {
            return null;
        }
        JsonNode merged = overrides == null ? preset.document() : JsonMergePatch.apply(preset.document(), overrides);
        return parsed(merged, "/overrides", preset.name(), errors);
    }

    private Resolved parsed(JsonNode scenario, String prefix, String preset, List<ApiError> errors) {
        ParsedScenario parsed = parser.parse(scenario);
        for (FieldError error : parsed.errors()) {
            errors.add(ApiError.at(prefix + error.pointer(), error.message()));
        }
        return new Resolved(parsed, preset);
    }

    private Preset preset(JsonNode name, List<ApiError> errors) {
        if (!name.isString()) {
            errors.add(ApiError.at("/preset", "must be a string naming a preset"));
            return null;
        }
        Preset preset = presets.find(name.stringValue()).orElse(null);
        if (preset == null) {
            errors.add(ApiError.at("/preset", "unknown preset '" + name.stringValue() + "'; GET /api/v1/presets lists them"));
            return null;
        }
        if (preset.kind() != PresetKind.EXPERIMENT) {
            errors.add(ApiError.at("/preset", "'" + preset.name() + "' is a sweep preset, not an experiment"));
            return null;
        }
        return preset;
    }

    /** The optional {@code name} of a request body (pointer {@code /name}); null when absent or blank. */
    public static String name(JsonNode name, List<ApiError> errors) {
        if (name == null || name.isNull()) {
            return null;
        }
        if (!name.isString()) {
            errors.add(ApiError.at("/name", "must be a string"));
            return null;
        }
        if (name.stringValue().length() > MAX_NAME_LENGTH) {
            errors.add(ApiError.at("/name", "must be at most " + MAX_NAME_LENGTH + " characters"));
            return null;
        }
        String text = Text.freeText(name.stringValue());
        if (text != null) {
            errors.add(ApiError.at("/name", text));
            return null;
        }
        return name.stringValue().isBlank() ? null : name.stringValue();
    }

    /**
     * The optional {@code outputs} of a request body (pointer {@code /outputs}): {@code {"series": "full" | "coarse" |
     * "none"}}, what the experiment keeps of its time series; {@code fallback} when absent.
     */
    public static SeriesOutput outputs(JsonNode outputs, SeriesOutput fallback, List<ApiError> errors) {
        if (outputs == null || outputs.isNull()) {
            return fallback;
        }
        if (!outputs.isObject()) {
            errors.add(ApiError.at("/outputs", "must be an object, e.g. {\"series\": \"none\"}"));
            return fallback;
        }
        outputs.propertyNames().stream().filter(field -> !field.equals("series"))
                .forEach(field -> errors.add(ApiError.at("/outputs" + pointer(field), "unknown field; expected series")));
        JsonNode series = outputs.get("series");
        if (series == null || series.isNull()) {
            return fallback;
        }
        SeriesOutput value = series.isString() ? SeriesOutput.of(series.stringValue()).orElse(null) : null;
        if (value == null) {
            errors.add(ApiError.at("/outputs/series", "must be \"full\" (every interval), \"coarse\" (at most "
                    + SeriesOutput.COARSE_MAX_INTERVALS + " intervals per series) or \"none\" (no time series)"
                    + JsonValues.got(series)));
            return fallback;
        }
        return value;
    }

    /** The optional {@code tags} of a request body (pointer {@code /tags}), in the order given, without repeats. */
    public static List<String> tags(JsonNode tags, List<ApiError> errors) {
        if (tags == null || tags.isNull()) {
            return List.of();
        }
        if (!tags.isArray()) {
            errors.add(ApiError.at("/tags", "must be an array of strings"));
            return List.of();
        }
        if (tags.size() > MAX_TAGS) {
            errors.add(ApiError.at("/tags", "at most " + MAX_TAGS + " tags"));
        }
        Set<String> unique = new LinkedHashSet<>();
        for (int i = 0; i < tags.size(); i++) {
            JsonNode tag = tags.get(i);
            if (!tag.isString()) {
                errors.add(ApiError.at("/tags/" + i, "must be a string"));
            } else if (tag.stringValue().isBlank() || tag.stringValue().length() > MAX_TAG_LENGTH) {
                errors.add(ApiError.at("/tags/" + i, "must be 1 to " + MAX_TAG_LENGTH + " characters, not blank"));
            } else if (Text.label(tag.stringValue()) != null) {
                errors.add(ApiError.at("/tags/" + i, Text.label(tag.stringValue())));
            } else {
                unique.add(tag.stringValue());
            }
        }
        return List.copyOf(unique);
    }

    private static String defaultName(String given, Scenario scenario, String preset) {
        if (given != null) {
            return given;
        }
        if (scenario.name() != null && !scenario.name().isBlank()) {
            return scenario.name();
        }
        return preset;
    }

    private static JsonNode nonNull(JsonNode node) {
        return node == null || node.isNull() ? null : node;
    }

    /** An RFC 6901 pointer to a top-level field ("~" and "/" escaped). */
    private static String pointer(String field) {
        return "/" + field.replace("~", "~0").replace("/", "~1");
    }

    /** Hex SHA-256 of the text's UTF-8 bytes: how a normalized scenario is identified. */
    public static String sha256(String text) {
        return sha256(text.getBytes(StandardCharsets.UTF_8));
    }

    static String sha256(byte[] bytes) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is part of every JRE", e);
        }
    }
}
