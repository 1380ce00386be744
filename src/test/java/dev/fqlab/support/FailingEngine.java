package dev.fqlab.support;

import dev.fqlab.jobs.SimulationEngine;
import dev.fqlab.sim.ScenarioRunner;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Primary;

/**
 * Imported by {@link ServiceTest} (deliberately not a {@code @Configuration}, so that application contexts
 * started outside the test framework, which scan this package too, never pick it up).
 * The real engine, except that a scenario named {@value #NAME} fails the way an engine bug would: the only
 * way to test the FAILED path without breaking the engine.
 */
public class FailingEngine {

    public static final String NAME = "engine-failure-test";

    @Bean
    @Primary
    SimulationEngine failingForOneScenario() {
        return (scenario, control) -> {
            if (NAME.equals(scenario.name())) {
                throw new IllegalStateException("injected engine failure for the test\n\tat some.Frame(Line.java:1)");
            }
            return ScenarioRunner.run(scenario, control);
        };
    }
}
