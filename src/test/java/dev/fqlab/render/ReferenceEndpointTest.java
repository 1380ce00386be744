package dev.fqlab.render;

import static org.assertj.core.api.Assertions.assertThat;

import dev.fqlab.scenario.ScenarioReference;
import dev.fqlab.support.Api;
import dev.fqlab.support.ServiceTest;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/** The scenario reference and the OpenAPI scenario schema, served from the field declarations. */
class ReferenceEndpointTest extends ServiceTest {

    @Test
    void theReferenceIsServedAsHtmlAndMarkdown() {
        Api.Response html = api.get("/api/v1/reference/scenario");
        assertThat(html.status()).isEqualTo(200);
        assertThat(html.contentType()).startsWith("text/html");
        assertThat(html.body()).contains("<h2>Qdisc fq_codel</h2>", "<code>quantumMode</code>",
                "&quot;packets&quot;", "<code>memoryLimitBytes</code>");

        Api.Response markdown = api.get("/api/v1/reference/scenario.md");
        assertThat(markdown.status()).isEqualTo(200);
        assertThat(markdown.contentType()).startsWith("text/markdown");
        assertThat(markdown.body()).isEqualTo(ScenarioReference.markdown());
    }

    @Test
    void theOpenApiScenarioSchemaComesFromTheDeclarations() {
        JsonNode docs = api.get("/v3/api-docs").json();
        JsonNode scenario = docs.at("/components/schemas/Scenario");
        assertThat(scenario.at("/properties/durationS/type").asString()).isEqualTo("number");
        assertThat(scenario.at("/required").toString()).contains("durationS", "link", "flows");
        assertThat(docs.at("/components/schemas/Qdisc/properties/quantumMode/enum").toString())
                .contains("bytes", "packets");
        assertThat(docs.at("/components/schemas/ExperimentRequest/properties/scenario/$ref").asString())
                .endsWith("/Scenario");
    }
}
