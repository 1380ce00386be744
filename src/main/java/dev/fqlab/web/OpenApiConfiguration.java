package dev.fqlab.web;

import io.swagger.v3.core.converter.ModelConverters;
import io.swagger.v3.oas.models.OpenAPI;
import io.swagger.v3.oas.models.info.Info;
import io.swagger.v3.oas.models.media.Content;
import io.swagger.v3.oas.models.media.MediaType;
import io.swagger.v3.oas.models.media.Schema;
import io.swagger.v3.oas.models.responses.ApiResponse;
import org.springdoc.core.customizers.OpenApiCustomizer;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.info.BuildProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** The OpenAPI document's title, and the problem answer every operation may give. */
@Configuration(proxyBeanMethods = false)
class OpenApiConfiguration {

    @Bean
    OpenAPI fqlabOpenApi(ObjectProvider<BuildProperties> build) {
        BuildProperties properties = build.getIfAvailable();
        return new OpenAPI().info(new Info()
                .title("fqlab")
                .version(properties == null ? "dev" : properties.getVersion())
                .description("Simulates Linux link and WiFi queueing (CoDel, fq_codel, mac80211 TXQs) as a service: "
                        + "submit experiments, watch them run, read their results."));
    }

    /** Every operation can answer an error as application/problem+json; documented once, here. */
    @Bean
    OpenApiCustomizer problemResponses() {
        return openApi -> {
            ModelConverters.getInstance().readAll(ProblemDoc.class)
                    .forEach((name, schema) -> openApi.getComponents().addSchemas(name, schema));
            Content problem = new Content().addMediaType("application/problem+json",
                    new MediaType().schema(new Schema<>().$ref("#/components/schemas/Problem")));
            openApi.getPaths().values().forEach(path -> path.readOperations().forEach(operation ->
                    operation.getResponses().addApiResponse("default",
                            new ApiResponse().description("An error, as an RFC 9457 problem").content(problem))));
        };
    }
}
