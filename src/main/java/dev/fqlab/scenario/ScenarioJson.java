package dev.fqlab.scenario;

import dev.fqlab.sim.scenario.Scenario;
import dev.fqlab.sim.scenario.schema.Field;
import dev.fqlab.sim.scenario.schema.JsonEnum;
import dev.fqlab.sim.scenario.schema.RecordSchema;
import dev.fqlab.sim.scenario.schema.Variants;
import java.util.List;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * Writes a normalized scenario back to JSON from its records' field declarations: every field with its value,
 * defaults included, in declaration order (a variant's {@code type} first). A null value is left out, except for a
 * nullable field ({@code ceThresholdMs}), whose null means "off" and is written.
 *
 * <p>The output identifies a scenario (its SHA-256 is the scenario's key), so it must be stable: keys always come
 * in the same order, and a double with a whole value below 2^53 is always written as a JSON integer ({@code 5},
 * never {@code 5.0}); other doubles use Jackson's shortest round-tripping form. Parsing the output gives back an
 * equal {@link Scenario}, and writing that gives identical JSON.
 */
public final class ScenarioJson {

    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;
    /** Above 2^53 not every whole double is exact as a long, so such values stay doubles. */
    private static final double MAX_EXACT_WHOLE = 0x1p53;

    private ScenarioJson() {
    }

    public static ObjectNode toJson(Scenario scenario) {
        return object(Scenario.SCHEMA, scenario);
    }

    /** One record by its schema (a variant with its {@code type} first). */
    static ObjectNode object(RecordSchema<?> schema, Record record) {
        ObjectNode json = NODES.objectNode();
        if (schema.typeName() != null) {
            json.put("type", schema.typeName());
        }
        fields(json, schema, record);
        return json;
    }

    private static ObjectNode variant(Variants<?> variants, Record record) {
        return object(variants.byClass(record.getClass()), record);
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    private static void fields(ObjectNode json, RecordSchema schema, Record record) {
        for (Field field : (List<Field>) schema.fields()) {
            if (field.kind() == Field.Kind.FORBIDDEN) {
                continue;
            }
            Object value = schema.get(record, field.component());
            switch (field.kind()) {
                case TYPE -> json.put(field.name(), field.variants().byClass(value.getClass()).typeName());
                case INLINE -> fields(json, field.variants().byClass(value.getClass()), (Record) value);
                case FLAT -> fields(json, field.schema(), (Record) value);
                default -> value(json, field, value);
            }
        }
    }

    private static void value(ObjectNode json, Field field, Object value) {
        if (value == null) {
            if (field.presence() == Field.Presence.NULLABLE) {
                json.putNull(field.name());
            }
            return;
        }
        String name = field.name();
        switch (field.kind()) {
            case NUMBER -> number(json, name, (Double) value);
            case INTEGER -> json.put(name, ((Number) value).longValue());
            case BOOLEAN -> json.put(name, (Boolean) value);
            case STRING -> json.put(name, (String) value);
            case ENUM -> json.put(name, ((JsonEnum) value).json());
            case OBJECT -> json.set(name, object(field.schema(), (Record) value));
            case VARIANT -> json.set(name, variant(field.variants(), (Record) value));
            case ARRAY -> {
                ArrayNode array = json.putArray(name);
                ((List<?>) value).forEach(element -> array.add(object(field.schema(), (Record) element)));
            }
            default -> throw new IllegalStateException(field.toString());
        }
    }

    /** The one representation of a double: whole values as JSON integers, others as JSON doubles. */
    private static void number(ObjectNode json, String field, double value) {
        if (value == Math.rint(value) && Math.abs(value) < MAX_EXACT_WHOLE) {
            json.put(field, (long) value);
        } else {
            json.put(field, value);
        }
    }
}
