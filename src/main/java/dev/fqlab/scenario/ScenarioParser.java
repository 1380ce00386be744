package dev.fqlab.scenario;

import dev.fqlab.sim.scenario.Scenario;
import dev.fqlab.sim.scenario.schema.Scope;
import java.util.List;
import tools.jackson.databind.JsonNode;

/**
 * Turns a submitted scenario document into a normalized {@link Scenario}, reporting every invalid, missing or
 * unknown field at once as JSON Pointers. What each field accepts, its default and the rules between fields are
 * declared beside the records in {@code dev.fqlab.sim.scenario} ({@link Scenario#SCHEMA} and the schemas it
 * holds); {@link ObjectScope} reads a document by them. The scenario reference
 * ({@code GET /api/v1/reference/scenario}) lists them.
 *
 * <p>General rules: numbers must be JSON numbers (never strings) and finite; integer fields accept a number only if
 * its value is integral ({@code 5} or {@code 5.0}, not {@code 5.5}); booleans must be JSON booleans. JSON
 * {@code null} is not a value and not "use the default", except where a field says null means off
 * ({@code ceThresholdMs}); omit a field to get its default. {@code -0} is read as 0. Checks that compare two fields
 * run only when both are valid, so one mistake is reported once.
 */
public final class ScenarioParser {

    /** Kept for the tests that compute the series limit: see {@link Scenario#MAX_SERIES_VALUES}. */
    static final long MAX_SERIES_VALUES = Scenario.MAX_SERIES_VALUES;

    private final ScenarioLimits limits;

    public ScenarioParser(ScenarioLimits limits) {
        this.limits = limits;
    }

    /** Parses and validates; never throws for bad input. */
    public ParsedScenario parse(JsonNode document) {
        Problems problems = new Problems();
        Scope.Limits scope = new Scope.Limits(limits.maxDurationS(), limits.maxStations(), limits.maxFlows());
        Scenario scenario = ObjectScope.readRoot(new ObjectScope.Document(problems, scope), Scenario.SCHEMA, document,
                "a JSON object (the scenario)");
        return problems.count() > 0 ? new ParsedScenario(null, problems.list())
                : new ParsedScenario(scenario, List.of());
    }
}
