package dev.fqlab.web;

import io.swagger.v3.core.converter.ModelConverters;
import io.swagger.v3.oas.models.OpenAPI;
import io.swagger.v3.oas.models.headers.Header;
import io.swagger.v3.oas.models.info.Info;
import io.swagger.v3.oas.models.media.Content;
import io.swagger.v3.oas.models.media.IntegerSchema;
import io.swagger.v3.oas.models.media.MediaType;
import io.swagger.v3.oas.models.media.Schema;
import io.swagger.v3.oas.models.responses.ApiResponse;
import java.util.Set;
import org.springdoc.core.customizers.OpenApiCustomizer;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.info.BuildProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * The OpenAPI document's title, the problem answer every operation may give, and the 503 of every operation that
 * reads or writes the database.
 */
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

    /** The API's paths that never touch the database (presets, the reference and validation are in memory). */
    private static final Set<String> WITHOUT_DATABASE = Set.of("/api/v1/experiments/validate");
    private static final Set<String> DATABASE_PREFIXES = Set.of("/api/v1/experiments", "/api/v1/sweeps");

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
            ApiResponse unavailable = new ApiResponse()
                    .description("The database is unavailable (down, restarting or refusing connections): nothing was "
                            + "done; send the request again after Retry-After seconds")
                    .addHeaderObject("Retry-After", new Header().description("Seconds to wait")
                            .schema(new IntegerSchema()))
                    .content(problem);
            openApi.getPaths().forEach((name, path) -> {
                if (DATABASE_PREFIXES.stream().anyMatch(name::startsWith) && !WITHOUT_DATABASE.contains(name)) {
                    path.readOperations().forEach(operation -> operation.getResponses().addApiResponse("503", unavailable));
                }
            });
        };
    }
}
