package dev.fqlab.sim.scenario.schema;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * A family of records chosen by a {@code type} name (the qdiscs, the link types, the schedulers, the flow types):
 * each variant's fields are its own, and a field of another variant is reported as belonging to that one.
 */
public final class Variants<S> {

    private final String noun;
    private final String title;
    private final String summary;
    private final List<RecordSchema<? extends Record>> schemas;

    @SafeVarargs
    private Variants(String noun, String title, String summary, RecordSchema<? extends Record>... schemas) {
        this.noun = noun;
        this.title = title;
        this.summary = summary;
        this.schemas = List.of(schemas);
    }

    /** {@code noun} names one in messages ("qdisc", "flow"); {@code title} names the family in schemas. */
    @SafeVarargs
    public static <S> Variants<S> of(String noun, String title, String summary,
            RecordSchema<? extends Record>... schemas) {
        return new Variants<>(noun, title, summary, schemas);
    }

    public String noun() {
        return noun;
    }

    public String title() {
        return title;
    }

    public String summary() {
        return summary;
    }

    public List<RecordSchema<? extends Record>> schemas() {
        return schemas;
    }

    public List<String> typeNames() {
        return schemas.stream().map(RecordSchema::typeName).toList();
    }

    /** The variant named {@code type}, or null. */
    public RecordSchema<? extends Record> byType(String type) {
        return schemas.stream().filter(s -> s.typeName().equals(type)).findFirst().orElse(null);
    }

    /** The variant whose record class is {@code type}. */
    public RecordSchema<? extends Record> byClass(Class<?> type) {
        return schemas.stream().filter(s -> s.type() == type).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("no variant for " + type));
    }

    /** The JSON names of every variant's fields, each once, in the order the variants declare them. */
    public Set<String> fieldNames() {
        Set<String> names = new LinkedHashSet<>();
        for (RecordSchema<?> schema : schemas) {
            collect(schema, names);
        }
        return names;
    }

    /** The variants that have a field named {@code name}. */
    public List<String> typesWith(String name) {
        List<String> types = new ArrayList<>();
        for (RecordSchema<?> schema : schemas) {
            Set<String> names = new LinkedHashSet<>();
            collect(schema, names);
            if (names.contains(name)) {
                types.add(schema.typeName());
            }
        }
        return types;
    }

    /** A schema's JSON field names, with those of the records it holds flat. */
    static void collect(RecordSchema<?> schema, Set<String> names) {
        for (Field field : schema.fields()) {
            if (field.kind() == Field.Kind.FLAT) {
                collect(field.schema(), names);
            } else if (field.kind() != Field.Kind.FORBIDDEN) {
                names.add(field.name());
            }
        }
    }
}
