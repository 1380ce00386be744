package dev.fqlab.sim.scenario.schema;

import java.lang.reflect.Constructor;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.RecordComponent;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The declarations of one scenario record: its fields in the order the normalized scenario writes them, the
 * cross-field rules, and (for a variant such as a qdisc type) the {@code type} name that selects it. Every record
 * component is filled by exactly one field; a component without a declaration is an error when the schema is
 * built, so no field can be forgotten.
 */
public final class RecordSchema<R extends Record> {

    private final Class<R> type;
    private final String title;
    private final String summary;
    private final List<Field> fields;
    private final String typeName;
    private final List<Rule> rules = new ArrayList<>();
    private final List<FinalRule<R>> finalRules = new ArrayList<>();
    private final Constructor<R> constructor;
    private final RecordComponent[] components;

    private RecordSchema(Class<R> type, String title, String summary, String typeName, List<Field> fields) {
        this.type = type;
        this.title = title;
        this.summary = summary;
        this.typeName = typeName;
        this.fields = List.copyOf(fields);
        this.components = type.getRecordComponents();
        this.constructor = canonicalConstructor(type, components);
        List<String> missing = undeclaredComponents();
        if (!missing.isEmpty()) {
            throw new IllegalStateException(type.getName() + ": components without a field declaration: " + missing);
        }
    }

    /** A record read from a JSON object; {@code title} names it in the OpenAPI schema and the reference. */
    public static <R extends Record> RecordSchema<R> of(Class<R> type, String title, String summary, Field... fields) {
        return new RecordSchema<>(type, title, summary, null, Arrays.asList(fields));
    }

    /** One variant of a {@link Variants} family, chosen by {@code "type": typeName}. */
    public static <R extends Record> RecordSchema<R> variant(Class<R> type, String typeName, String summary,
            Field... fields) {
        return new RecordSchema<>(type, typeName, summary, typeName, Arrays.asList(fields));
    }

    /** A rule that relates fields of this record; it runs after they are read. */
    public RecordSchema<R> rule(Rule rule) {
        rules.add(rule);
        return this;
    }

    /** A rule over the built record, run only when everything in the object is valid (a size estimate of the whole). */
    public RecordSchema<R> finalRule(FinalRule<R> rule) {
        finalRules.add(rule);
        return this;
    }

    public Class<R> type() {
        return type;
    }

    public String title() {
        return title;
    }

    public String summary() {
        return summary;
    }

    /** The variant's {@code type}, or null for a plain record. */
    public String typeName() {
        return typeName;
    }

    public List<Field> fields() {
        return fields;
    }

    public List<Rule> rules() {
        return rules;
    }

    public List<FinalRule<R>> finalRules() {
        return finalRules;
    }

    /** The components that no field fills (the schema refuses to exist with any; kept for the test). */
    public List<String> undeclaredComponents() {
        List<String> missing = new ArrayList<>();
        for (RecordComponent component : components) {
            if (fields.stream().noneMatch(f -> f.kind() != Field.Kind.TYPE && component.getName().equals(f.component()))) {
                missing.add(component.getName());
            }
        }
        return missing;
    }

    /**
     * Builds the record from its component values by name (integers as Long, numbers as Double): the canonical
     * constructor does the rest.
     */
    public R construct(Map<String, Object> values) {
        Object[] arguments = new Object[components.length];
        for (int i = 0; i < components.length; i++) {
            arguments[i] = convert(values.get(components[i].getName()), components[i].getType());
        }
        try {
            return constructor.newInstance(arguments);
        } catch (InstantiationException | IllegalAccessException | InvocationTargetException e) {
            throw new IllegalStateException("cannot build " + type.getSimpleName() + " from " + values, e);
        }
    }

    /** The value of {@code component} in {@code record}. */
    public Object get(R record, String component) {
        for (RecordComponent c : components) {
            if (c.getName().equals(component)) {
                try {
                    return c.getAccessor().invoke(record);
                } catch (IllegalAccessException | InvocationTargetException e) {
                    throw new IllegalStateException(e);
                }
            }
        }
        throw new IllegalArgumentException(type.getSimpleName() + " has no component " + component);
    }

    /** The values of every component, by name, in declaration order. */
    public Map<String, Object> values(R record) {
        Map<String, Object> values = new LinkedHashMap<>();
        for (RecordComponent c : components) {
            values.put(c.getName(), get(record, c.getName()));
        }
        return values;
    }

    private static Object convert(Object value, Class<?> target) {
        if (value instanceof Long l && (target == int.class || target == Integer.class)) {
            return Math.toIntExact(l);
        }
        return value;
    }

    private static <R> Constructor<R> canonicalConstructor(Class<R> type, RecordComponent[] components) {
        Class<?>[] types = Arrays.stream(components).map(RecordComponent::getType).toArray(Class<?>[]::new);
        try {
            return type.getDeclaredConstructor(types);
        } catch (NoSuchMethodException e) {
            throw new IllegalStateException(type.getName() + " has no canonical constructor", e);
        }
    }

    /** A rule over a valid record as a whole; reports go to its fields as for a {@link Rule}. */
    @FunctionalInterface
    public interface FinalRule<R> {
        void apply(R record, Report report);
    }

    @Override
    public String toString() {
        return "RecordSchema[" + type.getSimpleName() + "]";
    }
}
