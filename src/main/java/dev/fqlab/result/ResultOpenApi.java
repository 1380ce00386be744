package dev.fqlab.result;

import dev.fqlab.sim.result.QdiscResult;
import dev.fqlab.sim.result.SimulationResult;
import io.swagger.v3.oas.models.media.Schema;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.springdoc.core.customizers.OpenApiCustomizer;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * The result's {@code qdisc} in the OpenAPI document as results.md shows it: one flat object whose fields depend on
 * {@code type}, like the scenario's {@code Qdisc}. The engine has one record per kind of xstats (read back by
 * {@code type}), which springdoc would otherwise publish as Java-named subtypes.
 */
@Configuration(proxyBeanMethods = false)
class ResultOpenApi {

    private static final String REF = "#/components/schemas/";

    @Bean
    OpenApiCustomizer flatQdiscResult() {
        return openApi -> {
            @SuppressWarnings("rawtypes")
            Map<String, Schema> schemas = openApi.getComponents().getSchemas();
            Schema<?> flat = null;
            @SuppressWarnings("rawtypes")
            Map<String, Schema> properties = new LinkedHashMap<>();
            // permits order (Plain, FqCodel, Codel, Fq): the counters, fq_codel's xstats, codel's own, then fq's
            for (Class<?> subtype : QdiscResult.class.getPermittedSubclasses()) {
                Schema<?> own = ownPart(schemas.get(subtype.getSimpleName()));
                if (own == null) {
                    return; // not the shape this was written for: leave the document as springdoc made it
                }
                flat = flat == null ? own : flat;
                own.getProperties().forEach(properties::putIfAbsent);
            }
            for (Class<?> subtype : QdiscResult.class.getPermittedSubclasses()) {
                schemas.remove(subtype.getSimpleName());
            }
            flat.setProperties(properties);
            schemas.put(QdiscResult.class.getSimpleName(), flat);
            Schema<?> result = schemas.get(SimulationResult.class.getSimpleName());
            for (String property : List.of("qdisc", "qdiscUp")) {
                result.getProperties().put(property, new Schema<>().$ref(REF + QdiscResult.class.getSimpleName()));
            }
        };
    }

    /** A subtype's {@code allOf: [{$ref: QdiscResult}, {its properties}]}: the second part, or null. */
    private static Schema<?> ownPart(Schema<?> subtype) {
        if (subtype == null || subtype.getAllOf() == null || subtype.getAllOf().size() != 2) {
            return null;
        }
        Schema<?> own = subtype.getAllOf().get(1);
        return own.getProperties() == null ? null : own;
    }
}
