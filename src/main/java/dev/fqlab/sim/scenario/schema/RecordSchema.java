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
            String name = component.getName();
            if (fields.stream().noneMatch(f -> f.kind() != Field.Kind.TYPE && name.equals(f.component()))) {
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

    /**
     * A builder that starts from the declared defaults: set what differs, by component name, and build. Fields whose
     * default is computed from other fields (and required ones) must be set. For tests and benchmarks that build
     * scenario records in code: a positional constructor call would break whenever a field is added.
     */
    public Builder<R> builder() {
        return new Builder<>(this);
    }

    /** A builder that starts from {@code record}'s values: a copy with what is set changed. */
    public Builder<R> builder(R record) {
        Builder<R> builder = new Builder<>(this);
        values(record).forEach(builder::set);
        return builder;
    }

    /** Builds a record from its declared defaults and the values set (see {@link #builder()}). */
    public static final class Builder<R extends Record> {
        private final RecordSchema<R> schema;
        private final Map<String, Object> values = new LinkedHashMap<>();

        private Builder(RecordSchema<R> schema) {
            this.schema = schema;
        }

        /** Sets a component (numbers may be any Java number; they are converted to the component's type). */
        public Builder<R> set(String component, Object value) {
            if (Arrays.stream(schema.components).noneMatch(c -> c.getName().equals(component))) {
                throw new IllegalArgumentException(schema.type.getSimpleName() + " has no component " + component);
            }
            values.put(component, value);
            return this;
        }

        public R build() {
            Map<String, Object> all = new LinkedHashMap<>();
            for (Field field : schema.fields) {
                if (field.kind() != Field.Kind.TYPE) {
                    all.put(field.component(), values.containsKey(field.component()) ? values.get(field.component())
                            : defaultOf(field));
                }
            }
            return schema.construct(all);
        }

        private Object defaultOf(Field field) {
            return switch (field.kind()) {
                case OBJECT, FLAT -> field.schema().builder().build();
                case VARIANT -> field.hasConstantDefault()
                        ? field.variants().byType((String) field.defaultValue()).builder().build() : missing(field);
                case FORBIDDEN -> null;
                default -> switch (field.presence()) {
                    case OPTIONAL, NULLABLE -> null;
                    case REQUIRED -> missing(field);
                    case DEFAULTED -> field.computedDefault() == null ? field.defaultValue() : missing(field);
                };
            };
        }

        private Object missing(Field field) {
            throw new IllegalStateException(schema.type.getSimpleName() + "." + field.component()
                    + " has no constant default: set it");
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

    /** Numbers as the component's type (integers are read as Long, numbers as Double). */
    private static Object convert(Object value, Class<?> target) {
        if (!(value instanceof Number number)) {
            return value;
        }
        if (target == int.class || target == Integer.class) {
            return Math.toIntExact(number.longValue());
        }
        if (target == long.class || target == Long.class) {
            return number.longValue();
        }
        return target == double.class || target == Double.class ? number.doubleValue() : value;
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
