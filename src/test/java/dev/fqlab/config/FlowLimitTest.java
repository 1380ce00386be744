package dev.fqlab.config;

import static org.assertj.core.api.Assertions.assertThat;

import dev.fqlab.scenario.ScenarioLimits;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.boot.context.properties.source.MapConfigurationPropertySource;

/**
 * Issue 16: "the flow limit configurable, default at least 4096" (it was 1024). The default as Spring binds it with
 * nothing set, the parser's documented defaults, and the property still overriding it. That 4097 flows get a 400
 * naming {@code /scenario/flows} is {@code invalid-scenarios.json}'s case through the service (InvalidRequestsTest).
 */
class FlowLimitTest {

    private static FqlabProperties.Limits bind(Map<String, String> properties) {
        return new Binder(new MapConfigurationPropertySource(properties))
                .bindOrCreate("fqlab.limits", FqlabProperties.Limits.class);
    }

    @Test
    void theDefaultAllowsAtLeast4096Flows() {
        assertThat(bind(Map.of()).maxFlows()).isGreaterThanOrEqualTo(4096);
        assertThat(bind(Map.of()).scenarioLimits().maxFlows()).isGreaterThanOrEqualTo(4096);
        assertThat(ScenarioLimits.DEFAULTS.maxFlows()).isGreaterThanOrEqualTo(4096);
    }

    @Test
    void thePropertySetsIt() {
        assertThat(bind(Map.of("fqlab.limits.max-flows", "10000")).maxFlows()).isEqualTo(10_000);
        assertThat(bind(Map.of("fqlab.limits.max-flows", "16")).scenarioLimits().maxFlows()).isEqualTo(16);
    }
}
