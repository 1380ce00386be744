package dev.fqlab.experiment;

import dev.fqlab.scenario.FieldError;
import dev.fqlab.scenario.ParsedScenario;
import dev.fqlab.scenario.ScenarioLimits;
import dev.fqlab.scenario.ScenarioParser;
import dev.fqlab.sim.scenario.Scenario;
import dev.fqlab.web.ApiProblem;
import org.springframework.stereotype.Component;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The one way back from an experiment's stored scenario JSON to its {@link Scenario}. A stored experiment has only
 * its row (its run may start on another instance, after a restart), so whoever runs or shows it reads the JSON here,
 * once per run or request, and passes the records on; the JSON itself is for storage and display.
 */
@Component
public class StoredScenarios {

    /** No limit: a scenario was within the service's limits when it was stored, whatever they are now. */
    private static final ScenarioLimits STORED =
            new ScenarioLimits(Double.MAX_VALUE, Integer.MAX_VALUE, Integer.MAX_VALUE);

    private final ScenarioParser underLimits;
    private final ScenarioParser stored = new ScenarioParser(STORED);
    private final JsonMapper jsonMapper;

    public StoredScenarios(ScenarioParser parser, JsonMapper jsonMapper) {
        this.underLimits = parser;
        this.jsonMapper = jsonMapper;
    }

    /**
     * The scenario to run, checked against this service's limits (fqlab.limits.*): they may have been lowered since
     * it was submitted, which {@link ParsedScenario#errors()} then says.
     */
    public ParsedScenario toRun(String scenarioJson) {
        return underLimits.parse(jsonMapper.readTree(scenarioJson));
    }

    /**
     * The scenario an experiment stored as {@code json} (read by the caller, who keeps it for display); a 409 when an
     * earlier version stored a scenario this one no longer reads.
     */
    public Scenario read(JsonNode json) {
        ParsedScenario parsed = stored.parse(json);
        if (!parsed.valid()) {
            FieldError first = parsed.errors().getFirst();
            throw ApiProblem.storedScenarioUnreadable("This experiment's stored scenario no longer parses in this "
                    + "version (" + first.pointer() + ": " + first.message() + "); submit the scenario again.");
        }
        return parsed.scenario();
    }
}
