package dev.fqlab.preset;

import dev.fqlab.scenario.JsonPointers;
import dev.fqlab.scenario.ParsedScenario;
import dev.fqlab.scenario.ScenarioJson;
import dev.fqlab.scenario.ScenarioParser;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Pattern;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * Resolves the {@code sweep} object of a sweep preset file against the experiment presets:
 * <pre>{@code
 * "sweep": {
 *   "parameter": "qdisc",                 // column name in tables (optional; default: the pointer)
 *   "pointer": "/stack/qdisc",            // where the variants differ
 *   "variants": ["bytes", "quantum300", "packets"],   // labels; the variants are presets <sweep>-<label>
 *   "repetitions": 5,                     // seeds base.seed + 0 … + 4
 *   "metrics": ["flows.probe.latencyMs.p50"]          // the table's default columns (optional)
 * }}</pre>
 * Each variant's value is read from the variant preset at {@code pointer}; the first variant, named after the
 * sweep, is the base. A variant that differs from the base anywhere else than at {@code pointer} (its scenario
 * {@code name} aside) is a startup error, so the sweep and the variant presets cannot drift. An unavailable preset
 * ({@code "available": false}) is checked for form only: its variant presets land with the engine's next model
 * part, and removing {@code available} and {@code reason} then turns it on.
 */
final class SweepPresets {

    static final int MAX_REPETITIONS = 100;
    private static final Set<String> FIELDS = Set.of("parameter", "pointer", "variants", "repetitions", "metrics");
    private static final Pattern LABEL = Pattern.compile("[a-z0-9][a-z0-9-]{0,31}");
    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    private SweepPresets() {
    }

    static SweepPreset resolve(Preset preset, Map<String, Preset> presets, ScenarioParser parser, List<String> problems) {
        JsonNode sweep = preset.document();
        boolean available = preset.sweep().available();
        String reason = preset.sweep().reason();
        int before = problems.size();
        sweep.propertyNames().stream().filter(f -> !FIELDS.contains(f))
                .forEach(f -> problems.add("sweep: unknown field '" + f + "'; expected " + FIELDS));
        String pointer = sweep.path("pointer").isString() ? sweep.get("pointer").stringValue() : null;
        if (pointer == null || JsonPointers.tokens(pointer) == null) {
            problems.add("sweep.pointer must be a JSON Pointer into the scenario, e.g. \"/stack/qdisc\"");
        }
        JsonNode parameterField = sweep.get("parameter");
        if (parameterField != null && (!parameterField.isString() || parameterField.stringValue().isBlank())) {
            problems.add("sweep.parameter must be a non-blank string");
        }
        String parameter = parameterField != null && parameterField.isString() ? parameterField.stringValue() : pointer;
        List<String> labels = labels(sweep.get("variants"), problems);
        JsonNode repetitions = sweep.get("repetitions");
        if (repetitions != null && (!repetitions.isIntegralNumber() || repetitions.asInt() < 1
                || repetitions.asInt() > MAX_REPETITIONS)) {
            problems.add("sweep.repetitions must be an integer from 1 to " + MAX_REPETITIONS);
        }
        JsonNode metrics = sweep.get("metrics");
        if (metrics != null && (!metrics.isArray() || metrics.valueStream().anyMatch(m -> !m.isString()))) {
            problems.add("sweep.metrics must be an array of metric names, e.g. \"flows.probe.latencyMs.p50\"");
        }
        List<String> variants = labels.stream().map(label -> preset.name() + "-" + label).toList();
        if (problems.size() > before || !available) {
            return new SweepPreset(available, reason, variants, null, null);
        }

        List<JsonNode> docs = new ArrayList<>();
        for (String variant : variants) {
            Preset found = presets.get(variant);
            if (found == null || found.kind() != PresetKind.EXPERIMENT) {
                problems.add("variant '" + variant + "' must be an experiment preset (or mark the sweep "
                        + "\"available\": false with a reason until it exists)");
            } else {
                docs.add(found.document());
            }
        }
        if (problems.size() > before) {
            return new SweepPreset(available, reason, variants, null, null);
        }
        ArrayNode values = NODES.arrayNode();
        for (int i = 0; i < docs.size(); i++) {
            JsonNode value = docs.get(i).at(pointer);
            if (value.isMissingNode()) {
                problems.add("variant '" + variants.get(i) + "' has no value at " + pointer);
            }
            values.add(value);
        }
        if (problems.size() > before) {
            return new SweepPreset(available, reason, variants, null, null);
        }
        ObjectNode base = (ObjectNode) docs.getFirst().deepCopy();
        base.put("name", preset.name());
        for (int i = 0; i < docs.size(); i++) {
            ObjectNode expected = base.deepCopy();
            JsonPointers.set(expected, pointer, values.get(i));
            ObjectNode actual = (ObjectNode) docs.get(i).deepCopy();
            expected.remove("name");
            actual.remove("name");
            String difference = firstDifference(expected, actual, "");
            if (difference != null) {
                problems.add("variant '" + variants.get(i) + "' differs from '" + variants.getFirst() + "' at "
                        + difference + ", outside the sweep's pointer " + pointer
                        + ": variants may differ only there, or the sweep would not run what the variants say");
            }
        }
        ParsedScenario parsedBase = parser.parse(base);
        if (!parsedBase.valid()) {
            problems.add("the base scenario (variant '" + variants.getFirst() + "' named '" + preset.name()
                    + "') is invalid: " + parsedBase.errors().getFirst().pointer() + " "
                    + parsedBase.errors().getFirst().message());
        }
        if (problems.size() > before) {
            return new SweepPreset(available, reason, variants, null, null);
        }
        ObjectNode definition = definition(base, parameter, pointer, values, labels, repetitions, metrics);
        ObjectNode normalized = definition(ScenarioJson.toJson(parsedBase.scenario()), parameter, pointer, values,
                labels, repetitions, metrics);
        return new SweepPreset(true, null, variants, definition, normalized);
    }

    private static ObjectNode definition(ObjectNode base, String parameter, String pointer, ArrayNode values,
            List<String> labels, JsonNode repetitions, JsonNode metrics) {
        ObjectNode definition = NODES.objectNode();
        definition.putObject("base").set("scenario", base);
        ObjectNode p = definition.putArray("parameters").addObject();
        p.put("name", parameter);
        p.put("pointer", pointer);
        p.set("values", values.deepCopy());
        ArrayNode labelArray = p.putArray("labels");
        labels.forEach(labelArray::add);
        definition.put("repetitions", repetitions == null ? 1 : repetitions.asInt());
        if (metrics != null) {
            definition.set("metrics", metrics.deepCopy());
        }
        return definition;
    }

    private static List<String> labels(JsonNode variants, List<String> problems) {
        if (variants == null || !variants.isArray() || variants.isEmpty()) {
            problems.add("sweep.variants must be a non-empty array of labels; variant presets are named <sweep>-<label>");
            return List.of();
        }
        List<String> labels = new ArrayList<>();
        Set<String> seen = new HashSet<>();
        for (JsonNode label : variants) {
            if (!label.isString() || !LABEL.matcher(label.stringValue()).matches()) {
                problems.add("sweep.variants: '" + (label.isString() ? label.stringValue() : label.toString())
                        + "' must match " + LABEL.pattern());
            } else if (!seen.add(label.stringValue())) {
                problems.add("sweep.variants: '" + label.stringValue() + "' is listed twice");
            } else {
                labels.add(label.stringValue());
            }
        }
        return labels;
    }

    /** The pointer of the first place where two documents differ, or null when they are equal. */
    static String firstDifference(JsonNode a, JsonNode b, String at) {
        if (a.equals(b)) {
            return null;
        }
        if (a.isObject() && b.isObject()) {
            Set<String> names = new TreeSet<>(a.propertyNames());
            names.addAll(b.propertyNames());
            for (String name : names) {
                String child = at + "/" + name.replace("~", "~0").replace("/", "~1");
                if (!a.has(name) || !b.has(name)) {
                    return child;
                }
                String difference = firstDifference(a.get(name), b.get(name), child);
                if (difference != null) {
                    return difference;
                }
            }
        }
        if (a.isArray() && b.isArray() && a.size() == b.size()) {
            for (int i = 0; i < a.size(); i++) {
                String difference = firstDifference(a.get(i), b.get(i), at + "/" + i);
                if (difference != null) {
                    return difference;
                }
            }
        }
        return at.isEmpty() ? "/" : at;
    }
}
