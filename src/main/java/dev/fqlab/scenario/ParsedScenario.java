package dev.fqlab.scenario;

import dev.fqlab.sim.scenario.Scenario;
import java.util.List;

/** The outcome of parsing: a scenario when {@code errors} is empty, else every problem found. */
public record ParsedScenario(Scenario scenario, List<FieldError> errors) {

    public boolean valid() {
        return errors.isEmpty();
    }
}
