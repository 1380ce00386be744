package dev.fqlab.sweep;

import dev.fqlab.config.FqlabProperties;
import dev.fqlab.experiment.SeriesOutput;
import dev.fqlab.experiment.SubmissionReader;
import dev.fqlab.preset.Preset;
import dev.fqlab.preset.PresetCatalog;
import dev.fqlab.preset.PresetKind;
import dev.fqlab.scenario.FieldError;
import dev.fqlab.scenario.JsonMergePatch;
import dev.fqlab.scenario.JsonPointers;
import dev.fqlab.scenario.ParsedScenario;
import dev.fqlab.scenario.ScenarioJson;
import dev.fqlab.scenario.ScenarioParser;
import dev.fqlab.scenario.Text;
import dev.fqlab.sim.scenario.Scenario;
import dev.fqlab.web.ApiError;
import dev.fqlab.web.ApiProblem;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.springframework.stereotype.Component;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * Reads the body of {@code POST /sweeps} and {@code /sweeps/validate} into a {@link SweepPlan}, or a 400 that lists
 * every problem with a pointer into the request:
 * <pre>{@code
 * {"name": "…", "tags": […],
 *  "base": {"scenario": {…}} | {"preset": "<experiment preset>", "overrides": {…}},
 *  "parameters": [{"name": "shift", "pointer": "/flows/0/pacingShift", "values": [10, 9, 8], "labels": ["a", "b", "c"]}],
 *  "repetitions": 5, "reuse": true, "metrics": ["flows.probe.latencyMs.p50"]}
 * }</pre>
 * or {@code {"preset": "<sweep preset>", "overrides": {…}, "repetitions": n, …}}. Every combination's scenario is
 * parsed here, before anything is stored: a value that makes it invalid is named as
 * {@code /parameters/i/values/j}, a problem every combination has is named in the base
 * ({@code /base/scenario/…}, {@code /base/overrides/…} or {@code /overrides/…}).
 */
@Component
public class SweepReader {

    static final int MAX_PARAMETERS = 16;
    static final int MAX_REPETITIONS = 1000;
    static final int MAX_LABEL_LENGTH = 64;
    static final int MAX_METRICS = 200;
    /** A sweep of a thousand bad cells would otherwise answer with megabytes of errors. */
    static final int MAX_ERRORS = 100;
    private static final Set<String> FIELDS =
            Set.of("name", "tags", "base", "parameters", "repetitions", "reuse", "metrics", "preset", "overrides", "outputs");
    private static final Set<String> BASE_FIELDS = Set.of("scenario", "preset", "overrides");
    private static final Set<String> PARAMETER_FIELDS = Set.of("name", "pointer", "values", "labels");

    private final ScenarioParser parser;
    private final PresetCatalog presets;
    private final JsonMapper jsonMapper;
    private final int maxSweepSize;

    public SweepReader(ScenarioParser parser, PresetCatalog presets, JsonMapper jsonMapper, FqlabProperties properties) {
        this.parser = parser;
        this.presets = presets;
        this.jsonMapper = jsonMapper;
        this.maxSweepSize = properties.limits().maxSweepSize();
    }

    /** Where the base scenario came from, so its problems can be pointed at in the request. */
    private record Base(ObjectNode scenario, String errorPrefix, String preset) {
    }

    public SweepPlan read(JsonNode body) {
        if (!body.isObject()) {
            throw ApiProblem.invalid(List.of(ApiError.at("", "the request body must be a JSON object")));
        }
        List<ApiError> errors = new ArrayList<>();
        body.propertyNames().stream().filter(f -> !FIELDS.contains(f)).forEach(f -> errors.add(ApiError.at(
                pointer(f), "unknown field; expected preset, overrides, base, parameters, repetitions, reuse, "
                        + "metrics, name, tags or outputs")));
        String name = SubmissionReader.name(body.get("name"), errors);
        List<String> tags = SubmissionReader.tags(body.get("tags"), errors);
        boolean reuse = reuse(body.get("reuse"), errors);
        Integer repetitions = repetitions(body.get("repetitions"), errors);
        List<String> metrics = metrics(body.get("metrics"), "/metrics", errors);
        // A sweep's table shows summary values only: its experiments keep no series unless it asks.
        SeriesOutput series = SubmissionReader.outputs(body.get("outputs"), SeriesOutput.NONE, errors);

        Base base;
        List<SweepParameter> parameters;
        Preset sweepPreset = null;
        JsonNode presetName = nonNull(body.get("preset"));
        if (presetName != null) {
            for (String field : List.of("base", "parameters")) {
                if (nonNull(body.get(field)) != null) {
                    errors.add(ApiError.at("/" + field, "give either a sweep preset or base and parameters, not both"));
                }
            }
            sweepPreset = sweepPreset(presetName, errors);
            JsonNode overrides = nonNull(body.get("overrides"));
            if (overrides != null && !overrides.isObject()) {
                errors.add(ApiError.at("/overrides", "must be a JSON object (an RFC 7396 merge patch on the sweep's base scenario)"));
            }
            if (sweepPreset == null || !errors.isEmpty()) {
                throw ApiProblem.invalid(errors);
            }
            JsonNode definition = sweepPreset.sweep().definition();
            base = new Base((ObjectNode) JsonMergePatch.apply(definition.at("/base/scenario"),
                    overrides != null && overrides.isObject() ? overrides : null), "/overrides", sweepPreset.name());
            parameters = parameters(definition.get("parameters"), "/preset", errors);
            if (repetitions == null) {
                repetitions = definition.path("repetitions").asInt(1);
            }
            if (metrics == null && definition.has("metrics")) {
                metrics = metrics(definition.get("metrics"), "/preset", errors);
            }
        } else {
            if (nonNull(body.get("overrides")) != null) {
                errors.add(ApiError.at("/overrides", "overrides apply to a sweep preset; for a base preset give base.overrides"));
            }
            base = base(body.get("base"), errors);
            parameters = parameters(body.get("parameters"), "/parameters", errors);
        }
        if (!errors.isEmpty()) {
            throw ApiProblem.invalid(errors);
        }
        int reps = repetitions == null ? 1 : repetitions;
        long size = reps;
        for (SweepParameter parameter : parameters) {
            size *= parameter.values().size();
            if (size > maxSweepSize) {
                break;
            }
        }
        if (size > maxSweepSize) {
            String product = parameters.stream().map(p -> Integer.toString(p.values().size()))
                    .collect(Collectors.joining(" values × ", "", parameters.isEmpty() ? "" : " values × "));
            throw ApiProblem.invalid(List.of(ApiError.at(parameters.isEmpty() ? "/repetitions" : "/parameters",
                    "this sweep would run " + product + reps + " repetitions = "
                            + (size > maxSweepSize ? "more than " + maxSweepSize : Long.toString(size))
                            + " experiments; at most " + maxSweepSize + " (fqlab.limits.max-sweep-size)")));
        }
        String sweepName = name != null ? name : sweepPreset != null ? sweepPreset.name() : defaultName(base);
        List<SweepPlan.Cell> cells = expand(base, parameters, reps, sweepName, presetName != null, errors);
        if (!errors.isEmpty()) {
            throw ApiProblem.invalid(errors.size() <= MAX_ERRORS ? errors : capped(errors));
        }
        return new SweepPlan(sweepName, tags, base.preset(), base.scenario(), parameters, reps, reuse, metrics,
                (int) (size / reps), cells, series);
    }

    // --- the combinations ----------------------------------------------------------------------------

    /**
     * Every combination of parameter values (the first parameter varies slowest) × every repetition, each
     * scenario parsed. Problems are added to {@code errors}; the cells are only meaningful without any.
     */
    private List<SweepPlan.Cell> expand(Base base, List<SweepParameter> parameters, int repetitions, String sweepName,
            boolean fromPreset, List<ApiError> errors) {
        int combinations = parameters.stream().mapToInt(p -> p.values().size()).reduce(1, Math::multiplyExact);
        List<SweepPlan.Cell> cells = new ArrayList<>(combinations * repetitions);
        Set<ApiError> found = new LinkedHashSet<>();
        // scenario problem → the combinations that have it, to tell a base problem from a value's
        Map<FieldError, List<Integer>> failures = new LinkedHashMap<>();
        for (int c = 0; c < combinations; c++) {
            int[] index = indices(parameters, c);
            ObjectNode scenario = base.scenario().deepCopy();
            for (int i = 0; i < parameters.size(); i++) {
                SweepParameter parameter = parameters.get(i);
                String problem = JsonPointers.set(scenario, parameter.pointer(), parameter.values().get(index[i]));
                if (problem != null) {
                    // Reported, and the scenario still parsed without this value, so its other problems show too.
                    found.add(fromPreset ? ApiError.at("/preset", "variant " + parameter.display(index[i]) + ": " + problem)
                            : ApiError.at("/parameters/" + i + "/pointer", "cannot set " + parameter.pointer() + ": " + problem));
                }
            }
            ParsedScenario parsed = parser.parse(scenario);
            if (!parsed.valid()) {
                for (FieldError e : parsed.errors()) {
                    failures.computeIfAbsent(e, k -> new ArrayList<>()).add(c);
                }
                continue;
            }
            Scenario variant = parsed.scenario();
            long seed = variant.seed();
            for (int r = 0; r < repetitions; r++) {
                if (r > 0 && seed > Long.MAX_VALUE - r) {
                    found.add(ApiError.at("/repetitions", "the seeds base.seed + r overflow a 64-bit integer "
                            + "from repetition " + r + "; lower the base seed"));
                    break;
                }
                // Repetitions differ only by seed, and any int64 is a valid seed: the variant's records serve them all.
                Scenario repetition = r == 0 ? variant : withSeed(variant, seed + r);
                String json = jsonMapper.writeValueAsString(ScenarioJson.toJson(repetition));
                cells.add(new SweepPlan.Cell(c * repetitions + r, c, r,
                        experimentName(sweepName, parameters, index, r, repetitions), json, SubmissionReader.sha256(json)));
            }
        }
        for (Map.Entry<FieldError, List<Integer>> failure : failures.entrySet()) {
            if (found.size() > MAX_ERRORS) {
                break; // the answer lists at most MAX_ERRORS anyway
            }
            found.addAll(locate(failure.getKey(), failure.getValue(), combinations, base, parameters, fromPreset));
        }
        errors.addAll(found);
        return cells;
    }

    /**
     * Points a scenario problem at the request. Under a parameter's pointer: the value that put it there. Elsewhere:
     * the base when every combination has it; else the values that every failing combination shares (or, for a
     * problem only some mix of values causes, the values of the first combination with it).
     */
    private List<ApiError> locate(FieldError error, List<Integer> failing, int combinations, Base base,
            List<SweepParameter> parameters, boolean fromPreset) {
        int owner = -1;
        boolean unknown = error.message().startsWith("unknown field");
        for (int i = 0; i < parameters.size(); i++) {
            String pointer = parameters.get(i).pointer();
            // Under the pointer; or an unknown field the pointer itself created on its way ("/x/y" where the base
            // has no "x"): that field is the pointer's mistake, not the base's.
            boolean created = unknown && JsonPointers.isUnder(pointer, error.pointer())
                    && base.scenario().at(error.pointer()).isMissingNode();
            if ((JsonPointers.isUnder(error.pointer(), pointer) || created)
                    && (owner < 0 || pointer.length() > parameters.get(owner).pointer().length())) {
                owner = i;
            }
        }
        List<ApiError> located = new ArrayList<>();
        if (owner >= 0) {
            SweepParameter parameter = parameters.get(owner);
            Set<Integer> values = new TreeSet<>();
            for (int c : failing) {
                values.add(indices(parameters, c)[owner]);
            }
            boolean unknownField = unknown && JsonPointers.isUnder(parameter.pointer(), error.pointer());
            for (int j : values) {
                located.add(fromPreset ? ApiError.at("/preset", "variant " + parameter.display(j) + ": " + error.pointer() + " " + error.message())
                        : unknownField ? ApiError.at("/parameters/" + owner + "/pointer", error.message())
                        : ApiError.at("/parameters/" + owner + "/values/" + j, "with this value, "
                                + error.pointer() + " " + error.message()));
            }
            return located;
        }
        if (failing.size() == combinations) {
            return List.of(ApiError.at(base.errorPrefix() + error.pointer(), error.message()));
        }
        Set<Integer> failingSet = new HashSet<>(failing);
        for (int i = 0; i < parameters.size(); i++) {
            SweepParameter parameter = parameters.get(i);
            for (int j = 0; j < parameter.values().size(); j++) {
                int param = i;
                int value = j;
                boolean always = IntStream.range(0, combinations).filter(c -> indices(parameters, c)[param] == value)
                        .allMatch(failingSet::contains);
                if (always) {
                    located.add(valueError(i, j, parameter, error, "with this value, ", fromPreset));
                }
            }
        }
        if (located.isEmpty()) {
            int[] index = indices(parameters, failing.getFirst());
            for (int i = 0; i < parameters.size(); i++) {
                located.add(valueError(i, index[i], parameters.get(i), error, "with this value and the other "
                        + "parameters' values of combination " + failing.getFirst() + ", ", fromPreset));
            }
        }
        return located;
    }

    private static ApiError valueError(int i, int j, SweepParameter parameter, FieldError error, String lead,
            boolean fromPreset) {
        return fromPreset ? ApiError.at("/preset", "variant " + parameter.display(j) + ": " + error.pointer() + " " + error.message())
                : ApiError.at("/parameters/" + i + "/values/" + j, lead + error.pointer() + " " + error.message());
    }

    /** The value index of each parameter in combination {@code c}; the last parameter varies fastest. */
    static int[] indices(List<SweepParameter> parameters, int c) {
        int[] index = new int[parameters.size()];
        for (int i = parameters.size() - 1; i >= 0; i--) {
            int size = parameters.get(i).values().size();
            index[i] = c % size;
            c /= size;
        }
        return index;
    }

    /** {@code scenario} with another seed, as parsing it with that seed would give it. */
    private static Scenario withSeed(Scenario s, long seed) {
        return Scenario.SCHEMA.builder(s).set("seed", seed).build();
    }

    /** "seed-003 qdisc=packets #2": the sweep, the combination's values and the repetition (from 1). */
    private static String experimentName(String sweepName, List<SweepParameter> parameters, int[] index, int r,
            int repetitions) {
        StringBuilder name = new StringBuilder(sweepName);
        for (int i = 0; i < parameters.size(); i++) {
            name.append(' ').append(parameters.get(i).header()).append('=').append(parameters.get(i).display(index[i]));
        }
        if (repetitions > 1) {
            name.append(" #").append(r + 1);
        }
        return name.length() <= SubmissionReader.MAX_NAME_LENGTH ? name.toString()
                : name.substring(0, SubmissionReader.MAX_NAME_LENGTH - 1) + "…";
    }

    private static String defaultName(Base base) {
        JsonNode name = base.scenario().get("name");
        if (name != null && name.isString() && !name.stringValue().isBlank()) {
            return name.stringValue();
        }
        return base.preset() != null ? base.preset() : "sweep";
    }

    // --- the envelope ------------------------------------------------------------------------------------

    private Preset sweepPreset(JsonNode name, List<ApiError> errors) {
        if (!name.isString()) {
            errors.add(ApiError.at("/preset", "must be a string naming a sweep preset"));
            return null;
        }
        Preset preset = presets.find(name.stringValue()).orElse(null);
        if (preset == null) {
            errors.add(ApiError.at("/preset", "unknown preset '" + name.stringValue() + "'; GET /api/v1/presets lists them"));
            return null;
        }
        if (preset.kind() != PresetKind.SWEEP) {
            errors.add(ApiError.at("/preset", "'" + preset.name() + "' is an experiment preset; sweep over it with "
                    + "{\"base\": {\"preset\": \"" + preset.name() + "\"}, \"parameters\": [...]}"));
            return null;
        }
        if (!preset.available()) {
            errors.add(ApiError.at("/preset", "'" + preset.name() + "' is not available in this engine version: "
                    + preset.sweep().reason()));
            return null;
        }
        return preset;
    }

    private Base base(JsonNode base, List<ApiError> errors) {
        if (base == null || base.isNull()) {
            errors.add(ApiError.at("/base", "required: {\"scenario\": {…}} or {\"preset\": \"name\", \"overrides\": {…}}, "
                    + "or give a sweep preset instead"));
            return null;
        }
        if (!base.isObject()) {
            errors.add(ApiError.at("/base", "must be an object: {\"scenario\": {…}} or {\"preset\": \"name\", \"overrides\": {…}}"));
            return null;
        }
        base.propertyNames().stream().filter(f -> !BASE_FIELDS.contains(f))
                .forEach(f -> errors.add(ApiError.at("/base" + pointer(f), "unknown field; expected scenario, preset or overrides")));
        JsonNode scenario = nonNull(base.get("scenario"));
        JsonNode presetName = nonNull(base.get("preset"));
        JsonNode overrides = nonNull(base.get("overrides"));
        if (scenario != null && presetName != null) {
            errors.add(ApiError.at("/base/preset", "give either scenario or preset, not both"));
            return null;
        }
        if (scenario != null) {
            if (overrides != null) {
                errors.add(ApiError.at("/base/overrides", "overrides apply to a preset only; edit the scenario instead"));
            }
            if (!scenario.isObject()) {
                errors.add(ApiError.at("/base/scenario", "must be a JSON object (a scenario)"));
                return null;
            }
            return new Base((ObjectNode) scenario.deepCopy(), "/base/scenario", null);
        }
        if (presetName == null) {
            errors.add(ApiError.at("/base/scenario", "required: give a scenario or the name of an experiment preset"));
            return null;
        }
        if (overrides != null && !overrides.isObject()) {
            errors.add(ApiError.at("/base/overrides", "must be a JSON object (an RFC 7396 merge patch on the preset's scenario)"));
            return null;
        }
        if (!presetName.isString()) {
            errors.add(ApiError.at("/base/preset", "must be a string naming an experiment preset"));
            return null;
        }
        Preset preset = presets.find(presetName.stringValue()).orElse(null);
        if (preset == null) {
            errors.add(ApiError.at("/base/preset", "unknown preset '" + presetName.stringValue() + "'; GET /api/v1/presets lists them"));
            return null;
        }
        if (preset.kind() != PresetKind.EXPERIMENT) {
            errors.add(ApiError.at("/base/preset", "'" + preset.name() + "' is a sweep preset; run it as {\"preset\": \""
                    + preset.name() + "\"}"));
            return null;
        }
        return new Base((ObjectNode) JsonMergePatch.apply(preset.document(), overrides), "/base/overrides", preset.name());
    }

    /** The parameters at {@code at} (a pointer into the request, or "/preset" for a preset's own). */
    private static List<SweepParameter> parameters(JsonNode array, String at, List<ApiError> errors) {
        if (array == null || array.isNull()) {
            return List.of();
        }
        if (!array.isArray()) {
            errors.add(ApiError.at(at, "must be an array of {\"pointer\", \"values\", \"labels\", \"name\"}"));
            return List.of();
        }
        if (array.size() > MAX_PARAMETERS) {
            errors.add(ApiError.at(at, "at most " + MAX_PARAMETERS + " parameters"));
            return List.of();
        }
        List<SweepParameter> parameters = new ArrayList<>();
        Set<String> pointers = new HashSet<>();
        for (int i = 0; i < array.size(); i++) {
            SweepParameter parameter = parameter(array.get(i), at + "/" + i, errors);
            if (parameter != null) {
                if (!pointers.add(parameter.pointer())) {
                    errors.add(ApiError.at(at + "/" + i + "/pointer", "another parameter already sets " + parameter.pointer()));
                }
                parameters.add(parameter);
            }
        }
        return parameters;
    }

    private static SweepParameter parameter(JsonNode node, String at, List<ApiError> errors) {
        if (!node.isObject()) {
            errors.add(ApiError.at(at, "must be an object {\"pointer\", \"values\", \"labels\", \"name\"}"));
            return null;
        }
        int before = errors.size();
        node.propertyNames().stream().filter(f -> !PARAMETER_FIELDS.contains(f))
                .forEach(f -> errors.add(ApiError.at(at + pointer(f), "unknown field; expected pointer, values, labels or name")));
        JsonNode name = nonNull(node.get("name"));
        if (name != null && (!name.isString() || name.stringValue().isBlank() || name.stringValue().length() > MAX_LABEL_LENGTH)) {
            errors.add(ApiError.at(at + "/name", "must be a string of 1 to " + MAX_LABEL_LENGTH + " characters, not blank"));
        } else if (name != null && Text.label(name.stringValue()) != null) {
            errors.add(ApiError.at(at + "/name", Text.label(name.stringValue())));
        }
        JsonNode pointer = node.get("pointer");
        if (pointer == null || !pointer.isString() || JsonPointers.tokens(pointer.stringValue()) == null) {
            errors.add(ApiError.at(at + "/pointer", "required: an RFC 6901 JSON Pointer into the scenario, e.g. "
                    + "\"/flows/0/rateMbps\" ('~' written as ~0, '/' as ~1)"));
        } else if (Text.label(pointer.stringValue()) != null) {
            errors.add(ApiError.at(at + "/pointer", Text.label(pointer.stringValue())));
        }
        JsonNode values = node.get("values");
        if (values == null || !values.isArray() || values.isEmpty()) {
            errors.add(ApiError.at(at + "/values", "required: a non-empty array of values (any JSON, whole objects too)"));
        }
        JsonNode labels = nonNull(node.get("labels"));
        List<String> labelList = null;
        if (labels != null) {
            labelList = new ArrayList<>();
            if (!labels.isArray()) {
                errors.add(ApiError.at(at + "/labels", "must be an array of strings, one per value"));
            } else {
                if (values != null && values.isArray() && labels.size() != values.size()) {
                    errors.add(ApiError.at(at + "/labels", "must have one label per value (" + values.size()
                            + " values, " + labels.size() + " labels)"));
                }
                Set<String> seen = new HashSet<>();
                for (int j = 0; j < labels.size(); j++) {
                    JsonNode label = labels.get(j);
                    if (!label.isString() || label.stringValue().isBlank() || label.stringValue().length() > MAX_LABEL_LENGTH) {
                        errors.add(ApiError.at(at + "/labels/" + j, "must be a string of 1 to " + MAX_LABEL_LENGTH
                                + " characters, not blank"));
                    } else if (Text.label(label.stringValue()) != null) {
                        errors.add(ApiError.at(at + "/labels/" + j, Text.label(label.stringValue())));
                    } else if (!seen.add(label.stringValue())) {
                        errors.add(ApiError.at(at + "/labels/" + j, "'" + label.stringValue() + "' labels another value already"));
                    } else {
                        labelList.add(label.stringValue());
                    }
                }
            }
        }
        if (errors.size() > before) {
            return null;
        }
        return new SweepParameter(name == null ? null : name.stringValue(), pointer.stringValue(),
                values.valueStream().map(JsonNode::deepCopy).toList(), labelList);
    }

    private static boolean reuse(JsonNode reuse, List<ApiError> errors) {
        if (reuse == null || reuse.isNull()) {
            return true;
        }
        if (!reuse.isBoolean()) {
            errors.add(ApiError.at("/reuse", "must be true (reuse results of scenarios that already succeeded) or false"));
            return true;
        }
        return reuse.booleanValue();
    }

    private static Integer repetitions(JsonNode repetitions, List<ApiError> errors) {
        if (repetitions == null || repetitions.isNull()) {
            return null;
        }
        if (!repetitions.isIntegralNumber() || !repetitions.canConvertToInt() || repetitions.intValue() < 1
                || repetitions.intValue() > MAX_REPETITIONS) {
            errors.add(ApiError.at("/repetitions", "must be an integer from 1 to " + MAX_REPETITIONS
                    + " (repetition r runs with seed base.seed + r)"));
            return null;
        }
        return repetitions.intValue();
    }

    /** The table's default columns: metric names (see {@link ResultMetrics}); '*' matches anything. */
    private static List<String> metrics(JsonNode metrics, String at, List<ApiError> errors) {
        if (metrics == null || metrics.isNull()) {
            return null;
        }
        if (!metrics.isArray() || metrics.size() > MAX_METRICS) {
            errors.add(ApiError.at(at, "must be an array of at most " + MAX_METRICS + " metric names, e.g. "
                    + "\"flows.probe.latencyMs.p50\" or \"flows.probe.*\""));
            return null;
        }
        List<String> names = new ArrayList<>();
        for (int i = 0; i < metrics.size(); i++) {
            JsonNode metric = metrics.get(i);
            if (!metric.isString() || metric.stringValue().isBlank() || metric.stringValue().length() > 200) {
                errors.add(ApiError.at(at + "/" + i, "must be a metric name of 1 to 200 characters"));
            } else if (Text.label(metric.stringValue()) != null) {
                errors.add(ApiError.at(at + "/" + i, Text.label(metric.stringValue())));
            } else {
                names.add(metric.stringValue());
            }
        }
        return names;
    }

    private static List<ApiError> capped(List<ApiError> errors) {
        List<ApiError> capped = new ArrayList<>(errors.subList(0, MAX_ERRORS - 1));
        capped.add(ApiError.at("", (errors.size() - MAX_ERRORS + 1) + " more problems like these are not listed"));
        return capped;
    }

    private static JsonNode nonNull(JsonNode node) {
        return node == null || node.isNull() ? null : node;
    }

    private static String pointer(String field) {
        return "/" + field.replace("~", "~0").replace("/", "~1");
    }
}
