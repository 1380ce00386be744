package dev.fqlab.config;

import dev.fqlab.scenario.ScenarioParser;
import java.time.Clock;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** Beans of classes that know nothing of Spring. */
@Configuration(proxyBeanMethods = false)
class ServiceConfiguration {

    @Bean
    Clock clock() {
        return Clock.systemUTC();
    }

    /** Validates submissions against the configured limits (fqlab.limits.*). */
    @Bean
    ScenarioParser scenarioParser(FqlabProperties properties) {
        return new ScenarioParser(properties.limits().scenarioLimits());
    }
}
