package dev.fqlab.config;

import dev.fqlab.scenario.ScenarioOpenApi;
import org.springdoc.core.customizers.OpenApiCustomizer;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * The scenario's schemas in the OpenAPI document, generated from the field declarations
 * ({@link ScenarioOpenApi}); request and response records point at them with {@code @Schema(ref = "Scenario")}.
 */
@Configuration(proxyBeanMethods = false)
class ScenarioSchemas {

    @Bean
    OpenApiCustomizer scenarioOpenApiSchemas() {
        return openApi -> ScenarioOpenApi.schemas().forEach(openApi.getComponents()::addSchemas);
    }
}
