package dev.fqlab.scenario;

import dev.fqlab.scenario.ScenarioReference.Row;
import dev.fqlab.scenario.ScenarioReference.Section;
import dev.fqlab.sim.scenario.schema.Field;
import dev.fqlab.sim.scenario.schema.IntRange;
import dev.fqlab.sim.scenario.schema.JsonEnum;
import dev.fqlab.sim.scenario.schema.NumberRange;
import io.swagger.v3.oas.models.media.ArraySchema;
import io.swagger.v3.oas.models.media.BooleanSchema;
import io.swagger.v3.oas.models.media.IntegerSchema;
import io.swagger.v3.oas.models.media.NumberSchema;
import io.swagger.v3.oas.models.media.ObjectSchema;
import io.swagger.v3.oas.models.media.Schema;
import io.swagger.v3.oas.models.media.StringSchema;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * The scenario's OpenAPI schemas (components {@code Scenario}, {@code Link}, {@code Station}, {@code Stack},
 * {@code Qdisc}, …), built from the same rows as the {@link ScenarioReference}. An object whose fields depend on its
 * {@code type} (link, qdisc, scheduler, flow) is one flat schema with every variant's fields; each such field's
 * description says which types it belongs to, and a default is given only where all of them agree.
 */
public final class ScenarioOpenApi {

    private static final String REF = "#/components/schemas/";

    private ScenarioOpenApi() {
    }

    /** Component name → schema. */
    public static Map<String, Schema<?>> schemas() {
        Map<String, List<Section>> byComponent = new LinkedHashMap<>();
        for (Section section : ScenarioReference.sections()) {
            String component = section.family() == null ? section.title() : section.family();
            byComponent.computeIfAbsent(component, name -> new ArrayList<>()).add(section);
        }
        Map<String, Schema<?>> schemas = new LinkedHashMap<>();
        byComponent.forEach((component, sections) -> schemas.put(component, component(sections)));
        return schemas;
    }

    /** One component from its sections: a plain record, or a family's variants (with a plain part for flows). */
    private static Schema<?> component(List<Section> sections) {
        ObjectSchema schema = new ObjectSchema();
        Map<String, List<Row>> rows = new LinkedHashMap<>();
        Map<String, List<String>> types = new LinkedHashMap<>();
        List<String> variantTypes = new ArrayList<>();
        StringBuilder description = new StringBuilder();
        for (Section section : sections) {
            if (section.typeName() != null) {
                variantTypes.add(section.typeName());
                description.append(description.isEmpty() ? "" : " ").append(section.typeName()).append(": ")
                        .append(section.summary());
            } else {
                description.insert(0, section.summary() + (description.isEmpty() ? "" : " "));
            }
            for (Row row : section.rows()) {
                if (row.field() == null) {
                    continue; // a variant's "type" row: the union's type property below
                }
                rows.computeIfAbsent(row.name(), name -> new ArrayList<>()).add(row);
                if (section.typeName() != null) {
                    types.computeIfAbsent(row.name(), name -> new ArrayList<>()).add(section.typeName());
                }
            }
        }
        schema.description(description.toString());
        if (!variantTypes.isEmpty() && !rows.containsKey("type")) {
            schema.addProperty("type", new StringSchema()._enum(variantTypes)
                    .description("Selects the variant: " + String.join(", ", variantTypes) + "."));
            schema.addRequiredItem("type");
        }
        rows.forEach((name, variants) -> {
            schema.addProperty(name, property(variants, types.get(name)));
            if (types.get(name) == null && variants.getFirst().required()) {
                schema.addRequiredItem(name);
            }
        });
        return schema;
    }

    /** A property: the first declaration's type and bounds, every declaration's description. */
    private static Schema<?> property(List<Row> rows, List<String> types) {
        Field field = rows.getFirst().field();
        Schema<?> schema = switch (field.kind()) {
            case NUMBER -> bounded(new NumberSchema(), field.numberRange());
            case INTEGER -> integer(field.intRange());
            case BOOLEAN -> new BooleanSchema();
            case ENUM -> new StringSchema()._enum(field.enumConstants().stream().map(JsonEnum::json).toList());
            case TYPE -> new StringSchema()._enum(field.variants().typeNames());
            case STRING -> string(field);
            case OBJECT -> new Schema<>().$ref(REF + field.schema().title());
            case VARIANT -> new Schema<>().$ref(REF + field.variants().title());
            case ARRAY -> new ArraySchema().items(new Schema<>().$ref(REF + field.schema().title()));
            default -> throw new IllegalStateException(field.toString());
        };
        if (field.presence() == Field.Presence.NULLABLE) {
            schema.addType("null");
            schema.nullable(true);
        }
        Object commonDefault = commonDefault(rows);
        if (commonDefault != null) {
            schema.setDefault(commonDefault);
        }
        List<String> parts = new ArrayList<>();
        for (int i = 0; i < rows.size(); i++) {
            parts.add((types == null ? "" : types.get(i) + ": ") + describe(rows.get(i)));
        }
        String description = String.join(" ", parts);
        // an object reference carries its description beside the $ref (OpenAPI 3.1 allows it)
        return schema.description(description);
    }

    /** The help, where it applies, the accepted values, the unit and the default, as one sentence each. */
    private static String describe(Row row) {
        StringBuilder text = new StringBuilder(Objects.requireNonNullElse(row.help(), ""));
        if (row.where() != null) {
            text.append(" Applies to ").append(row.where()).append('.');
        }
        if (row.values() != null) {
            text.append(" Values: ").append(row.values()).append('.');
        }
        if (row.unit() != null) {
            text.append(" Unit: ").append(row.unit()).append('.');
        }
        if (row.required()) {
            text.append(" Required.");
        } else if (row.defaultText() != null) {
            text.append(" Default: ").append(row.defaultText()).append('.');
        }
        return text.toString().strip();
    }

    /** The default all declarations share as a JSON value, else null. */
    private static Object commonDefault(List<Row> rows) {
        Object common = null;
        for (Row row : rows) {
            Field field = row.field();
            if (!field.hasConstantDefault() || field.kind() == Field.Kind.VARIANT) {
                return null;
            }
            Object value = json(field.defaultValue());
            if (common != null && !common.equals(value)) {
                return null;
            }
            common = value;
        }
        return common;
    }

    /** A default as the JSON value the normalized scenario writes. */
    private static Object json(Object value) {
        if (value instanceof JsonEnum e) {
            return e.json();
        }
        if (value instanceof Double d && d == Math.rint(d) && Math.abs(d) < 0x1p53) {
            return d.longValue();
        }
        return value;
    }

    private static Schema<?> bounded(Schema<?> schema, NumberRange range) {
        if (range == null) {
            return schema;
        }
        if (range.min() != Double.NEGATIVE_INFINITY && !range.zeroAllowed()) {
            BigDecimal min = BigDecimal.valueOf(range.min());
            if (range.minInclusive()) {
                schema.minimum(min);
            } else {
                schema.exclusiveMinimumValue(min);
            }
        } else if (range.zeroAllowed()) {
            schema.minimum(BigDecimal.ZERO);
        }
        if (range.max() != Double.POSITIVE_INFINITY) {
            BigDecimal max = BigDecimal.valueOf(range.max());
            if (range.maxInclusive()) {
                schema.maximum(max);
            } else {
                schema.exclusiveMaximumValue(max);
            }
        }
        return schema;
    }

    private static Schema<?> integer(IntRange range) {
        IntegerSchema schema = new IntegerSchema();
        if (range == null) {
            return schema;
        }
        if (range.min() < Integer.MIN_VALUE || range.max() > Integer.MAX_VALUE) {
            schema.format("int64");
        }
        if (range.min() != Long.MIN_VALUE) {
            schema.minimum(BigDecimal.valueOf(range.min()));
        }
        if (range.max() != Long.MAX_VALUE) {
            schema.maximum(BigDecimal.valueOf(range.max()));
        }
        return schema;
    }

    private static Schema<?> string(Field field) {
        StringSchema schema = new StringSchema();
        if (field.pattern() != null) {
            schema.pattern("^" + field.pattern().pattern() + "$");
        }
        if (field.maxLength() > 0) {
            schema.maxLength(field.maxLength());
        }
        return schema;
    }
}
